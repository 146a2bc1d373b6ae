import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_PASSWORD } from "../../seed/demo.server";
import { HttpClient, renderedHtml, sessionCookieName } from "../support/http-client";
import { baseUrl, ownDemoServer, startTestServer } from "./support/test-server";
import { signUp, uniqueEmail } from "./support/sign-up-over-http";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

describe("accounts on the shared server", () => {
  it("signs up with a profile in one step and opens an HttpOnly, SameSite=Lax session, not Secure on a plain-http site", async () => {
    const client = new HttpClient(baseUrl());
    const { response } = await signUp(client, { userType: "seller", companyName: "Rao Handloom Exports" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookie = response.headers.getSetCookie().find((c) => c.includes("setu.session_token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // this server's PUBLIC_URL is http: a Secure cookie would be dropped by a browser reaching it over http
    expect(cookie).not.toMatch(/Secure/i);
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain("Quotes Submitted");
    expect(dashboard).toContain("Rao Handloom Exports");
    expect(dashboard).toContain("Pending Verification");
  });

  it("refuses bad sign-ups with the spec's messages and writes nothing", async () => {
    const client = new HttpClient(baseUrl());
    const mismatch = await signUp(client, { confirmPassword: "something-else-9" });
    expect(mismatch.response.status).toBe(400);
    expect(await mismatch.response.text()).toContain("Passwords do not match");
    const short = await signUp(client, { password: "abc", confirmPassword: "abc" });
    expect(await short.response.text()).toContain("Password must be at least 6 characters long");
    const common = await signUp(client, { password: "password123", confirmPassword: "password123" });
    expect(await common.response.text()).toContain("This password is too common");
    // none of those created an account: signing up with the first e-mail now works
    const again = await signUp(new HttpClient(baseUrl()), { email: mismatch.email });
    expect(again.response.status).toBe(302);
    // a registered address is answered as a new one (issue 38: the form must not tell who is a user), without a session
    const attacker = new HttpClient(baseUrl());
    const duplicate = await signUp(attacker, { email: mismatch.email.toUpperCase() });
    expect(duplicate.response.status).toBe(again.response.status);
    expect(duplicate.response.headers.get("location")).toBe(again.response.headers.get("location"));
    expect(await duplicate.response.text()).not.toContain("already exists");
    expect(sessionCookieName(attacker)).toBeUndefined();
  });

  it("signs in with a new session id each time, and refuses a wrong password", async () => {
    const { email } = await signUp(new HttpClient(baseUrl()));
    const wrong = await new HttpClient(baseUrl()).post("/auth", {
      intent: "signin",
      email,
      password: "not-the-password",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");
    const first = new HttpClient(baseUrl());
    const second = new HttpClient(baseUrl());
    expect((await first.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" })).status).toBe(302);
    expect((await second.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" })).status).toBe(302);
    const name = sessionCookieName(first)!;
    expect(first.cookies.get(name)).not.toBe(second.cookies.get(name));
  });

  it("ends the session on the server at sign-out: the old cookie no longer works", async () => {
    const client = new HttpClient(baseUrl());
    await signUp(client);
    const stolen = new HttpClient(baseUrl());
    stolen.cookies = new Map(client.cookies);
    expect(await (await stolen.get("/dashboard")).text()).toContain("Welcome to Setu, Dana Whitfield!");
    const signOut = await client.post("/auth/sign-out", {});
    expect(signOut.status).toBe(302);
    expect(await (await stolen.get("/dashboard")).text()).toContain("Access Denied");
    // a GET never signs out
    const other = new HttpClient(baseUrl());
    await signUp(other);
    await other.get("/auth/sign-out");
    expect(await (await other.get("/dashboard")).text()).toContain("Welcome to Setu, Dana Whitfield!");
  });

  it("ends the user's other sessions when the password changes", async () => {
    const laptop = new HttpClient(baseUrl());
    const { email } = await signUp(laptop);
    const phone = new HttpClient(baseUrl());
    await phone.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" });
    expect(await (await phone.get("/dashboard")).text()).toContain("Welcome to Setu, Dana Whitfield!");
    const change = await laptop.post("/profile", {
      intent: "password",
      currentPassword: "Wholesale-Route-42",
      newPassword: "Cargo-Manifest-77",
      confirmPassword: "Cargo-Manifest-77",
    });
    expect(change.status).toBe(302);
    expect(await (await phone.get("/dashboard")).text()).toContain("Access Denied");
    expect(await (await laptop.get("/dashboard")).text()).toContain("Welcome to Setu, Dana Whitfield!");
    const relogin = await new HttpClient(baseUrl()).post("/auth", {
      intent: "signin",
      email,
      password: "Cargo-Manifest-77",
    });
    expect(relogin.status).toBe(302);
  });

  it("lets an administrator verify or reject pending profiles, and is a 404 for everyone else", async () => {
    const seller = new HttpClient(baseUrl());
    await signUp(seller, { userType: "seller", companyName: "Jaipur Block Prints" });
    const rejectedSeller = new HttpClient(baseUrl());
    await signUp(rejectedSeller, { userType: "seller", companyName: "Shady Traders" });

    expect((await new HttpClient(baseUrl()).get("/admin/verifications")).status).toBe(404);
    expect((await seller.get("/admin/verifications")).status).toBe(404);
    expect(
      (
        await seller.post("/admin/verifications", {
          profileId: "00000000-0000-0000-0000-000000000000",
          decision: "verified",
        })
      ).status,
    ).toBe(404);

    const admin = new HttpClient(baseUrl());
    expect(
      (await admin.post("/auth", { intent: "signin", email: DEMO_ADMIN.email, password: DEMO_PASSWORD })).status,
    ).toBe(302);
    // an administrator lands on the admin dashboard, with what waits for review, not on a buyer's
    const home = renderedHtml(await (await admin.get("/dashboard")).text());
    expect(home).toContain("Administration");
    expect(home).toContain("Pending verifications");
    expect(home).toContain('href="/admin/verifications"');
    expect(home).not.toContain("Buyer dashboard");
    // the public board's open RFQs, and beside them the direct inquiries (the demo has one), not among them
    expect(home).toContain("Public: any supplier may quote");
    expect(home).toMatch(/Open direct inquiries<\/p>(?:(?!<\/p>)[\s\S])*>[1-9]\d*<\/p>/);
    const page = await (await admin.get("/admin/verifications")).text();
    expect(page).toContain("Jaipur Block Prints");
    // the profile id of the verify form just before that company's "Verify" button
    const profileId = (name: string) => {
      const before = page.slice(0, page.indexOf(`Verify ${name}`));
      return [...before.matchAll(/name="profileId" value="([0-9a-f-]{36})"/g)].pop()?.[1];
    };
    const jaipur = profileId("Jaipur Block Prints")!;
    const shady = profileId("Shady Traders")!;
    expect((await admin.post("/admin/verifications", { profileId: jaipur, decision: "verified" })).status).toBe(302);
    const noReason = await admin.post("/admin/verifications", { profileId: shady, decision: "rejected", reason: "" });
    expect(noReason.status).toBe(400);
    expect(
      (
        await admin.post("/admin/verifications", {
          profileId: shady,
          decision: "rejected",
          reason: "Export licence could not be confirmed",
        })
      ).status,
    ).toBe(302);

    const sellerDashboard = renderedHtml(await (await seller.get("/dashboard")).text());
    expect(sellerDashboard).toContain("Verified");
    expect(sellerDashboard).not.toContain("Pending Verification");
    const rejectedDashboard = await (await rejectedSeller.get("/dashboard")).text();
    expect(rejectedDashboard).toContain("Export licence could not be confirmed");
  });

  it("lets a user edit their own profile, with server-side validation", async () => {
    const client = new HttpClient(baseUrl());
    await signUp(client);
    const bad = await client.post("/profile", { intent: "profile", fullName: "", companyName: "X", phone: "call me" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter your full name");
    const ok = await client.post("/profile", {
      intent: "profile",
      fullName: "Dana W. Whitfield",
      companyName: "Whitfield Wholesale",
      phone: "+1 (212) 555-0101",
    });
    expect(ok.status).toBe(302);
    const page = await (await client.get("/profile")).text();
    expect(page).toContain("Whitfield Wholesale");
    expect(page).toContain("+1 (212) 555-0101");
    expect(
      (await new HttpClient(baseUrl()).post("/profile", { intent: "profile", fullName: "X", companyName: "Y" })).status,
    ).toBe(401);
  });

  it("sends a signed-in user from /auth to the dashboard, and never redirects off-site", async () => {
    const client = new HttpClient(baseUrl());
    await signUp(client);
    const response = await client.get("/auth?redirectTo=//evil.example/x");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    // browsers drop tabs and line breaks, so "/\t/evil.example" would lead off-site; "%0A" must not be a 500
    // and the path after normalisation is checked: "/.//evil.example" is sent as "//evil.example"
    for (const disguised of [
      "%2F%09%2Fevil.example",
      "%2F%0A%2Fevil.example",
      "%2F%5Cevil.example",
      "/.//evil.example/login",
      "/x/..//evil.example",
      "/%252e//evil.example",
    ]) {
      const attempt = await client.get(`/auth?redirectTo=${disguised}`);
      expect(attempt.status, disguised).toBe(302);
      expect(attempt.headers.get("location"), disguised).toBe("/dashboard");
    }
    const { email } = await signUp(new HttpClient(baseUrl()));
    const signIn = await new HttpClient(baseUrl()).post("/auth", {
      intent: "signin",
      email,
      password: "Wholesale-Route-42",
      redirectTo: "/\t/evil.example",
    });
    expect(signIn.status).toBe(302);
    expect(new URL(signIn.headers.get("location")!, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
  });

  it("keeps better-auth's own sign-up and sign-in endpoints closed, so our checks cannot be skipped", async () => {
    const email = uniqueEmail("direct");
    const json = (body: unknown) => ({
      method: "POST",
      body: JSON.stringify(body),
      headers: { origin: baseUrl(), "content-type": "application/json" },
    });
    const client = new HttpClient(baseUrl());
    const signUpDirect = await client.request(
      "/api/auth/sign-up/email",
      json({ email, password: "password", name: "Direct" }),
    );
    expect(signUpDirect.status).toBe(404);
    expect(sessionCookieName(client)).toBeUndefined();
    // no account was created: the normal sign-up with that e-mail works
    expect((await signUp(new HttpClient(baseUrl()), { email })).response.status).toBe(302);
    const signInDirect = await client.request(
      "/api/auth/sign-in/email",
      json({ email, password: "Wholesale-Route-42" }),
    );
    expect(signInDirect.status).toBe(404);
    for (const path of ["/api/auth/change-password", "/api/auth/update-user", "/api/auth/list-sessions"]) {
      expect((await client.request(path, json({}))).status, path).toBe(404);
    }
  });
  it("shows no Google button when Google is not configured", async () => {
    const html = renderedHtml(await (await fetch(`${baseUrl()}/auth`)).text());
    expect(html).not.toContain("Google");
    expect(html).toContain("Sign In");
  });
});

describe("a site served over https", () => {
  it("marks the session cookie Secure when PUBLIC_URL is https", async () => {
    const server = await startTestServer({ env: { DEMO_DATA: "off", PUBLIC_URL: "https://setu.example" } });
    try {
      const { response } = await signUp(new HttpClient(server.url));
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((c) => c.includes("setu.session_token"))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      // and tells browsers to come back over https only
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      // the flash notice that rides the redirect is Secure too
      const flash = response.headers.getSetCookie().find((c) => c.startsWith("setu_flash="))!;
      expect(flash).toMatch(/; Secure/i);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});

describe("npm run admin:create", () => {
  // two servers and two tsx processes one after another: slow on shared cores
  it("grants the administrator role to an existing account", async () => {
    const server = await startTestServer({ env: { DEMO_DATA: "off" } });
    const email = uniqueEmail("ops");
    await signUp(new HttpClient(server.url), { email });
    await server.stop();
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin-create.ts", ...args], {
        env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
    const missing = run(["nobody@example.test"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No account with the e-mail");
    const granted = run([email]);
    expect(granted.stdout).toContain("is now an administrator");
    const again = await startTestServer({ dataDir: server.dataDir, env: { DEMO_DATA: "off" } });
    try {
      const admin = new HttpClient(again.url);
      await admin.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" });
      expect((await admin.get("/admin/verifications")).status).toBe(200);
    } finally {
      await again.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
