import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import type { AppServer } from "../support/app-server";
import { EventStreamReader } from "../support/event-stream";
import { HttpClient } from "../support/http-client";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser } from "./support/browser";
import type { TestPostgresDatabase } from "./support/templates";
import { migratedPostgresDatabase, startTestServer } from "./support/test-server";

const PASSWORD = "Wholesale-Route-42";
let sequence = 0;

async function signUp(url: string, userType: "buyer" | "seller") {
  const client = new HttpClient(url);
  const n = `${Date.now()}-${++sequence}`;
  const email = `live-${userType}-${n}@example.test`;
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Live Person",
    companyName: `Live ${userType} ${n}`,
    email,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return Object.assign(client, { email });
}

/** The same account signed in a second time (another device): a session of its own. */
async function signInAgain(url: string, email: string) {
  const client = new HttpClient(url);
  expect((await client.post("/auth", { intent: "signin", email, password: PASSWORD })).status).toBe(302);
  return client;
}

/** The seller writes to the buyer in the thread of an RFQ it quoted on (the thread page's form). */
async function messageBuyer(seller: HttpClient, rfqId: string, body: string) {
  const opened = await seller.post("/messages", { subjectType: "rfq", subjectId: rfqId, from: "/messages" });
  const thread = opened.headers.get("location")!;
  expect(thread).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
  expect((await seller.post(thread, { intent: "send", body })).status).toBe(302);
}

async function postRfq(buyer: HttpClient) {
  const title = `Live RFQ ${Date.now()}-${++sequence}`;
  const posted = await buyer.post("/create-rfq", {
    title,
    category: "home-textiles",
    description: "Cotton towels for a hotel chain.",
    specifications: "",
    quantity: "500",
    unit: "pieces",
    budgetMin: "",
    budgetMax: "",
    deliveryLocation: "Austin, TX",
    deadline: dateFromToday(10),
  });
  expect(posted.status).toBe(302);
  const page = await (await buyer.get("/rfqs?mine=1")).text();
  return /\/rfqs\/([0-9a-f-]{36})/.exec(page)![1]!;
}

async function quote(seller: HttpClient, rfqId: string) {
  const response = await seller.post(`/rfqs/${rfqId}`, {
    intent: "quote",
    price: "1500",
    quantity: "500",
    deliveryTimeline: "30 days",
    terms: "FOB",
  });
  expect(response.status).toBeLessThan(400);
}

function openStream(client: HttpClient, headers: Record<string, string> = {}) {
  return EventStreamReader.open(`${client.baseUrl}/api/events`, { cookie: client.cookieHeader(), ...headers });
}

describe("live events on the shared server", () => {
  const streams: EventStreamReader[] = [];
  afterAll(() => streams.forEach((s) => s.close()));

  it("refuses a visitor, and any method but GET", async () => {
    const anonymous = await fetch(`${baseUrl()}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "User not authenticated" });
    const buyer = await signUp(baseUrl(), "buyer");
    expect((await buyer.post("/api/events", {})).status).toBe(405);
  });

  it("streams a buyer's notification, uncompressed and within a second of the quote that caused it", async () => {
    const buyer = await signUp(baseUrl(), "buyer");
    const seller = await signUp(baseUrl(), "seller");
    const rfqId = await postRfq(buyer);
    // a browser asks for compression: an event stream must not be buffered by it
    const stream = await openStream(buyer, { "accept-encoding": "gzip, deflate, br" });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    const ready = await stream.waitFor((e) => e.event === "ready");
    expect(ready.id).toBeTruthy();
    await quote(seller, rfqId);
    const sent = performance.now();
    const event = await stream.waitFor((e) => e.event === "notification", 1_000);
    expect(JSON.parse(event.data)).toEqual({ type: "notification" });
    expect(event.id).toBeTruthy();
    expect(event.id).not.toBe(ready.id);
    expect(event.at - sent).toBeLessThan(1_000);
  });

  it("tells a browser that comes back with Last-Event-ID to re-read, and bounds the streams of one user", async () => {
    const buyer = await signUp(baseUrl(), "buyer");
    const resumed = await openStream(buyer, { "last-event-id": "abc-12" });
    streams.push(resumed);
    const first = await resumed.waitFor(() => true);
    expect(first.event).toBe("resync");
    // ten streams for one account (tabs); the eleventh is refused until one closes
    const more = await Promise.all(Array.from({ length: 9 }, () => openStream(buyer)));
    streams.push(...more);
    expect(more.map((s) => s.response.status)).toEqual(Array(9).fill(200));
    const refused = await fetch(`${baseUrl()}/api/events`, { headers: { cookie: buyer.cookieHeader() } });
    expect(refused.status).toBe(429);
    resumed.close();
    await expect
      .poll(async () => {
        const again = await openStream(buyer);
        streams.push(again);
        return again.response.status;
      })
      .toBe(200);
  });

  it("closes the streams of a session that signs out (only that session's), so they deliver nothing after it", async () => {
    const buyer = await signUp(baseUrl(), "buyer");
    const seller = await signUp(baseUrl(), "seller");
    const rfqId = await postRfq(buyer);
    await quote(seller, rfqId);
    const phone = await signInAgain(baseUrl(), buyer.email);
    const laptopCookie = buyer.cookieHeader();
    const [laptopStream, phoneStream] = await Promise.all([openStream(buyer), openStream(phone)]);
    streams.push(laptopStream, phoneStream);
    await Promise.all([
      laptopStream.waitFor((e) => e.event === "ready"),
      phoneStream.waitFor((e) => e.event === "ready"),
    ]);
    expect((await buyer.post("/auth/sign-out", {})).status).toBe(302);
    await expect.poll(() => laptopStream.ended, { timeout: 2_000 }).toBe(true);
    expect(phoneStream.ended).toBe(false);
    await messageBuyer(seller, rfqId, "Still interested in the towels?");
    await phoneStream.waitFor((e) => e.event === "message");
    expect(laptopStream.events.map((e) => e.event)).toEqual(["ready"]);
    // and the signed-out cookie opens no new stream
    expect((await fetch(`${baseUrl()}/api/events`, { headers: { cookie: laptopCookie } })).status).toBe(401);
  });

  it("raises the bell on the buyer's open page without a reload when a seller quotes", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const buyerEmail = `live-browser-${Date.now()}@example.test`;
      const buyer = new HttpClient(baseUrl());
      expect(
        (
          await buyer.post("/auth", {
            intent: "signup",
            userType: "buyer",
            fullName: "Live Browser",
            companyName: `Live Browser ${Date.now()}`,
            email: buyerEmail,
            phone: "",
            password: PASSWORD,
            confirmPassword: PASSWORD,
          })
        ).status,
      ).toBe(302);
      const rfqId = await postRfq(buyer);
      await signIn(page, buyerEmail, PASSWORD);
      await page.goto(`/rfqs/${rfqId}`);
      await hydrated(page);
      await page.waitForFunction(() => document.documentElement.dataset.live === "open");
      const bell = page.getByRole("link", { name: /^Notifications/ });
      expect(await bell.getAttribute("aria-label")).toBe("Notifications");
      // the page must not reload: a mark on the window would be lost
      await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 42));
      await quote(await signUp(baseUrl(), "seller"), rfqId);
      await page.getByRole("link", { name: "Notifications, 1 unread" }).waitFor({ timeout: 5_000 });
      expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(42);
      // the quote itself shows on the page, re-read with the bell
      await page.getByText("30 days").first().waitFor({ timeout: 5_000 });
    } finally {
      await browser.close();
    }
  });

  it("shows a form's notice once, and no later load brings it again, a re-read's or a whole page's (a re-read may overtake the load that carried it)", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const buyer = await signUp(baseUrl(), "buyer");
      const rfqId = await postRfq(buyer);
      const seller = await signUp(baseUrl(), "seller");
      await quote(seller, rfqId);
      await signIn(page, buyer.email, PASSWORD);
      await page.goto("/notifications");
      await hydrated(page);
      await page.waitForFunction(() => document.documentElement.dataset.live === "open");
      await page.getByRole("button", { name: "Mark all as read" }).click();
      const notice = page.getByText("All notifications marked as read");
      await notice.first().waitFor();
      // a message to the buyer re-reads the page: the page has told the server it showed the notice (its cookie would
      // otherwise last a minute when the page's JavaScript reads it), so the re-read no longer carries it, and the page
      // does not show it again
      let reread = 0;
      let carried = 0;
      await page.route(/\/notifications\.data/, async (route) => {
        const response = await route.fetch();
        reread += 1;
        if ((await response.text()).includes("All notifications marked as read")) carried += 1;
        await route.fulfill({ response });
      });
      await messageBuyer(seller, rfqId, "Our sample leaves Tiruppur on Monday");
      await page.getByRole("link", { name: /^Messages, 1 unread/ }).waitFor();
      await expect.poll(() => reread).toBeGreaterThan(0);
      expect(carried).toBe(0);
      expect(await notice.count()).toBe(1);
      // nor does a whole page loaded within the notice's minute
      await page.reload();
      await hydrated(page);
      expect(await notice.count()).toBe(0);
      // a later re-read's request may still be in the handler: let it finish before the page closes under it
      await page.unrouteAll({ behavior: "wait" });
    } finally {
      await browser.close();
    }
  });
});

describe("a server with open event streams", () => {
  let server: AppServer;
  beforeAll(async () => {
    // a fresh embedded database migrates first: slow on a busy machine
    // info, so the stop's own account of its steps is in the output
    server = await startTestServer({ env: { DEMO_DATA: "off", LOG_LEVEL: "info" }, startTimeoutMs: 150_000 });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("closes them at once on SIGTERM, and its stop waits out no timer", async () => {
    const buyer = await signUp(server.url, "buyer");
    const stream = await openStream(buyer);
    await stream.waitFor((e) => e.event === "ready");
    const started = performance.now();
    expect(await server.stop()).toBe(0);
    const took = Math.round(performance.now() - started);
    await expect.poll(() => stream.ended).toBe(true);
    // Read from the stop's own timings rather than the whole stop's wall time, which a loaded machine stretches
    // (0.1–0.4 s idle; 6.8 s once at load 19, the embedded database's closing checkpoint): ending the streams is one
    // step of well under a second, and the jobs' step is under pg-boss's 5 s grace for a stuck job, which a job
    // left running would make it wait out.
    const logged = /"ms":(\{[^}]*\})[^\n]*"msg":"stopped"/.exec(server.output())?.[1];
    expect(logged, "the server logs how long each step of its stop took").toBeDefined();
    const steps = JSON.parse(logged!) as Record<string, number>;
    const why = `stop took ${took} ms; its steps (ms): ${logged}`;
    expect(steps.live, why).toBeLessThan(1_000);
    expect(steps.jobs, why).toBeLessThan(5_000);
  });
});

/**
 * Shares of a small instance between client networks (issue 38): the server trusts one proxy, so each request's
 * X-Forwarded-For is its client address. 4 streams in all, 3 per network.
 */
describe("a server's event streams shared between client networks", () => {
  let server: AppServer;
  const open: EventStreamReader[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        DEMO_DATA: "off",
        TRUST_PROXY: "true",
        RATE_LIMIT_SCALE: "100",
        LIVE_MAX_STREAMS: "4",
        LIVE_MAX_STREAMS_PER_CLIENT: "3",
      },
      startTimeoutMs: 150_000,
    });
  }, 180_000);
  afterAll(async () => {
    open.forEach((s) => s.close());
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const streamFrom = async (client: HttpClient, address: string) => {
    const stream = await openStream(client, { "x-forwarded-for": address });
    open.push(stream);
    return stream;
  };

  it("refuses a network over its share while another still connects, and a full instance sheds the heaviest network's oldest stream", async () => {
    // throwaway accounts from one network
    const [first, second] = [await signUp(server.url, "buyer"), await signUp(server.url, "buyer")];
    const crowd = [
      await streamFrom(first, "203.0.113.5"),
      await streamFrom(second, "203.0.113.5"),
      await streamFrom(second, "203.0.113.5"),
    ];
    await Promise.all(crowd.map((s) => s.waitFor((e) => e.event === "ready")));
    const refused = await streamFrom(await signUp(server.url, "buyer"), "203.0.113.5");
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toEqual({ error: "Too many open event streams from this network" });

    // another network still connects: the instance is now full
    const neighbour = await streamFrom(await signUp(server.url, "seller"), "198.51.100.7");
    await neighbour.waitFor((e) => e.event === "ready");

    // a newcomer from a third network (an IPv6 /64) is admitted: the crowd's oldest stream is closed for it
    const newcomer = await streamFrom(await signUp(server.url, "buyer"), "2001:db8:5:6::1");
    expect(newcomer.response.status).toBe(200);
    await newcomer.waitFor((e) => e.event === "ready");
    await expect.poll(() => crowd[0]!.ended).toBe(true);
    expect([crowd[1]!.ended, crowd[2]!.ended, neighbour.ended]).toEqual([false, false, false]);

    // the same /64 is one network: its second stream would leave the crowd no more than it: refused
    const sameNetwork = await streamFrom(await signUp(server.url, "buyer"), "2001:db8:5:6::abcd");
    expect(sameNetwork.response.status).toBe(429);
    expect(await sameNetwork.response.json()).toEqual({ error: "This server holds as many event streams as it can" });
  });
});

/** Two app instances on one PostgreSQL: an event caused on one reaches a stream open on the other. */
describe.skipIf(!process.env.DATABASE_URL)("live events across two instances on one PostgreSQL", () => {
  let database: TestPostgresDatabase;
  let a: AppServer;
  let b: AppServer;

  beforeAll(async () => {
    database = await migratedPostgresDatabase("setu_live");
    const env = {
      DEMO_DATA: "off",
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    };
    [a, b] = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  it("delivers to a stream on instance A, within a second, what a write on instance B caused", async () => {
    const buyer = await signUp(a.url, "buyer");
    const rfqId = await postRfq(buyer);
    const stream = await openStream(buyer);
    try {
      await stream.waitFor((e) => e.event === "ready");
      const seller = await signUp(b.url, "seller");
      await quote(seller, rfqId);
      const sent = performance.now();
      const event = await stream.waitFor((e) => e.event === "notification", 1_000);
      expect(event.at - sent).toBeLessThan(1_000);
    } finally {
      stream.close();
    }
  });

  it("closes a stream open on instance A when its session signs out on instance B", async () => {
    const buyer = await signUp(a.url, "buyer");
    const stream = await openStream(buyer);
    try {
      await stream.waitFor((e) => e.event === "ready");
      const onB = new HttpClient(b.url);
      for (const [name, value] of buyer.cookies) onB.cookies.set(name, value);
      expect((await onB.post("/auth/sign-out", {})).status).toBe(302);
      await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
    } finally {
      stream.close();
    }
  });
});
