import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFlash, redirectWithFlash, safeRedirectPath } from "./flash.server";
import { FLASH_SEEN_COOKIE } from "./flash-seen";

describe("safeRedirectPath", () => {
  it("keeps our own paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/create-rfq?product=abc#top")).toBe("/create-rfq?product=abc#top");
  });

  it("never leads to another site, however the path is disguised", () => {
    for (const attack of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example/../",
      "\\\\evil.example",
      "/.//evil.example/login",
      "/x/..//evil.example",
      "/%2e//evil.example",
      "/./\\evil.example",
      "/a/../..//evil.example?x=1#y",
      "javascript:alert(1)",
      " /evil",
      "",
      null,
      undefined,
    ]) {
      const target = safeRedirectPath(attack, "/home");
      expect(new URL(target, "https://setu.example").origin, String(attack)).toBe("https://setu.example");
      expect(target).not.toMatch(/[\t\n\\]/);
    }
    expect(safeRedirectPath("/\t/evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/\n/evil.example", "/home")).toBe("/home");
    // checked after normalisation: the path a browser would be sent to never starts with two slashes
    expect(safeRedirectPath("/.//evil.example/login", "/home")).toBe("/home");
    expect(safeRedirectPath("/x/..//evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/%2e//evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/x/../dashboard", "/home")).toBe("/dashboard");
  });
});

describe("safeRedirectPath, whatever it is given", () => {
  it("returns a path on our own site that a browser cannot read as another host", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      ".",
      "..",
      "%2e",
      "%2f",
      "\\",
      "evil.example",
      "x",
      "?",
      "#",
      "@",
      ":",
      "%09",
      "%5c",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join("")}`),
        (to) => {
          const target = safeRedirectPath(to);
          expect(target.startsWith("/")).toBe(true);
          expect(target.startsWith("//") || target.startsWith("/\\")).toBe(false);
          expect(new URL(target, "https://setu.example").origin).toBe("https://setu.example");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("flash notices", () => {
  const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

  it("carries a notice across the redirect and clears it once read, keeping the other cookies", async () => {
    const extra = new Headers({ "Set-Cookie": "session=abc; Path=/", "X-Other": "1" });
    const response = await redirectWithFlash("/dashboard", { type: "success", message: "Saved" }, extra);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(response.headers.get("x-other")).toBe("1");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe("session=abc; Path=/");
    expect(cookies[1]).toMatch(/^setu_flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const { flash, clear } = await readFlash(requestWith(`other=1; ${cookies[1]!.split(";")[0]}`));
    expect(flash).toEqual({ type: "success", message: "Saved", id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(clear).toMatch(/^setu_flash=; Max-Age=0;/);
  });

  it("leaves the notice in place for the page's own JavaScript, which shows each notice once by its id", async () => {
    const first = (await redirectWithFlash("/orders", { type: "success", message: "Paid" })).headers.getSetCookie()[0]!;
    const second = (
      await redirectWithFlash("/orders", { type: "success", message: "Paid" })
    ).headers.getSetCookie()[0]!;
    const cookie = first.split(";")[0]!;
    // React Router's load after the redirect (fetch: Sec-Fetch-Dest empty) may be aborted by a re-read after the server
    // answered it: the notice must still be there for the load that replaces it
    const script = (dest: string) =>
      new Request("http://localhost/orders.data", { headers: { cookie, "sec-fetch-dest": dest } });
    const aborted = await readFlash(script("empty"));
    const replacing = await readFlash(script("empty"));
    expect(aborted.clear).toBeNull();
    expect(replacing.flash).toEqual(aborted.flash);
    expect(replacing.flash?.message).toBe("Paid");
    // a document clears it as it reads it (a page loaded whole, without JavaScript too)
    expect((await readFlash(script("document"))).clear).toMatch(/^setu_flash=; Max-Age=0;/);
    // two notices of the same words are two notices
    const other = await readFlash(requestWith(second.split(";")[0]!));
    expect(other.flash?.id).not.toBe(aborted.flash?.id);
  });

  it("clears a notice the page has shown (its seen cookie names it), on the page's own loads and on whole pages", async () => {
    const cookie = (await redirectWithFlash("/products", { type: "success", message: "Created" })).headers
      .getSetCookie()[0]!
      .split(";")[0]!;
    const { flash } = await readFlash(requestWith(cookie));
    for (const dest of ["empty", "document"]) {
      const request = new Request("http://localhost/products", {
        headers: { cookie: `${cookie}; ${FLASH_SEEN_COOKIE}=${flash!.id}`, "sec-fetch-dest": dest },
      });
      const read = await readFlash(request);
      expect(read.flash).toBeNull();
      expect(read.clear).toMatch(/^setu_flash=; Max-Age=0;/);
    }
    // another notice's seen cookie hides nothing
    const other = new Request("http://localhost/products", {
      headers: {
        cookie: `${cookie}; ${FLASH_SEEN_COOKIE}=00000000-0000-0000-0000-000000000000`,
        "sec-fetch-dest": "empty",
      },
    });
    expect((await readFlash(other)).flash?.message).toBe("Created");
  });

  it("never redirects away from the site, and ignores a missing or tampered notice", async () => {
    expect((await redirectWithFlash("//evil.example", { type: "info", message: "x" })).headers.get("location")).toBe(
      "/",
    );
    expect(await readFlash(requestWith("other=1"))).toEqual({ flash: null, clear: null });
    for (const value of [
      "%%%",
      "bm90IGpzb24",
      Buffer.from(JSON.stringify({ type: "alert", message: "x" })).toString("base64"),
      // an older notice without an id
      Buffer.from(JSON.stringify({ type: "info", message: "x" })).toString("base64"),
    ]) {
      const read = await readFlash(requestWith(`setu_flash=${value}`));
      expect(read.flash).toBeNull();
      expect(read.clear).toMatch(/^setu_flash=;/);
    }
  });

  it("shortens a long notice", async () => {
    const response = await redirectWithFlash("/", { type: "error", message: "x".repeat(1000) });
    const { flash } = await readFlash(requestWith(response.headers.getSetCookie()[0]!.split(";")[0]!));
    expect(flash?.message).toHaveLength(300);
  });
});
