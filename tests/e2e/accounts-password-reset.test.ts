import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer } from "../support/app-server";
import { HttpClient, sessionCookieName } from "../support/http-client";
import { startSmtpInbox, unfoldQuotedPrintable, type SmtpInbox } from "../support/smtp-inbox";
import { startTestServer } from "./support/test-server";
import { sameApartFromNonces, signUp } from "./support/sign-up-over-http";

describe("password reset through a local SMTP server", () => {
  let server: AppServer;
  let inbox: SmtpInbox;
  const resetLink = (raw: string) =>
    /(http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(unfoldQuotedPrintable(raw))?.[1];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ env: { DEMO_DATA: "off", SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("answers a sign-up with a registered address as a new one without e-mail verification: the same redirect and notice, no session; mails the owner (issue 38)", async () => {
    const { email } = await signUp(new HttpClient(server.url));
    const attackerPassword = { password: "Hijack-Attempt-77", confirmPassword: "Hijack-Attempt-77" };
    const fresh = await signUp(new HttpClient(server.url), attackerPassword);
    const attacker = new HttpClient(server.url);
    const duplicate = await signUp(attacker, { email, ...attackerPassword });
    expect(duplicate.response.status).toBe(302);
    expect(duplicate.response.status).toBe(fresh.response.status);
    expect(duplicate.response.headers.get("location")).toBe(fresh.response.headers.get("location"));
    expect(sameApartFromNonces(await duplicate.response.text(), email)).toBe(
      sameApartFromNonces(await fresh.response.text(), fresh.email),
    );
    // the same notice ("Account created successfully!"), in the same flash cookie; only the session is missing. Each
    // notice has a random id of its own (the page shows a notice once by it): the same shape in both, never the same
    const cookies = (r: Response) =>
      r.headers
        .getSetCookie()
        .filter((c) => !c.includes("setu.session_"))
        .map((c) => {
          const [pair, ...attributes] = c.split(";");
          const [name, value] = pair!.split("=") as [string, string];
          if (name !== "setu_flash") return c;
          const { id, ...notice } = JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as {
            id: string;
          };
          return { notice, id: /^[0-9a-f-]{36}$/.test(id), attributes };
        });
    expect(cookies(duplicate.response)).toEqual(cookies(fresh.response));
    expect(sessionCookieName(attacker)).toBeUndefined();
    expect(await (await attacker.get("/dashboard")).text()).toContain("Access Denied");

    const notice = unfoldQuotedPrintable(
      await inbox.waitFor((m) => m.includes(email) && unfoldQuotedPrintable(m).includes("Someone just tried")),
    );
    expect(notice).toContain(`${server.url}/auth/forgot-password`);
    const signIn = (password: string) =>
      new HttpClient(server.url).post("/auth", { intent: "signin", email, password });
    expect((await signIn("Wholesale-Route-42")).status).toBe(302);
    expect((await signIn(attackerPassword.password)).status).toBe(401);
  });

  it("mails a single-use link that sets a new password, ends every old session, and answers the same for unknown addresses", async () => {
    const laptop = new HttpClient(server.url);
    const { email } = await signUp(laptop);
    expect(await (await laptop.get("/dashboard")).text()).toContain("Welcome to Setu, Dana Whitfield!");

    const signInPage = await (await new HttpClient(server.url).get("/auth")).text();
    expect(signInPage).toContain('href="/auth/forgot-password"');

    const asked = await new HttpClient(server.url).post("/auth/forgot-password", { email: email.toUpperCase() });
    expect(asked.status).toBe(200);
    const answer = await asked.text();
    expect(answer).toContain("If an account exists for that e-mail, we have sent a link");
    const unknown = await new HttpClient(server.url).post("/auth/forgot-password", {
      email: "nobody-here@example.test",
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("If an account exists for that e-mail, we have sent a link");

    const link = resetLink(await inbox.waitFor((m) => m.includes(email) && m.includes("Reset your Setu password")));
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get("token")!;
    const page = await (await new HttpClient(server.url).get(new URL(link!).pathname + new URL(link!).search)).text();
    expect(page).toContain("Choose a new password");

    // the new password is checked as at sign-up, and a refused post spends nothing
    const browser = new HttpClient(server.url);
    const common = await browser.post("/auth/reset-password", {
      token,
      password: "password123",
      confirmPassword: "password123",
    });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("This password is too common");
    const mismatch = await browser.post("/auth/reset-password", {
      token,
      password: "Harbour-Lights-58",
      confirmPassword: "Harbour-Lights-59",
    });
    expect(await mismatch.text()).toContain("Passwords do not match");

    const done = await browser.post("/auth/reset-password", {
      token,
      password: "Harbour-Lights-58",
      confirmPassword: "Harbour-Lights-58",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth?tab=signin");

    // the old session is gone, the old password no longer works, the new one does
    expect(await (await laptop.get("/dashboard")).text()).toContain("Access Denied");
    expect(
      (await new HttpClient(server.url).post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" }))
        .status,
    ).toBe(401);
    expect(
      (await new HttpClient(server.url).post("/auth", { intent: "signin", email, password: "Harbour-Lights-58" }))
        .status,
    ).toBe(302);

    // the link works once
    const replay = await new HttpClient(server.url).post("/auth/reset-password", {
      token,
      password: "Another-Route-91",
      confirmPassword: "Another-Route-91",
    });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("This reset link is invalid or has expired");
    expect(
      (await new HttpClient(server.url).post("/auth", { intent: "signin", email, password: "Another-Route-91" }))
        .status,
    ).toBe(401);
  });

  it("refuses a made-up token and hostile input with a message, never a 500", async () => {
    for (const token of ["", "x".repeat(5000), "' or 1=1 --", "../../etc/passwd", "%00"]) {
      const response = await new HttpClient(server.url).post("/auth/reset-password", {
        token,
        password: "Harbour-Lights-58",
        confirmPassword: "Harbour-Lights-58",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/This reset link is (invalid or has expired|incomplete)/);
    }
    const bad = await new HttpClient(server.url).post("/auth/forgot-password", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
  });

  it("limits reset requests for one address, so the form cannot flood an inbox", async () => {
    const { email } = await signUp(new HttpClient(server.url));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await new HttpClient(server.url).post("/auth/forgot-password", { email })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(await inbox.waitForCount((m) => m.includes(email) && m.includes("Reset your Setu password"), 5)).toBe(5);
  });
});
