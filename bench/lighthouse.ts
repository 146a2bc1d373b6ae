/**
 * Lighthouse (issue #25): mobile performance and accessibility of the pages a visitor lands on, on the
 * production build with the demo data, in Debian's Chromium (never a downloaded browser).
 *
 *   npm run build && npm run bench:lighthouse -- [--runs 5] [--url http://127.0.0.1:3000] [--chrome /usr/bin/chromium]
 *                                                [--throttling simulate|devtools] [--seller rajesh@shakti-textiles.example]
 *                                                [--pages dashboard,quote]
 *
 * Without --url it starts the production server on a fresh data directory (which seeds the demo data).
 * Each page is measured --runs times; the figures are the medians. Targets: performance ≥ 95 and
 * accessibility 100 on every page. Accessibility audits that fail in any run are listed.
 * With --seller, a demo supplier's pages instead, signed in (issue #43 item 5: performance ≥ 90, accessibility 100):
 * the dashboard, an open RFQ with the quote form open, and a message thread.
 * LIGHTHOUSE_DETAILS=1 prints the first run's LCP element, render-blocking resources and unused JavaScript;
 * LIGHTHOUSE_SAVE=<folder> writes every run's whole report there (<page>-<run>.json).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppServer, type AppServer } from "../tests/support/app-server";
import { CHROMIUM_ARGS } from "../tests/support/chromium-args";
import { demoSessionCookie } from "./demo-session";
import { median } from "./stats";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    url: { type: "string" },
    chrome: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    // simulate: Lighthouse's default (the page loads at full speed, slow 4G and a 4x slower CPU are simulated);
    // devtools: the network and CPU are really throttled while the page loads
    throttling: { type: "string", default: "simulate" },
    seller: { type: "string" },
    // only these pages (by name, comma-separated: home,browse,product,store,rfqs or dashboard,quote,thread)
    pages: { type: "string" },
  },
});
const runs = Number(values.runs);
const seller = values.seller;
const TARGETS = { performance: seller ? 90 : 95, accessibility: 100 };
/** The signed-in supplier's session cookie (`name=value`): in Chromium's own cookie jar for Lighthouse's runs. */
let cookie: string | null = null;
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;

/** A demo supplier's dashboard, the first open RFQ it may quote on (its quote form open) and its first thread. */
async function sellerPages(base: string): Promise<Array<[string, string]>> {
  const signedIn = { headers: { cookie: cookie! } };
  const rfqs = await (await fetch(`${base}/rfqs`, signedIn)).text();
  const rfq = /href="(\/rfqs\/[0-9a-f-]{36})"/.exec(rfqs)?.[1];
  const inbox = await (await fetch(`${base}/messages`, signedIn)).text();
  const thread = /href="(\/messages\/[0-9a-f-]{36})"/.exec(inbox)?.[1];
  if (!rfq || !thread) throw new Error("no open RFQ or conversation for the supplier: is the demo data there?");
  return [
    ["dashboard", "/dashboard"],
    ["quote", `${rfq}?quote=1`],
    ["thread", thread],
  ];
}

/** A product page and a store page of the demo data: the first ones the marketplace lists. */
async function pages(base: string): Promise<Array<[string, string]>> {
  if (seller) return sellerPages(base);
  const browse = await (await fetch(`${base}/browse`)).text();
  const product = /href="(\/product\/[0-9a-f-]{36})"/.exec(browse)?.[1];
  const stores = await (await fetch(`${base}/browse?tab=stores`)).text();
  const store = /href="(\/stores\/[0-9a-f-]{36})"/.exec(stores)?.[1];
  if (!product || !store) throw new Error("no product or store found on /browse: is the demo data there?");
  return [
    ["home", "/"],
    ["browse", "/browse"],
    ["product", product],
    ["store", store],
    ["rfqs", "/rfqs"],
  ];
}

type PageResult = {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  /** Lighthouse's CPU benchmark at the start of each run (higher is faster): how busy the machine was. */
  benchmarkIndex: number;
  failing: string[];
};

/** One Lighthouse run; a run that failed to record its trace (NO_NAVSTART and the like, on a busy machine) is repeated, twice at most. */
async function lighthouseRun(url: string, port: number, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    throttlingMethod: values.throttling === "devtools" ? "devtools" : "simulate",
    // the session is a cookie in the browser's jar (setSessionCookie), not an extra header: Lighthouse's header
    // reaches only the page's own requests, so anything else the page starts went without it. Its storage reset
    // (cache, service workers, Cache Storage before each run) leaves cookies alone, so every run is still cold.
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // a page measured must be the page asked for: a signed-in page that sent Lighthouse to the sign-in form scores the form
  if (!lhr.runtimeError && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url}: Lighthouse ended on ${lhr.finalDisplayedUrl}, not the page asked for (signed out?)`);
  // …and signed in all along: no request to the app was refused (the live events' stream answers 401 without a session)
  if (!lhr.runtimeError && cookie) {
    const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; statusCode: number }> })
      ?.items;
    if (!requests?.length)
      throw new Error(`${url}: Lighthouse recorded no requests, cannot tell the run stayed signed in`);
    const origin = new URL(url).origin;
    const refused = requests.filter((r) => r.url.startsWith(origin) && (r.statusCode === 401 || r.statusCode === 403));
    if (refused.length)
      throw new Error(
        `${url}: refused during the run (signed out?): ${refused.map((r) => `${r.statusCode} ${r.url}`).join(", ")}`,
      );
    if (!(await sessionCookieInJar(port)))
      throw new Error(`${url}: the session cookie left the browser during the run`);
  }
  // …and with its own code: a script or stylesheet the app did not serve (a build replaced during the run) scores a page
  // that never hydrated
  const missing = (
    (
      lhr.audits["network-requests"]?.details as {
        items?: Array<{ url: string; statusCode: number; resourceType?: string }>;
      }
    )?.items ?? []
  ).filter(
    (r) =>
      r.url.startsWith(new URL(url).origin) &&
      (r.resourceType === "Script" || r.resourceType === "Stylesheet") &&
      r.statusCode >= 400,
  );
  if (!lhr.runtimeError && missing.length)
    throw new Error(
      `${url}: the page's own code was not served: ${missing.map((r) => `${r.statusCode} ${r.url}`).join(", ")}`,
    );
  if (!lhr.runtimeError) return lhr;
  const message = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
  if (attempt > 2) throw new Error(message);
  console.log(`  ${message}: run again`);
  return lighthouseRun(url, port, attempt + 1);
}

/** Calls one method of the browser's DevTools protocol (its browser target: the cookie jar all pages share). */
async function browserCommand<T>(port: number, method: string, params: object = {}): Promise<T> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    return await new Promise<T>((resolve, reject) => {
      socket.addEventListener("message", (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; result?: T; error?: { message: string } };
        if (answer.id !== 1) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve(answer.result as T);
      });
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/** Puts the supplier's session cookie into the browser's cookie jar, as signing in through the form would. */
async function setSessionCookie(port: number, base: string) {
  const [name, ...value] = cookie!.split("=");
  await browserCommand(port, "Storage.setCookies", {
    cookies: [
      {
        name,
        value: value.join("="),
        url: base,
        path: "/",
        httpOnly: true,
        secure: base.startsWith("https:"),
        sameSite: "Lax",
      },
    ],
  });
  if (!(await sessionCookieInJar(port))) throw new Error("the session cookie did not reach the browser's cookie jar");
}

async function sessionCookieInJar(port: number): Promise<boolean> {
  const { cookies } = await browserCommand<{ cookies: Array<{ name: string; value: string }> }>(
    port,
    "Storage.getCookies",
  );
  return cookies.some((c) => `${c.name}=${c.value}` === cookie);
}

async function measure(port: number, base: string, name: string, pagePath: string): Promise<PageResult> {
  const url = `${base}${pagePath}`;
  await fetch(url, cookie ? { headers: { cookie } } : {}); // warm-up: the page's queries, its image variants (made on first request), the page cache
  const scores = { performance: [] as number[], accessibility: [] as number[] };
  const metrics: Record<string, number[]> = {};
  const failing = new Set<string>();
  const benchmarkIndexes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const lhr = await lighthouseRun(url, port);
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    scores.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    scores.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
    for (const id of Object.keys(METRICS)) (metrics[id] ??= []).push(lhr.audits[id]?.numericValue ?? NaN);
    for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${ref.id}: ${audit.title}`);
    }
    if (process.env.LIGHTHOUSE_SAVE)
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${name}-${run + 1}.json`), JSON.stringify(lhr));
    for (const id of ["largest-contentful-paint-element", "render-blocking-resources", "unused-javascript"]) {
      const audit = lhr.audits[id];
      if (run === 0 && process.env.LIGHTHOUSE_DETAILS && audit)
        console.log(`  ${name} ${id}: ${audit.displayValue ?? ""} ${JSON.stringify(audit.details).slice(0, 600)}`);
    }
  }
  return {
    name,
    path: pagePath,
    performance: median(scores.performance),
    accessibility: median(scores.accessibility),
    metrics: Object.fromEntries(Object.entries(metrics).map(([id, list]) => [id, median(list)])),
    benchmarkIndex: median(benchmarkIndexes),
    failing: [...failing],
  };
}

const dataDir = values.url ? null : fs.mkdtempSync(path.join(os.tmpdir(), "setu-lighthouse-"));
let app: AppServer | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
const results: PageResult[] = [];
try {
  if (!values.url) app = await startAppServer({ dataDir: dataDir!, startTimeoutMs: 300_000 });
  const base = values.url ?? app!.url;
  if (seller) cookie = await demoSessionCookie(base, seller);
  chrome = await chromeLauncher.launch({
    chromePath: values.chrome,
    chromeFlags: CHROMIUM_ARGS,
  });
  if (cookie) await setSessionCookie(chrome.port, base);
  console.log(
    `Lighthouse mobile (${values.throttling} throttling), median of ${runs} runs per page, load average ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  const only = values.pages?.split(",");
  for (const [name, pagePath] of (await pages(base)).filter(([name]) => !only || only.includes(name))) {
    const result = await measure(chrome.port, base, name, pagePath);
    results.push(result);
    const m = result.metrics;
    console.log(
      `${name.padEnd(8)} performance ${String(result.performance).padStart(3)}   accessibility ${String(result.accessibility).padStart(3)}   ` +
        Object.entries(METRICS)
          .map(([id, label]) =>
            id === "cumulative-layout-shift" ? `${label} ${m[id]!.toFixed(3)}` : `${label} ${Math.round(m[id]!)} ms`,
          )
          .join("   ") +
        `   CPU benchmark ${Math.round(result.benchmarkIndex)}`,
    );
    for (const audit of result.failing) console.log(`         accessibility: ${audit}`);
    // every run was checked (lighthouseRun): it ended on this page, nothing of the app's was refused, the cookie stayed
    if (cookie) console.log(`         signed in, on ${pagePath}, in all ${runs} runs`);
  }
} finally {
  chrome?.kill();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`load average after: ${os.loadavg()[0]!.toFixed(2)}`);
const missed = results.filter((r) => r.performance < TARGETS.performance || r.accessibility < TARGETS.accessibility);
console.log(
  missed.length
    ? `\nbelow target (performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}): ${missed.map((r) => r.name).join(", ")}`
    : "\nevery page meets both targets",
);
process.exitCode = missed.length ? 1 : 0;
