// Marketplace search benchmark: GET /api/products through the production server, then the same
// searchProducts() called directly, with the same query mix, concurrency and duration.
//   npm run build && npm run bench:search -- [--connections 10] [--duration 20] [--database-url postgres://…] [--data-dir ./bench-data]
// Seed the database first with npm run bench:seed. See bench/README.md.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import autocannon, { type Result as AutocannonResult } from "autocannon";
import { sql, type Logger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { queryRows, type Database, type Db } from "~/db/client.server";
import { searchProducts, type ProductSearchQuery } from "~/modules/products/product-search.server";
import { apiSearchQuery } from "~/modules/products/products-api.server";
import { benchTarget, describeTarget, formatInt, openTarget, type BenchTarget } from "./bench-database.server";
import { nextPageEntry, SEARCH_MIX, type MixEntry } from "./search-mix";
import { startAppServer } from "../tests/support/app-server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL("./results", import.meta.url));
const HTTP_P95_BUDGET_MS = 50;
const HTTP_OVER_DIRECT_BUDGET = 1.5;
const PLAN_LINES = 24;
/** Plan lines left out of the printed summary (they stay in the JSON results). */
const PLAN_DETAIL =
  /^\s*(Planning|Execution|Buffers:|I\/O Timings|Index Searches|Heap Blocks|Buckets:|Worker \d|Functions:|Options:|Timing:|JIT:)/;

const { values: args } = parseArgs({
  options: {
    connections: { type: "string" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "3" },
    explain: { type: "string", default: "6" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
  },
});

// ---------------------------------------------------------------------------------------------
// statistics

type LatencyStats = { count: number; mean: number; p50: number; p95: number; p99: number; max: number };

function latencyStats(samples: number[]): LatencyStats {
  if (!samples.length) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    mean: sum / sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1]!,
  };
}

type QueryStats = { index: number; label: string; query: string; latency: LatencyStats };
type Failures = { non2xx: number; errors: number; timeouts: number; badBodies: number };
type RunResult = {
  mode: "http" | "direct";
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  latency: LatencyStats;
  failures: Failures;
  statusCodes?: Record<string, number>;
  /** direct runs: calls still running when the time was up, not counted (autocannon drops those requests too) */
  unfinished?: number;
  perQuery: QueryStats[];
};

/** Collects per-request latencies, overall and per entry of the mix. */
class Recorder {
  readonly all: number[] = [];
  readonly byQuery: number[][];
  constructor(private readonly mix: MixEntry[]) {
    this.byQuery = mix.map(() => []);
  }
  record(index: number, ms: number) {
    this.all.push(ms);
    this.byQuery[index]!.push(ms);
  }
  result(
    mode: RunResult["mode"],
    connections: number,
    seconds: number,
    failures: Failures,
    statusCodes?: Record<string, number>,
  ): RunResult {
    return {
      mode,
      connections,
      seconds,
      requests: this.all.length,
      perSecond: this.all.length / seconds,
      latency: latencyStats(this.all),
      failures,
      statusCodes,
      perQuery: this.mix.map((entry, index) => ({
        index,
        label: entry.label,
        query: entry.query,
        latency: latencyStats(this.byQuery[index]!),
      })),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// the production server

type Server = { url: string; stop: () => Promise<void>; output: () => string };
let runningServer: Server | null = null;

/** Starts `node server.js` (the production build) on a free port against the target, and waits for /healthz. */
async function startServer(target: BenchTarget, poolSize: number): Promise<Server> {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js")))
    throw new Error("No production build: run npm run build first.");
  // With PostgreSQL the server still wants a DATA_DIR (mail outbox, uploads): a throwaway one.
  const scratchDir = target.engine === "postgres" ? fs.mkdtempSync(path.join(os.tmpdir(), "setu-bench-server-")) : null;
  const app = await startAppServer({
    dataDir: target.engine === "pglite" ? target.dataDir : scratchDir!,
    startTimeoutMs: 120_000,
    env: {
      DEMO_DATA: "off",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      DATABASE_POOL_SIZE: String(poolSize),
      DATABASE_URL: target.engine === "postgres" ? target.url : undefined,
    },
  }).catch((error: unknown) => {
    if (scratchDir) fs.rmSync(scratchDir, { recursive: true, force: true });
    throw error;
  });
  const server: Server = {
    url: app.url,
    output: app.output,
    stop: async () => {
      await app.stop();
      if (scratchDir) fs.rmSync(scratchDir, { recursive: true, force: true });
      runningServer = null;
    },
  };
  runningServer = server;
  return server;
}

type PageSummary = { items: number; hasNextPage: boolean };

/**
 * Calls every entry of the mix once, checks the answers (200, JSON with items) and appends the
 * page-2 entries. Also warms the server and the database cache.
 */
async function completeMixOverHttp(url: string): Promise<{ mix: MixEntry[]; pages: PageSummary[] }> {
  const mix = [...SEARCH_MIX];
  const pages: PageSummary[] = [];
  for (let i = 0; i < mix.length; i++) {
    const entry = mix[i]!;
    const response = await fetch(`${url}/api/products?${entry.query}`);
    const text = await response.text();
    if (response.status === 404 && !text.startsWith("{"))
      throw new Error("GET /api/products answered 404: the production build predates it. Run npm run build.");
    if (response.status !== 200)
      throw new Error(`GET /api/products?${entry.query} answered ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { items: unknown[]; nextCursor: string | null };
    pages.push({ items: body.items.length, hasNextPage: body.nextCursor !== null });
    if (entry.nextPage && body.nextCursor) mix.push(nextPageEntry(entry, body.nextCursor));
  }
  return { mix, pages };
}

/** Drives GET /api/products with autocannon, each request taking the next entry of the mix. */
async function runHttp(url: string, mix: MixEntry[], connections: number, seconds: number): Promise<RunResult> {
  const recorder = new Recorder(mix);
  let next = 0;
  let completed: { index: number; ok: boolean } | null = null;
  let badBodies = 0;
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 30,
        requests: [
          {
            method: "GET",
            setupRequest: (request, context) => {
              const index = next++ % mix.length;
              context.index = index;
              return { ...request, path: `/api/products?${mix[index]!.query}` };
            },
            // runs just before the instance's 'response' event for the same response
            onResponse: (status, body, context) => {
              completed = { index: context.index as number, ok: status === 200 && body.startsWith('{"items":[') };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (!completed) return;
      recorder.record(completed.index, responseTime);
      if (!completed.ok) badBodies++;
      completed = null;
    });
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return recorder.result(
    "http",
    connections,
    result.duration,
    { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, badBodies },
    statusCodes,
  );
}

// ---------------------------------------------------------------------------------------------
// direct calls

/** The arguments GET /api/products passes to searchProducts for this query string. */
function searchQueryOf(query: string): ProductSearchQuery {
  const asked = apiSearchQuery(new URLSearchParams(query));
  if ("error" in asked) throw new Error(`${asked.error} in ${query}`);
  return asked.query;
}

/** `connections` concurrent callers of searchProducts, each taking the next entry of the mix, for `seconds`. */
async function runDirect(
  db: Db,
  mix: MixEntry[],
  queries: ProductSearchQuery[],
  connections: number,
  seconds: number,
): Promise<RunResult> {
  const recorder = new Recorder(mix);
  let next = 0;
  let errors = 0;
  let unfinished = 0;
  let firstError: unknown = null;
  const deadline = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const index = next++ % queries.length;
      const t = performance.now();
      try {
        await searchProducts(db, queries[index]!);
        const done = performance.now();
        // like autocannon, which drops the requests still in flight when the time is up
        if (done <= deadline) recorder.record(index, done - t);
        else unfinished++;
      } catch (error) {
        errors++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  if (firstError)
    console.error(`  first error: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
  const result = recorder.result("direct", connections, seconds, { non2xx: 0, errors, timeouts: 0, badBodies: 0 });
  return { ...result, unfinished };
}

// ---------------------------------------------------------------------------------------------
// query plans

type Statement = { sql: string; params: unknown[] };
type ExplainedStatement = Statement & { plan: string[]; executionMs: number | null; planningMs: number | null };
type Explainer = {
  db: Db;
  captured: Statement[];
  explain: (statement: Statement) => Promise<string[]>;
  close: () => Promise<void>;
};

/** A Drizzle database that records the SQL searchProducts sends, and a way to EXPLAIN (ANALYZE, BUFFERS) it. */
async function openExplainer(target: BenchTarget, database: Database | null): Promise<Explainer> {
  const captured: Statement[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ sql: query, params }) };
  if (target.engine === "postgres") {
    const client = postgres(target.url, { max: 1, onnotice: () => {} });
    return {
      db: drizzlePostgres(client, { casing: "snake_case", logger }) as unknown as Db,
      captured,
      explain: async (s) => {
        const rows = await client.unsafe(`explain (analyze, buffers) ${s.sql}`, s.params as never[]);
        return rows.map((row) => String((row as Record<string, unknown>)["QUERY PLAN"]));
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  // PGlite allows one open instance per data directory: reuse the benchmark's client.
  const client = (database!.db as unknown as { $client: PGlite }).$client;
  return {
    db: drizzlePglite(client, { casing: "snake_case", logger }) as unknown as Db,
    captured,
    explain: async (s) =>
      (await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${s.sql}`, s.params)).rows.map(
        (r) => r["QUERY PLAN"],
      ),
    close: async () => {},
  };
}

function timing(plan: string[], name: string): number | null {
  const line = plan.find((l) => l.startsWith(`${name}:`));
  const match = line?.match(/([\d.]+) ms/);
  return match ? Number(match[1]) : null;
}

async function explainEntry(explainer: Explainer, entry: MixEntry): Promise<ExplainedStatement[]> {
  // a first call reads what a warm app server already holds (the statistics, the words' lexemes): explain the second
  await searchProducts(explainer.db, searchQueryOf(entry.query));
  explainer.captured.length = 0;
  await searchProducts(explainer.db, searchQueryOf(entry.query));
  const statements = [...explainer.captured];
  const explained: ExplainedStatement[] = [];
  for (const statement of statements) {
    const plan = await explainer.explain(statement);
    explained.push({
      ...statement,
      plan,
      executionMs: timing(plan, "Execution Time"),
      planningMs: timing(plan, "Planning Time"),
    });
  }
  return explained;
}

// ---------------------------------------------------------------------------------------------
// reporting

const ms = (n: number) => n.toFixed(1).padStart(7);

function runLine(run: RunResult) {
  const f = run.failures;
  const failures = f.non2xx + f.errors + f.timeouts + f.badBodies;
  return (
    `  ${run.mode.padEnd(6)} ${String(run.connections).padStart(3)} conn  ${formatInt(run.requests).padStart(7)} req  ${run.perSecond.toFixed(0).padStart(5)}/s` +
    `  p50 ${ms(run.latency.p50)}  p95 ${ms(run.latency.p95)}  p99 ${ms(run.latency.p99)}  max ${ms(run.latency.max)} ms  failures ${failures}`
  );
}

type Budget = { budget: string; connections: number | null; measured: string; status: "PASS" | "MISS" | "NOT RUN" };

function checkBudgets(engine: BenchTarget["engine"], runs: RunResult[]): Budget[] {
  const find = (mode: RunResult["mode"], connections: number) =>
    runs.find((r) => r.mode === mode && r.connections === connections);
  const p95Budget = (connections: number): Budget => {
    const http = find("http", connections);
    return {
      budget: `HTTP p95 ≤ ${HTTP_P95_BUDGET_MS} ms`,
      connections,
      measured: http ? `${http.latency.p95.toFixed(1)} ms` : "-",
      status: !http ? "NOT RUN" : http.latency.p95 <= HTTP_P95_BUDGET_MS ? "PASS" : "MISS",
    };
  };
  const ratioBudget = (connections: number): Budget => {
    const http = find("http", connections);
    const direct = find("direct", connections);
    const ratio = http && direct ? http.latency.p95 / direct.latency.p95 : null;
    return {
      budget: `HTTP p95 ≤ ${HTTP_OVER_DIRECT_BUDGET} × direct p95`,
      connections,
      measured: ratio === null ? "-" : `${ratio.toFixed(2)}×`,
      status: ratio === null ? "NOT RUN" : ratio <= HTTP_OVER_DIRECT_BUDGET ? "PASS" : "MISS",
    };
  };
  const budgets = engine === "postgres" ? [p95Budget(10), ratioBudget(10)] : [p95Budget(1), ratioBudget(10)];
  const failed = runs.reduce(
    (n, r) => n + r.failures.non2xx + r.failures.errors + r.failures.timeouts + r.failures.badBodies,
    0,
  );
  budgets.push({
    budget: "every response 200 with items, no errors",
    connections: null,
    measured: `${failed} failed`,
    status: failed === 0 ? "PASS" : "MISS",
  });
  return budgets;
}

function redactUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

// ---------------------------------------------------------------------------------------------

function positive(name: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

async function main() {
  const target = benchTarget(args);
  if (target.engine === "pglite" && !fs.existsSync(path.join(target.dataDir, "pgdata"))) {
    throw new Error(`No database in ${target.dataDir}: run npm run bench:seed -- --data-dir ${target.dataDir} first.`);
  }
  const duration = positive("duration", args.duration);
  const warmup = Number(args.warmup ?? 0);
  const explainCount = Math.floor(Number(args.explain ?? 0));
  const connectionsList = args.connections
    ? [Math.floor(positive("connections", args.connections))]
    : target.engine === "postgres"
      ? [10]
      : [1, 10];
  const maxConnections = Math.max(...connectionsList);
  const loadBefore = os.loadavg();
  console.log(
    `Search benchmark on ${describeTarget(target)}: ${connectionsList.join(" and ")} connection(s), ${duration} s per run, ${warmup} s warm-up`,
  );
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
  );

  const runs: RunResult[] = [];

  // (a) HTTP, through the production server
  console.log(`\n(a) GET /api/products through the production server (node server.js)`);
  const server = await startServer(target, maxConnections);
  let mix: MixEntry[];
  let httpPages: PageSummary[];
  try {
    ({ mix, pages: httpPages } = await completeMixOverHttp(server.url));
    console.log(
      `  mix: ${mix.length} queries (${SEARCH_MIX.length} + ${mix.length - SEARCH_MIX.length} second pages), each checked once`,
    );
    for (const connections of connectionsList) {
      if (warmup > 0) await runHttp(server.url, mix, connections, warmup);
      const run = await runHttp(server.url, mix, connections, duration);
      runs.push(run);
      console.log(runLine(run));
      if (run.failures.non2xx) console.log(`    status codes: ${JSON.stringify(run.statusCodes)}`);
    }
  } finally {
    await server.stop();
  }

  // (b) the same function, called directly
  console.log(
    `\n(b) searchProducts() called directly (${target.engine === "postgres" ? "a pool of one connection per caller" : "one PGlite connection: callers queue"})`,
  );
  const queries = mix.map((entry) => searchQueryOf(entry.query));
  let pglite: Database | null = null;
  let catalogue = { products: 0, active: 0 };
  const mismatches: string[] = [];
  const solo: number[] = [];
  try {
    if (target.engine === "pglite") pglite = await openTarget(target);
    for (const connections of connectionsList) {
      const database = pglite ?? (await openTarget(target, connections));
      try {
        if (runs.filter((r) => r.mode === "direct").length === 0) {
          const [row] = await queryRows<{ products: number; active: number }>(
            database.db,
            sql`select count(*)::int as products, (count(*) filter (where status = 'active'))::int as active from products`,
          );
          catalogue = row ?? catalogue;
          // each query alone (no concurrency): the same answers as over HTTP, and the solo latency of a second
          // call (the first on a new connection also loads the catalog caches and prepares the statement)
          for (let i = 0; i < mix.length; i++) {
            await searchProducts(database.db, queries[i]!);
            const t = performance.now();
            const page = await searchProducts(database.db, queries[i]!);
            solo[i] = performance.now() - t;
            const http = httpPages[i]!;
            if (page.items.length !== http.items || (page.nextCursor !== null) !== http.hasNextPage)
              mismatches.push(mix[i]!.query);
          }
          console.log(`  catalogue: ${formatInt(catalogue.products)} products (${formatInt(catalogue.active)} active)`);
          if (mismatches.length)
            console.log(
              `  WARNING: ${mismatches.length} queries answered differently than over HTTP: ${mismatches.join(" | ")}`,
            );
        }
        if (warmup > 0) await runDirect(database.db, mix, queries, connections, warmup);
        const run = await runDirect(database.db, mix, queries, connections, duration);
        runs.push(run);
        console.log(runLine(run));
      } finally {
        if (!pglite) await database.close();
      }
    }

    // (c) where the time goes: the slowest queries of the mix, by their solo latency, explained
    const reference = runs.filter((r) => r.mode === "direct").sort((a, b) => b.connections - a.connections)[0]!;
    const httpReference = runs.find((r) => r.mode === "http" && r.connections === reference.connections);
    const slowest = mix.map((_, index) => index).sort((a, b) => solo[b]! - solo[a]!);
    console.log(
      `\nSlowest queries of the mix: alone (a second direct call, warm connection), and their p50 in the ${reference.connections}-connection runs:`,
    );
    console.log(`  ${"alone".padStart(9)}  ${"direct p50".padStart(10)}  ${"HTTP p50".padStart(8)}  rows  query`);
    for (const index of slowest.slice(0, 15)) {
      const direct = reference.perQuery[index]!.latency;
      const http = httpReference?.perQuery[index]?.latency;
      const p50 = (l: LatencyStats | undefined) => (l && l.count ? ms(l.p50) : "      -");
      console.log(
        `  ${ms(solo[index]!)} ms  ${p50(direct).padStart(10)}  ${p50(http).padStart(8)}  ${String(httpPages[index]!.items).padStart(4)}  ${mix[index]!.label}: ${decodeURIComponent(mix[index]!.query) || "(none)"}`,
      );
    }
    // one query per shape (the label before its colon: "text", "category + sort", …), slowest first
    const shapes = new Set<string>();
    const toExplain = slowest
      .filter((index) => {
        const shape = mix[index]!.label.split(":")[0]!;
        return !shapes.has(shape) && Boolean(shapes.add(shape));
      })
      .slice(0, explainCount);

    const explained: { label: string; query: string; soloMs: number; statements: ExplainedStatement[] }[] = [];
    if (toExplain.length) {
      console.log(
        `\nEXPLAIN (ANALYZE, BUFFERS) of the slowest query of each of the ${toExplain.length} slowest shapes (plan nodes, conditions and times):`,
      );
      const explainer = await openExplainer(target, pglite);
      try {
        for (const index of toExplain) {
          const entry = mix[index]!;
          const statements = await explainEntry(explainer, entry);
          explained.push({ label: entry.label, query: entry.query, soloMs: solo[index]!, statements });
          console.log(
            `\n■ ${entry.label}: ${decodeURIComponent(entry.query) || "(none)"}  (alone ${solo[index]!.toFixed(1)} ms)`,
          );
          for (const [n, s] of statements.entries()) {
            console.log(
              `  statement ${n + 1}/${statements.length}: execution ${s.executionMs ?? "?"} ms, planning ${s.planningMs ?? "?"} ms`,
            );
            console.log(`    params: ${JSON.stringify(s.params).slice(0, 200)}`);
            const topBuffers = s.plan.find((l) => l.trim().startsWith("Buffers:"));
            if (topBuffers) console.log(`    ${topBuffers.trim()} (whole statement)`);
            const jit = s.plan.find((l) => l.trim().startsWith("Timing:"));
            if (jit) console.log(`    JIT ${jit.trim()}`);
            const nodes = s.plan.filter((l) => !PLAN_DETAIL.test(l));
            for (const line of nodes.slice(0, PLAN_LINES))
              console.log(`    ${line.length > 170 ? `${line.slice(0, 167)}...` : line}`);
            if (nodes.length > PLAN_LINES)
              console.log(`    … ${nodes.length - PLAN_LINES} more lines; the whole plan is in the JSON results`);
          }
        }
      } finally {
        await explainer.close();
      }
    }

    // summary
    const loadAfter = os.loadavg();
    console.log(
      `\nSummary (${describeTarget(target)}, ${formatInt(catalogue.products)} products, ${mix.length} queries in the mix, ${duration} s per run), latencies in ms:`,
    );
    console.log(
      `  conns │ HTTP  p50     p95     p99    req/s  fail │ direct p50  p95     p99   calls/s │ HTTP p95 / direct p95`,
    );
    for (const connections of connectionsList) {
      const http = runs.find((r) => r.mode === "http" && r.connections === connections)!;
      const direct = runs.find((r) => r.mode === "direct" && r.connections === connections)!;
      const fail = http.failures.non2xx + http.failures.errors + http.failures.timeouts + http.failures.badBodies;
      console.log(
        `  ${String(connections).padStart(5)} │ ${ms(http.latency.p50)} ${ms(http.latency.p95)} ${ms(http.latency.p99)} ${http.perSecond.toFixed(0).padStart(7)} ${String(fail).padStart(5)} │` +
          ` ${ms(direct.latency.p50)} ${ms(direct.latency.p95)} ${ms(direct.latency.p99)} ${direct.perSecond.toFixed(0).padStart(7)} │ ${(http.latency.p95 / direct.latency.p95).toFixed(2)}×`,
      );
    }
    const budgets = checkBudgets(target.engine, runs);
    console.log(`\nBudgets (${target.engine}):`);
    for (const b of budgets)
      console.log(
        `  ${b.status.padEnd(7)} ${b.budget} ${b.connections === null ? "in every run" : `at ${b.connections} connection(s)`}: ${b.measured}`,
      );
    console.log(
      `Load average after: ${loadAfter.map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} CPUs, shared: figures are noisy)`,
    );

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(RESULTS_DIR, `search-${target.engine}-${stamp}.json`);
    const report = {
      date: new Date().toISOString(),
      target: target.engine === "postgres" ? { engine: "postgres", url: redactUrl(target.url) } : target,
      catalogue,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        loadBefore,
        loadAfter,
        node: process.version,
      },
      settings: { connections: connectionsList, durationSeconds: duration, warmupSeconds: warmup },
      mix: mix.map((entry, i) => ({ ...entry, httpItems: httpPages[i]?.items, soloMs: solo[i] })),
      mismatches,
      runs,
      budgets,
      explained,
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results: ${path.relative(process.cwd(), file)}`);
    if (budgets.some((b) => b.status === "MISS")) process.exitCode = 1;
  } finally {
    await pglite?.close();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void (runningServer?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  await runningServer?.stop();
  process.exit(1);
});
