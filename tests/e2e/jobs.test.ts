import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";
import { postRfq } from "../support/rfq-post";
import { HttpClient } from "../support/http-client";
import type { TestPostgresDatabase } from "./support/templates";
import { migratedPostgresDatabase, startTestServer } from "./support/test-server";

const PASSWORD = "Wholesale-Route-42";

async function signedUp(url: string, userType: "buyer" | "seller") {
  const client = new HttpClient(url);
  const email = `jobs-${userType}-${crypto.randomUUID()}@example.test`;
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Jobs Test",
    companyName: `Jobs ${userType} Co`,
    email,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return { client, email };
}

async function signedIn(url: string, email: string) {
  const client = new HttpClient(url);
  expect((await client.post("/auth", { intent: "signin", email, password: PASSWORD })).status).toBe(302);
  return client;
}

/** The engines the app server runs on here: PGlite always, PostgreSQL when DATABASE_URL is set. */
const ENGINES = process.env.DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(ENGINES)("e-mail through the job queue survives a crash (%s)", (engine) => {
  let smtp: SmtpInbox;
  let databaseUrl: string | undefined;
  let database: TestPostgresDatabase | undefined;
  const servers: AppServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    if (engine === "postgres") {
      database = await migratedPostgresDatabase("setu_jobs");
      databaseUrl = database.url;
    }
  });

  afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await smtp?.close();
    await database?.drop();
  });

  it("a quote acknowledged just before the server is killed still e-mails the buyer after the restart, once, with an unsubscribe header", async () => {
    const env = {
      DEMO_DATA: "off",
      SMTP_URL: smtp.url,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    };
    // this instance runs no jobs: the e-mail can only be sent by the instance started after the crash
    const first = await startTestServer({ env: { ...env, JOB_WORKERS: "off" } });
    servers.push(first);
    const buyer = await signedUp(first.url, "buyer");
    const seller = await signedUp(first.url, "seller");
    const title = `Crash-proof RFQ ${crypto.randomUUID().slice(0, 8)}`;
    const rfqId = await postRfq(buyer.client, title, "Quotes must reach me.");
    const quoted = await seller.client.post(`/rfqs/${rfqId}`, {
      intent: "quote",
      price: "2450",
      quantity: "100",
      deliveryTimeline: "30 days",
      terms: "FOB Chennai",
    });
    expect(quoted.status).toBe(302);
    first.process.kill("SIGKILL");
    await first.stop();
    expect(smtp.messages.filter((m) => m.includes(buyer.email))).toEqual([]);

    const second = await startTestServer({ dataDir: first.dataDir, env });
    servers.push(second);
    await smtp.waitForCount((m) => m.includes(buyer.email), 1, 30_000);
    const mails = smtp.messages.filter((m) => m.includes(buyer.email));
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!);
    expect(mail.subject).toBe(`New quote on "${title}"`);
    expect(mail.text).toContain(`/rfqs/${rfqId}`);
    // mailparser reads the List-* headers into one "list" entry
    const list = mail.headers.get("list") as
      { unsubscribe?: { url?: string }; "unsubscribe-post"?: { name?: string } } | undefined;
    const listUnsubscribe = list?.unsubscribe;
    expect(listUnsubscribe?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?u=/);
    expect(list?.["unsubscribe-post"]?.name).toBe("List-Unsubscribe=One-Click");

    // the bell counts the notice, and the one-click unsubscribe (a POST with no Origin, as mail clients send) turns that kind off
    const buyerAgain = await signedIn(second.url, buyer.email);
    const page = await (await buyerAgain.get("/notifications")).text();
    expect(page).toContain(`New quote on &quot;${title}&quot;`);
    expect(page).toContain("Notifications, 1 unread");
    const unsubscribe = listUnsubscribe!.url!.replace(/^http:\/\/127\.0\.0\.1:\d+/, second.url);
    const shown = await fetch(unsubscribe);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Stop these e-mails?");
    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    const forged = await fetch(unsubscribe.replace(/t=[^&]+/, "t=forged"), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(404);
    // another quote: a notice, but no e-mail now. The preference is read in the quote's own transaction, so no
    // e-mail job exists for it; a quote sent after it to a buyer still subscribed is e-mailed through the same
    // queue, and once that e-mail has arrived the unsubscribed one has had every chance to arrive and has not
    const other = await signedUp(second.url, "seller");
    const subscribed = await signedUp(second.url, "buyer");
    const laterTitle = `Subscribed RFQ ${crypto.randomUUID().slice(0, 8)}`;
    const laterRfqId = await postRfq(subscribed.client, laterTitle, "Quotes must reach me too.");
    const unsubscribedAt = new Date();
    for (const [id, price] of [
      [rfqId, "2300"],
      [laterRfqId, "2350"],
    ] as const) {
      const quote = await other.client.post(`/rfqs/${id}`, {
        intent: "quote",
        price,
        quantity: "100",
        deliveryTimeline: "25 days",
        terms: "",
      });
      expect(quote.status).toBe(302);
    }
    const later = await simpleParser(await smtp.waitFor((m) => m.includes(subscribed.email), 30_000));
    expect(later.subject).toBe(`New quote on "${laterTitle}"`);
    expect(smtp.messages.filter((m) => m.includes(buyer.email))).toHaveLength(1);
    expect(await (await buyerAgain.get("/notifications")).text()).toContain("Notifications, 2 unread");
    if (databaseUrl) {
      // and the queue holds no e-mail for the unsubscribed buyer from after the unsubscribe, in any state
      const jobs = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [row] = await jobs<{ n: number }[]>`
          select count(*)::int as n from pgboss.job
          where name = 'email' and data->>'to' = ${buyer.email} and created_on >= ${unsubscribedAt}`;
        expect(row!.n).toBe(0);
      } finally {
        await jobs.end({ timeout: 5 });
      }
    }
  }, 180_000);
});
