/**
 * Home page throughput (issue #25): the production server rendering `/` for anonymous visitors, and serving it
 * from its own page cache, each against a bare `node:http` server sending the same bytes, in one run.
 *
 *   npm run build && npm run bench:throughput -- [--duration 10] [--connections 10] [--rounds 3]
 *
 * A measurement, not a budget (the rendered-ratio targets were retired: decision record 0046). Each round measures
 * the three servers one after the other; the median of the rounds' ratios is printed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import { freePort, startAppServer } from "../tests/support/app-server";
import { median } from "./stats";
import { demoSessionCookie } from "./demo-session";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const roundCount = Math.max(1, Number(values.rounds));

type Measured = Result & { cpuUsPerRequest: number };

/** User + system CPU time of a process so far, in µs (Linux). */
function cpuUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/**
 * autocannon against `url`, with the CPU the server process `pid` spent per request: requests a second follow
 * what the shared machine leaves the server; CPU per request much less so.
 */
async function run(url: string, pid: number): Promise<Measured> {
  const before = cpuUs(pid);
  const result = await new Promise<Result>((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  return Object.assign(result, { cpuUsPerRequest: (cpuUs(pid) - before) / Math.max(1, result.requests.total ?? 0) });
}

/**
 * The page as a browser asks for it (`Accept-Encoding: gzip, deflate, br, zstd`; signed in when given `cookie`):
 * `connections` keep-alive loops of Node's own client for `duration` seconds, with the server's CPU per request. Not
 * autocannon: it read the compressed answers several times slower than this client did, so it measured itself
 * (record 0040).
 */
async function asBrowser(
  url: string,
  pid: number,
  cookie?: string,
): Promise<{ perSecond: number; cpuUsPerRequest: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers: http.OutgoingHttpHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };
  if (cookie) headers.cookie = cookie;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          response.resume();
          response.on("end", resolve);
        })
        .on("error", reject);
    });
  await get();
  const before = cpuUs(pid);
  const started = Date.now();
  let requests = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() - started < duration * 1000) {
        await get();
        requests++;
      }
    }),
  );
  agent.destroy();
  return {
    perSecond: requests / ((Date.now() - started) / 1000),
    cpuUsPerRequest: (cpuUs(pid) - before) / Math.max(1, requests),
  };
}

/** A demo buyer's session cookie (the demo data is seeded when the server starts on an empty database). */
const signIn = (baseUrl: string) => demoSessionCookie(baseUrl, "sarah@brooklyn-home-goods.example");

async function bareServer(body: Buffer): Promise<{ url: string; pid: number; stop: () => void }> {
  const file = path.join(os.tmpdir(), `setu-throughput-${process.pid}.html`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const script = `const body = require("node:fs").readFileSync(${JSON.stringify(file)});
require("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

const line = (name: string, result: Measured, bare?: Measured) =>
  `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}   CPU ${result.cpuUsPerRequest.toFixed(0).padStart(5)} µs/req${
    bare
      ? `   ${(result.requests.average / bare.requests.average).toFixed(3)}× bare (by CPU ${(bare.cpuUsPerRequest / result.cpuUsPerRequest).toFixed(3)}×)`
      : ""
  }`;

type Round = { bare: Measured; rendered: Measured; cached: Measured };
const rounds: Round[] = [];
const asBrowsers: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-throughput-"));
const cachedDataDir = `${dataDir}-cached`;
try {
  // the first start seeds the demo data; the second server gets a copy (one process per data directory)
  let rendered = await startAppServer({ dataDir, env: { PAGE_CACHE: "off" }, startTimeoutMs: 300_000 });
  const body = Buffer.from(await (await fetch(`${rendered.url}/`)).arrayBuffer());
  await rendered.stop();
  fs.cpSync(dataDir, cachedDataDir, { recursive: true });
  console.log(
    `home page: ${(body.length / 1024).toFixed(1)} KB of HTML; ${connections} connections, ${duration} s each, ${roundCount} round(s)\n`,
  );
  rendered = await startAppServer({ dataDir, env: { PAGE_CACHE: "off" }, startTimeoutMs: 300_000 });
  const cached = await startAppServer({ dataDir: cachedDataDir, startTimeoutMs: 300_000 });
  const bare = await bareServer(body);
  try {
    // warm-up: JIT, the featured products and figures memos, the page cache
    await run(`${rendered.url}/`, rendered.process.pid!);
    await run(`${cached.url}/`, cached.process.pid!);
    // the three servers measured in turn, round after round: the shared machine's speed moves between runs, and
    // a ratio is only fair between measurements taken next to each other
    for (let round = 0; round < roundCount; round++) {
      rounds.push({
        bare: await run(bare.url, bare.pid),
        rendered: await run(`${rendered.url}/`, rendered.process.pid!),
        cached: await run(`${cached.url}/`, cached.process.pid!),
      });
    }
    const signedIn = await signIn(rendered.url);
    for (const [name, server, cookie] of [
      ["app, rendered", rendered, undefined],
      ["app, from its page cache", cached, undefined],
      ["app, signed in (rendered)", rendered, signedIn],
    ] as const) {
      const browser = await asBrowser(`${server.url}/`, server.process.pid!, cookie);
      asBrowsers.push(
        `${name.padEnd(28)} ${browser.perSecond.toFixed(0).padStart(7)} req/s   CPU ${browser.cpuUsPerRequest.toFixed(0).padStart(5)} µs/req`,
      );
    }
  } finally {
    bare.stop();
    await Promise.all([rendered.stop(), cached.stop()]);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(cachedDataDir, { recursive: true, force: true });
}

console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")}`,
);
rounds.forEach((results, i) => {
  console.log(`\nround ${i + 1}`);
  console.log(line("bare node:http, same bytes", results.bare));
  console.log(line("app, rendered", results.rendered, results.bare));
  console.log(line("app, from its page cache", results.cached, results.bare));
});
console.log(`\nas a browser asks (gzip, deflate, br, zstd; no target):\n${asBrowsers.join("\n")}`);
const ratios = {
  rendered: median(rounds.map((r) => r.rendered.requests.average / r.bare.requests.average)),
  cached: median(rounds.map((r) => r.cached.requests.average / r.bare.requests.average)),
};
console.log(
  `\nmedian of the rounds' ratios: rendered ${ratios.rendered.toFixed(4)}× bare, from the page cache ${ratios.cached.toFixed(4)}× bare`,
);
