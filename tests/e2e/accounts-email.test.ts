import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type AppServer } from "../support/app-server";
import { HttpClient, sessionCookieName } from "../support/http-client";
import { startSmtpInbox, unfoldQuotedPrintable, type SmtpInbox } from "../support/smtp-inbox";
import { startTestServer } from "./support/test-server";
import { sameApartFromNonces, signUp, uniqueEmail } from "./support/sign-up-over-http";

describe("e-mail confirmation through a local SMTP server", () => {
  let server: AppServer;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({
      env: { DEMO_DATA: "off", AUTH_REQUIRE_EMAIL_VERIFICATION: "true", SMTP_URL: inbox.url },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("asks to confirm, refuses sign-in until then, and the mailed link signs in and lands on /dashboard", async () => {
    const client = new HttpClient(server.url);
    const { email, response } = await signUp(client);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Please check your email for the confirmation link");

    const early = await client.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" });
    expect(await early.text()).toContain("Please check your email and click the confirmation link");

    const message = unfoldQuotedPrintable(await inbox.waitFor((m) => m.includes(email)));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"]+)/.exec(message)?.[1];
    expect(link).toBeTruthy();

    const { response: landed, url } = await client.follow(link!);
    expect(new URL(url).pathname).toBe("/dashboard");
    expect(await landed.text()).toContain("Welcome to Setu, Dana Whitfield!");
  });

  it("answers a sign-up with a registered address exactly as a new one, mails the owner, and changes nothing (issue 38)", async () => {
    const owner = new HttpClient(server.url);
    const { email } = await signUp(owner);
    const confirmation = unfoldQuotedPrintable(await inbox.waitFor((m) => m.includes(email)));
    await owner.follow(/(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"]+)/.exec(confirmation)![1]!);

    const attackerPassword = { password: "Hijack-Attempt-77", confirmPassword: "Hijack-Attempt-77" };
    const fresh = await signUp(new HttpClient(server.url), attackerPassword);
    const attacker = new HttpClient(server.url);
    const duplicate = await signUp(attacker, { email, ...attackerPassword });
    expect(duplicate.response.status).toBe(200);
    expect(duplicate.response.status).toBe(fresh.response.status);
    const cookieNames = (r: Response) => r.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(cookieNames(duplicate.response)).toEqual(cookieNames(fresh.response));
    expect(sameApartFromNonces(await duplicate.response.text(), email)).toBe(
      sameApartFromNonces(await fresh.response.text(), fresh.email),
    );
    expect(sessionCookieName(attacker)).toBeUndefined();

    const notice = unfoldQuotedPrintable(
      await inbox.waitFor((m) => m.includes(email) && unfoldQuotedPrintable(m).includes("Someone just tried")),
    );
    expect(notice).toContain("nothing was changed");
    expect(notice).toContain(`${server.url}/auth?tab=signin`);
    expect(notice).toContain(`${server.url}/auth/forgot-password`);
    // the owner's password still signs in; the one the attacker chose does not
    const signIn = (password: string) =>
      new HttpClient(server.url).post("/auth", { intent: "signin", email, password });
    expect((await signIn("Wholesale-Route-42")).status).toBe(302);
    expect((await signIn(attackerPassword.password)).status).toBe(401);
  });

  it("mails a fresh link when the owner signs in before confirming, so a lost link never locks them out", async () => {
    const { email } = await signUp(new HttpClient(server.url));
    const toThem = (m: string) => m.includes(email);
    expect(await inbox.waitForCount(toThem, 1)).toBe(1);
    // a wrong password sends nothing
    await new HttpClient(server.url).post("/auth", { intent: "signin", email, password: "not-the-password" });
    const again = await new HttpClient(server.url).post("/auth", {
      intent: "signin",
      email,
      password: "Wholesale-Route-42",
    });
    expect(await again.text()).toContain("Please check your email and click the confirmation link");
    expect(await inbox.waitForCount(toThem, 2)).toBe(2);
  });
});

describe("e-mail confirmation by default, through the development outbox (decision record 0052)", () => {
  let server: AppServer;

  beforeAll(async () => {
    // the setting left unset, and no SMTP server: mail goes to DATA_DIR/outbox, which counts as delivered
    server = await startTestServer({
      env: { DEMO_DATA: "off", AUTH_REQUIRE_EMAIL_VERIFICATION: undefined, SMTP_URL: undefined },
    });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const outboxTo = (email: string) => {
    const dir = path.join(server.dataDir, "outbox");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.includes(email))
      .map((file) => unfoldQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")));
  };

  it("asks a new account to confirm on a page of its own, resends on request, and the outbox's link signs in", async () => {
    const client = new HttpClient(server.url);
    const { email, response } = await signUp(client, { userType: "seller", companyName: "Moradabad Brassware" });
    expect(response.status).toBe(200);
    expect(sessionCookieName(client)).toBeUndefined();
    const page = await response.text();
    expect(page).toContain("Confirm your e-mail address");
    expect(page).toContain(email);
    expect(page).toContain("Resend the confirmation link");
    await expect.poll(() => outboxTo(email).length, { timeout: 20_000 }).toBe(1);

    const resent = await client.post("/auth", { intent: "resend-confirmation", email });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain("a new confirmation link is on its way");
    await expect.poll(() => outboxTo(email).length, { timeout: 20_000 }).toBe(2);
    // an address with no account gets the same answer, and nothing is written
    const nobody = uniqueEmail("nobody");
    const unknown = await client.post("/auth", { intent: "resend-confirmation", email: nobody });
    expect(sameApartFromNonces(await unknown.text(), nobody)).toBe(
      sameApartFromNonces(await (await client.post("/auth", { intent: "resend-confirmation", email })).text(), email),
    );

    // signing in before confirming comes back to the same page
    const early = await client.post("/auth", { intent: "signin", email, password: "Wholesale-Route-42" });
    expect(early.status).toBe(403);
    expect(await early.text()).toContain("Confirm your e-mail address");

    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"]+)/.exec(outboxTo(email).at(-1)!)?.[1];
    expect(link).toBeTruthy();
    const { response: landed, url } = await client.follow(link!);
    expect(new URL(url).pathname).toBe("/dashboard");
    expect(await landed.text()).toContain("Moradabad Brassware");
    expect(outboxTo(nobody)).toEqual([]);
  });
});

describe("sign-up while the SMTP server is down", () => {
  let server: AppServer;
  let inbox: SmtpInbox | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    // the server is told an SMTP address where nothing listens yet
    smtpPort = await freePort();
    server = await startTestServer({
      env: {
        DEMO_DATA: "off",
        AUTH_REQUIRE_EMAIL_VERIFICATION: "true",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        JOB_RETRY_DELAY_SECONDS: "1",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("acknowledges the sign-up, and the queued confirmation is retried until the SMTP server is back and takes it", async () => {
    const client = new HttpClient(server.url);
    const { email, response } = await signUp(client);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Please check your email for the confirmation link");

    // the e-mail job has failed against the absent server and is waiting to be retried
    await expect
      .poll(() => /job failed; it will be retried/.test(server.output()) && /"queue":"email"/.test(server.output()), {
        timeout: 20_000,
      })
      .toBe(true);
    inbox = await startSmtpInbox(smtpPort);
    const message = unfoldQuotedPrintable(await inbox.waitFor((m) => m.includes(email), 30_000));
    expect(message).toContain("Subject: Confirm your e-mail address for Setu");
    expect(message).toContain("Hello Dana Whitfield,");
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"]+)/.exec(message)?.[1];
    expect(link).toBeTruthy();
    const { url } = await client.follow(link!);
    expect(new URL(url).pathname).toBe("/dashboard");
  }, 90_000);
});
