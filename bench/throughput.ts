/**
 * Home page throughput (issue #25): the production server rendering `/` for anonymous visitors, and serving it
 * from its own page cache, each against a bare `node:http` server sending the same bytes, in one run.
 *
 *   npm run build && npm run bench:throughput -- [--duration 10] [--connections 10]
 *
 * Targets: rendered ≥ 0.03× the bare server, from the app's cache ≥ 0.3×.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";
import { freePort, startAppServer } from "../tests/support/app-server";

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const TARGETS = { rendered: 0.03, cached: 0.3 };

function run(url: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function bareServer(body: Buffer): Promise<{ url: string; stop: () => void }> {
  const file = path.join(os.tmpdir(), `setu-throughput-${process.pid}.html`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const script = `const body = require("node:fs").readFileSync(${JSON.stringify(file)});
require("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

const line = (name: string, result: Result, baseline?: number) =>
  `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}${
    baseline ? `   ${(result.requests.average / baseline).toFixed(3)}× bare` : ""
  }`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-throughput-"));
const results: Record<string, Result> = {};
try {
  // first the server that renders every page (it also seeds the demo data the second one reuses)
  let app = await startAppServer({ dataDir, env: { PAGE_CACHE: "off" }, startTimeoutMs: 300_000 });
  const body = Buffer.from(await (await fetch(`${app.url}/`)).arrayBuffer());
  console.log(`home page: ${(body.length / 1024).toFixed(1)} KB of HTML; ${connections} connections, ${duration} s each\n`);
  await run(`${app.url}/`); // warm-up: JIT, the featured products and figures memos
  results.rendered = await run(`${app.url}/`);
  await app.stop();

  const bare = await bareServer(body);
  results.bare = await run(bare.url);
  bare.stop();

  app = await startAppServer({ dataDir, startTimeoutMs: 300_000 });
  await fetch(`${app.url}/`);
  results.cached = await run(`${app.url}/`);
  await app.stop();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const baseline = results.bare!.requests.average;
console.log(line("bare node:http, same bytes", results.bare!));
console.log(line("app, rendered", results.rendered!, baseline));
console.log(line("app, from its page cache", results.cached!, baseline));
const ratios = { rendered: results.rendered!.requests.average / baseline, cached: results.cached!.requests.average / baseline };
const missed = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => ratios[k] < TARGETS[k]);
console.log(missed.length ? `\nbelow target: ${missed.map((k) => `${k} ${ratios[k].toFixed(3)}× < ${TARGETS[k]}×`).join(", ")}` : "\nboth targets met");
process.exitCode = missed.length ? 1 : 0;
