// Live updates benchmark: send-to-delivery of live events (NOTIFY → LISTEN → /api/events), across two
// instances on PostgreSQL (a quote, a message sent through the thread's form, direct publishes), and on one
// instance holding 2,000 open streams (with its memory growth); or, with --part idle, the memory of idle streams
// on one instance on PGlite and a full instance admitting a newcomer (issue 38).
//   npm run build && npm run bench:live -- --database-url postgres://postgres@127.0.0.1:5432/postgres [--part messages]
//   npm run build && npm run bench:live -- --part idle [--streams 2000]
// The URL is a server to create a throwaway database on (dropped afterwards). See bench/README.md.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openPostgres, queryRows, type Database } from "~/db/client.server";
import { publishLive } from "~/modules/live/live-events.server";
import { dateFromToday } from "../seed/factories/rfqs";
import { startAppServer, type AppServer } from "../tests/support/app-server";
import { HttpClient } from "../tests/support/http-client";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    streams: { type: "string", default: "2000" },
    "streams-per-user": { type: "string", default: "10" },
    rate: { type: "string", default: "20" },
    duration: { type: "string", default: "15" },
    quotes: { type: "string", default: "12" },
    messages: { type: "string", default: "100" },
    part: { type: "string", default: "all" },
  },
});
const ADMIN_URL = args["database-url"];
if (!ADMIN_URL && args.part !== "idle") {
  console.error(
    "bench:live needs --database-url (a PostgreSQL server; a throwaway database is created on it and dropped)",
  );
  process.exit(2);
}
const STREAMS = Number(args.streams);
const PER_USER = Number(args["streams-per-user"]);
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const QUOTES = Number(args.quotes);
const MESSAGES = Number(args.messages);
/**
 * "all", or "messages": only (a)(1) and the message sends of (a)(2), on two instances (a minute instead of eight),
 * or "idle": (c) only, on one instance on PGlite (no database URL needed)
 */
const PART = args.part === "messages" || args.part === "idle" ? args.part : "all";
const BUDGETS = { acrossInstancesP95Ms: 200, manyStreamsP95Ms: 500, memoryGrowthMb: 200 };
const PASSWORD = "Wholesale-Route-42";

type Stats = { count: number; p50: number; p95: number; p99: number; max: number };
function stats(samples: number[]): Stats {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(at(100)) };
}

/**
 * A minimal event-stream client on node:http (one socket per stream: 2,000 of them must cost this process
 * little): calls `onEvent(name, data)` for each event.
 */
function openStream(
  url: string,
  cookie: string,
  onEvent: (name: string, data: string) => void,
  { headers = {}, onEnd }: { headers?: Record<string, string>; onEnd?: () => void } = {},
): Promise<{ close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/events`,
      { headers: { cookie, accept: "text/event-stream", ...headers }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`/api/events answered ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        let opened = false;
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let name = "message";
            let data = "";
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) name = line.slice(6).trim();
              else if (line.startsWith("data:")) data = line.slice(5).trim();
            }
            if (name === "ready" && !opened) {
              opened = true;
              resolve({ close: () => request.destroy() });
            } else onEvent(name, data);
          }
        });
        response.on("error", () => {});
        if (onEnd) response.on("close", onEnd);
      },
    );
    request.on("error", reject);
  });
}

async function signUp(url: string, userType: "buyer" | "seller", n: number) {
  const client = new HttpClient(url);
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Bench Person",
    companyName: `Bench ${userType} ${n}`,
    email: `bench-live-${userType}-${n}-${Date.now()}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  return { client, cookie: client.cookieHeader() };
}

/** Runs `work` on `items` with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** User ids of signed-up users, read from the database by company name (the app's pages show no user ids). */
async function userIdsByCompany(database: Database, companies: string[]): Promise<Map<string, string>> {
  const wanted = new Set(companies);
  const rows = await queryRows<{ id: string; company: string }>(
    database.db,
    sql`select user_id as id, company_name as company from profiles where company_name like 'Bench %'`,
  );
  return new Map(rows.filter((r) => wanted.has(r.company)).map((r) => [r.company, r.id]));
}

/**
 * Publishes `RATE` events a second for `DURATION_S` seconds, each to one user, straight through the
 * database (publishLive in a transaction, as a command does); `sentAt` is taken before the transaction
 * starts, so the commit is in the measured time.
 */
async function publishAtRate(database: Database, userIds: string[], sentAt: Map<string, number>) {
  const interval = 1000 / RATE;
  const total = Math.round(RATE * DURATION_S);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await pause(wait);
    const userId = userIds[i % userIds.length]!;
    const conversationId = `bench-${i}`;
    sentAt.set(conversationId, performance.now());
    inFlight.push(database.db.transaction((tx) => publishLive(tx, [userId], { type: "read", conversationId })));
  }
  await Promise.all(inFlight);
  await pause(2_000);
}

/** Prints each budget's verdict, writes the results file and sets the exit code. */
function finish(results: Record<string, unknown>, checks: ReadonlyArray<readonly [string, boolean]>) {
  for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"} ${label}`);
  results.budgets = Object.fromEntries(checks.map(([label, ok]) => [label, ok]));
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/live-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`results in ${file}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}

async function main() {
  const admin = postgres(ADMIN_URL!, { max: 1, onnotice: () => {} });
  const name = `setu_bench_live_${crypto.randomBytes(5).toString("hex")}`;
  await admin`create database ${admin(name)}`;
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const env = {
    DEMO_DATA: "off",
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    RATE_LIMIT_SCALE: "10000",
    LIVE_MAX_STREAMS: String(STREAMS + 100),
    LIVE_MAX_STREAMS_PER_USER: String(PER_USER),
    JOB_WORKERS: "off",
  };
  const servers: AppServer[] = [];
  let database: Database | undefined;
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    part: PART,
    messages: MESSAGES,
    streams: STREAMS,
    streamsPerUser: PER_USER,
    rate: RATE,
    durationS: DURATION_S,
  };
  try {
    const [a, b] = await Promise.all([
      startAppServer({ env, startTimeoutMs: 120_000 }),
      startAppServer({ env, startTimeoutMs: 120_000 }),
    ]);
    servers.push(a, b);
    database = await openPostgres(databaseUrl, 4);

    // (a) two instances: a real write on B (a quote) reaching the buyer's stream on A, and direct publishes
    console.log("(a) two instances on PostgreSQL");
    const buyer = await signUp(a.url, "buyer", 0);
    const seller = await signUp(b.url, "seller", 0);
    const rfqIds: string[] = [];
    for (let i = 0; i < QUOTES; i++) {
      const posted = await buyer.client.post("/create-rfq", {
        title: `Bench live RFQ ${i}`,
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
      if (posted.status !== 302) throw new Error(`create-rfq answered ${posted.status}`);
    }
    const listing = await (await buyer.client.get("/rfqs?mine=1")).text();
    rfqIds.push(...new Set([...listing.matchAll(/\/rfqs\/([0-9a-f-]{36})/g)].map((m) => m[1]!)));
    let arrived: (() => void) | null = null;
    const buyerStream = await openStream(a.url, buyer.cookie, (name) => name === "notification" && arrived?.());
    const quoteToEvent: number[] = [];
    const answerToEvent: number[] = [];
    for (const rfqId of rfqIds.slice(0, QUOTES)) {
      const got = new Promise<void>((resolve) => (arrived = resolve));
      const sent = performance.now();
      const response = await seller.client.post(`/rfqs/${rfqId}`, {
        intent: "quote",
        price: "1500",
        quantity: "500",
        deliveryTimeline: "30 days",
        terms: "FOB",
      });
      const answered = performance.now();
      if (response.status >= 400) throw new Error(`quote answered ${response.status}`);
      await Promise.race([got, pause(5_000)]);
      const at = performance.now();
      quoteToEvent.push(at - sent);
      answerToEvent.push(at - answered);
      await pause(50);
    }
    buyerStream.close();

    // (a)(2) a real message: the buyer, signed in on A, posts in the RFQ's thread as the thread page's form
    // does (the route's action → sendMessage → NOTIFY on commit); time to the message event on the supplier's
    // open stream on B, from sending the POST and from A's answer
    const sellerId = (await userIdsByCompany(database, ["Bench seller 0"])).get("Bench seller 0");
    if (!sellerId) throw new Error("the bench seller's id was not found");
    const opened = await buyer.client.post("/messages", {
      subjectType: "rfq",
      subjectId: rfqIds[0]!,
      counterpartId: sellerId,
      from: "/messages",
    });
    const threadPath = opened.headers.get("location") ?? "";
    const conversationId = /^\/messages\/([0-9a-f-]{36})$/.exec(threadPath)?.[1];
    if (opened.status !== 302 || !conversationId)
      throw new Error(`contacting the supplier answered ${opened.status} ${threadPath}`);
    let delivered: (() => void) | null = null;
    const sellerStream = await openStream(b.url, seller.cookie, (name, data) => {
      // a block without an event name (the retry hint, a heartbeat comment) also reads as "message", with no data
      if (
        name === "message" &&
        data &&
        (JSON.parse(data) as { conversationId: string }).conversationId === conversationId
      )
        delivered?.();
    });
    const messageToEvent: number[] = [];
    const messageAnswerToEvent: number[] = [];
    let messagesMissed = 0;
    for (let i = 0; i < MESSAGES; i++) {
      const got = new Promise<boolean>((resolve) => (delivered = () => resolve(true)));
      const sent = performance.now();
      const response = await buyer.client.post(threadPath, {
        intent: "send",
        body: `Bench message ${i}: 500 towels, 30 days?`,
      });
      const answered = performance.now();
      if (response.status !== 302) throw new Error(`sending a message answered ${response.status}`);
      const arrived = await Promise.race([got, pause(5_000).then(() => false)]);
      delivered = null;
      if (!arrived) {
        messagesMissed++;
        continue;
      }
      const at = performance.now();
      messageToEvent.push(at - sent);
      messageAnswerToEvent.push(at - answered);
      await pause(50);
    }
    sellerStream.close();
    const messageResults = {
      sent: MESSAGES,
      missed: messagesMissed,
      messagePostOnAToEventOnB: stats(messageToEvent),
      messageAnswerOnAToEventOnB: stats(messageAnswerToEvent),
    };
    if (PART === "messages") {
      results.acrossInstances = {
        quoteOnBToEventOnA: stats(quoteToEvent),
        quoteAnswerToEventOnA: stats(answerToEvent),
        ...messageResults,
      };
      console.log(JSON.stringify(results.acrossInstances, null, 2));
      const checks = [
        [
          `across instances, message POST on A → event on B p95 ${messageResults.messagePostOnAToEventOnB.p95} ms ≤ ${BUDGETS.acrossInstancesP95Ms} ms`,
          messageResults.messagePostOnAToEventOnB.p95 <= BUDGETS.acrossInstancesP95Ms,
        ],
        [`across instances, every message arrived (${MESSAGES - messagesMissed} of ${MESSAGES})`, messagesMissed === 0],
      ] as const;
      finish(results, checks);
      return;
    }

    // direct publishes: 50 users with a stream on A, 50 on B
    const crossUsers = await pool(
      Array.from({ length: 100 }, (_, i) => i),
      4,
      (i) => signUp(i % 2 ? b.url : a.url, "buyer", 1000 + i),
    );
    const crossIds = await userIdsByCompany(
      database,
      crossUsers.map((_, i) => `Bench buyer ${1000 + i}`),
    );
    const sentAt = new Map<string, number>();
    const crossLatency: number[] = [];
    const crossStreams = await Promise.all(
      crossUsers.map((u, i) =>
        openStream(i % 2 ? b.url : a.url, u.cookie, (name, data) => {
          if (name !== "read") return;
          const sent = sentAt.get((JSON.parse(data) as { conversationId: string }).conversationId);
          if (sent !== undefined) crossLatency.push(performance.now() - sent);
        }),
      ),
    );
    const ids = crossUsers.map((_, i) => crossIds.get(`Bench buyer ${1000 + i}`)!);
    await publishAtRate(database, ids, sentAt);
    crossStreams.forEach((s) => s.close());
    results.acrossInstances = {
      quoteOnBToEventOnA: stats(quoteToEvent),
      quoteAnswerToEventOnA: stats(answerToEvent),
      ...messageResults,
      directPublish: { sent: sentAt.size, ...stats(crossLatency) },
    };
    console.log(JSON.stringify(results.acrossInstances, null, 2));
    await b.stop();

    // (b) one instance, STREAMS open streams (PER_USER per user); events at RATE a second, each to one user
    console.log(`(b) one instance, ${STREAMS} streams`);
    const users = Math.ceil(STREAMS / PER_USER);
    const people = await pool(
      Array.from({ length: users }, (_, i) => i),
      4,
      (i) => signUp(a.url, "buyer", 5000 + i),
    );
    const idOf = await userIdsByCompany(
      database,
      people.map((_, i) => `Bench buyer ${5000 + i}`),
    );
    const userIds = people.map((_, i) => idOf.get(`Bench buyer ${5000 + i}`)!);
    await pause(2_000);
    const rssBefore = rssMb(a.process.pid!);
    const many = new Map<string, number>();
    const manyLatency: number[] = [];
    const openStarted = performance.now();
    const open = await pool(
      Array.from({ length: STREAMS }, (_, i) => i),
      50,
      (i) =>
        openStream(a.url, people[i % users]!.cookie, (name, data) => {
          if (name !== "read") return;
          const sent = many.get((JSON.parse(data) as { conversationId: string }).conversationId);
          if (sent !== undefined) manyLatency.push(performance.now() - sent);
        }),
    );
    const openMs = performance.now() - openStarted;
    await pause(2_000);
    const rssOpen = rssMb(a.process.pid!);
    await publishAtRate(database, userIds, many);
    const rssAfter = rssMb(a.process.pid!);
    open.forEach((s) => s.close());
    results.manyStreams = {
      streams: open.length,
      users,
      openAllMs: Math.round(openMs),
      events: many.size,
      deliveriesExpected: many.size * PER_USER,
      ...stats(manyLatency),
      rssBeforeMb: Math.round(rssBefore),
      rssWithStreamsMb: Math.round(rssOpen),
      rssAfterEventsMb: Math.round(rssAfter),
      memoryGrowthMb: Math.round(Math.max(rssOpen, rssAfter) - rssBefore),
    };
    console.log(JSON.stringify(results.manyStreams, null, 2));

    const across = results.acrossInstances as { quoteOnBToEventOnA: Stats; directPublish: Stats };
    const manyResult = results.manyStreams as Stats & { memoryGrowthMb: number; deliveriesExpected: number };
    const checks = [
      [
        `across instances, message POST on A → event on B p95 ${messageResults.messagePostOnAToEventOnB.p95} ms ≤ ${BUDGETS.acrossInstancesP95Ms} ms`,
        messageResults.messagePostOnAToEventOnB.p95 <= BUDGETS.acrossInstancesP95Ms,
      ],
      [`across instances, every message arrived (${MESSAGES - messagesMissed} of ${MESSAGES})`, messagesMissed === 0],
      [
        `across instances, direct publish p95 ${across.directPublish.p95} ms ≤ ${BUDGETS.acrossInstancesP95Ms} ms`,
        across.directPublish.p95 <= BUDGETS.acrossInstancesP95Ms,
      ],
      [
        `${STREAMS} streams: p95 ${manyResult.p95} ms ≤ ${BUDGETS.manyStreamsP95Ms} ms`,
        manyResult.p95 <= BUDGETS.manyStreamsP95Ms,
      ],
      [
        `${STREAMS} streams: all ${manyResult.deliveriesExpected} deliveries arrived (${manyResult.count})`,
        manyResult.count === manyResult.deliveriesExpected,
      ],
      [
        `${STREAMS} streams: memory growth ${manyResult.memoryGrowthMb} MB ≤ ${BUDGETS.memoryGrowthMb} MB`,
        manyResult.memoryGrowthMb <= BUDGETS.memoryGrowthMb,
      ],
    ] as const;
    finish(results, checks);
  } finally {
    await database?.close();
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await admin`drop database if exists ${admin(name)} with (force)`;
    await admin.end({ timeout: 5 });
  }
}

/**
 * (c) idle streams: one instance on PGlite, trusting one proxy (each stream's X-Forwarded-For is its client
 * address), `STREAMS` streams opened 1,000 at a time (10 per account, from 20 networks of STREAMS / 20), the
 * server's RSS after each thousand (after a warm-up of 200 streams opened and closed); then, the instance full, a newcomer from another network: the heaviest
 * network's least recently active stream is closed for it.
 */
async function idleStreams() {
  const perNetwork = Math.ceil(STREAMS / 20);
  const server = await startAppServer({
    env: {
      DEMO_DATA: "off",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      RATE_LIMIT_SCALE: "10000",
      TRUST_PROXY: "true",
      LIVE_MAX_STREAMS: String(STREAMS),
      LIVE_MAX_STREAMS_PER_USER: String(PER_USER),
      LIVE_MAX_STREAMS_PER_CLIENT: String(perNetwork),
      JOB_WORKERS: "off",
    },
    startTimeoutMs: 180_000,
  });
  const results: Record<string, unknown> = { date: new Date().toISOString(), part: "idle", streams: STREAMS };
  const open: Array<{ close: () => void }> = [];
  try {
    const users = Math.ceil(STREAMS / PER_USER);
    const people = await pool(
      Array.from({ length: users }, (_, i) => i),
      4,
      (i) => signUp(server.url, "buyer", 8000 + i),
    );
    const pid = server.process.pid!;
    // warm-up: streams opened and closed once first, so that the first thousand does not also pay for the
    // server's first use of the path (compiled code, the database's caches)
    const warm = await pool(
      Array.from({ length: 200 }, (_, i) => i),
      50,
      (i) =>
        openStream(server.url, people[Math.floor(i / PER_USER)]!.cookie, () => {}, {
          headers: { "x-forwarded-for": `10.30.${i}.1` },
        }),
    );
    warm.forEach((s) => s.close());
    await pause(3_000);
    const rss = [rssMb(pid)];
    let ended = 0;
    for (let from = 0; from < STREAMS; from += 1000) {
      const batch = await pool(
        Array.from({ length: Math.min(1000, STREAMS - from) }, (_, i) => from + i),
        50,
        (i) =>
          openStream(server.url, people[Math.floor(i / PER_USER)]!.cookie, () => {}, {
            headers: { "x-forwarded-for": `10.20.${Math.floor(i / perNetwork)}.1` },
            onEnd: () => ended++,
          }),
      );
      open.push(...batch);
      await pause(3_000);
      rss.push(rssMb(pid));
      console.log(`${open.length} streams: RSS ${Math.round(rss.at(-1)!)} MB`);
    }
    const perThousand = rss.slice(1).map((mb, i) => Math.round((mb - rss[i]!) * 10) / 10);
    const newcomer = await signUp(server.url, "buyer", 9999);
    // (a stream the loaded machine reset while the others opened is not one closed for the newcomer)
    const endedBefore = ended;
    const asked = performance.now();
    const admitted = await openStream(server.url, newcomer.cookie, () => {}, {
      headers: { "x-forwarded-for": "192.0.2.77" },
    });
    const admittedMs = performance.now() - asked;
    for (let i = 0; i < 100 && ended === endedBefore; i++) await pause(50);
    const closedForIt = ended - endedBefore;
    admitted.close();
    results.idle = {
      streams: open.length,
      networks: 20,
      rssMb: rss.map((mb) => Math.round(mb)),
      growthPerThousandMb: perThousand,
      averagePerThousandMb: Math.round(((rss.at(-1)! - rss[0]!) / (open.length / 1000)) * 10) / 10,
      kbPerStream: Math.round(((rss.at(-1)! - rss[0]!) * 1024) / open.length),
      endedBeforeTheNewcomer: endedBefore,
      fullInstanceNewcomerAdmittedMs: Math.round(admittedMs),
      streamsClosedForIt: closedForIt,
    };
    console.log(JSON.stringify(results.idle, null, 2));
    const idle = results.idle as { averagePerThousandMb: number };
    finish(results, [
      [
        `${STREAMS} idle streams: ${idle.averagePerThousandMb} MB per 1,000 ≤ ${BUDGETS.memoryGrowthMb / 2} MB`,
        idle.averagePerThousandMb <= BUDGETS.memoryGrowthMb / 2,
      ],
      [
        `a full instance admitted a newcomer from another network, closing one stream (${closedForIt})`,
        closedForIt === 1,
      ],
    ]);
  } catch (error) {
    console.error(`the server's last output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    open.forEach((s) => s.close());
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await (PART === "idle" ? idleStreams() : main());
