/**
 * What a signed-in page costs next to an anonymous one (issue #40): sequential requests for the same page, one at a
 * time, anonymous and signed in (the demo buyer) alternating, on the embedded database (PGlite) and on PostgreSQL,
 * in one run. The app's page cache is off (PAGE_CACHE=off), so both pages are rendered: render against render.
 *
 *   npm run build && npm run bench:signed-in -- [--requests 300] [--path /] [--database-url postgres://…/postgres]
 *
 * --database-url names a server where the script may create (and afterwards drop) a database of its own; without it,
 * postgres://postgres@127.0.0.1:5432/postgres. `--engines pglite` or `--engines postgres` measures one engine.
 * Target: the median signed-in latency at most 1.5× the median anonymous one, on each engine.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { startAppServer, type AppServer } from "../tests/support/app-server";
import { median } from "./stats";
import { demoSessionCookie } from "./demo-session";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    path: { type: "string", default: "/" },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    engines: { type: "string", default: "pglite,postgres" },
  },
});
const requests = Math.max(10, Number(values.requests));
const pagePath = values.path;
const engines = values.engines.split(",").map((engine) => engine.trim());
const TARGET = 1.5;
const DEMO_BUYER = "sarah@brooklyn-home-goods.example";

/** A demo buyer's session cookie (the demo data is seeded when the server starts on an empty database). */
const signIn = (baseUrl: string) => demoSessionCookie(baseUrl, DEMO_BUYER);

/** User + system CPU time of a process so far (all its threads: the embedded database's too), in µs (Linux). */
function cpuUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** One request, read to its end (as a browser asks: compressed), in milliseconds. */
async function timed(url: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { "accept-encoding": "gzip, deflate, br, zstd", ...(cookie ? { cookie } : {}) },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

type Measured = {
  engine: string;
  anonymous: number[];
  signedIn: number[];
  /** the app process's CPU per request, µs: steadier than wall time on a shared machine */
  cpu: { anonymous: number; signedIn: number };
  signedInMarker: boolean;
};

/**
 * `requests` of each kind, alternating one anonymous and one signed-in request so that the shared machine's
 * changing speed falls on both alike; after a warm-up of 30 each.
 */
async function measure(engine: string, server: AppServer): Promise<Measured> {
  const url = `${server.url}${pagePath}`;
  const cookie = await signIn(server.url);
  const page = await (await fetch(url, { headers: { cookie } })).text();
  // the signed-in page must really be one (the buyer in the root data, no "Sign In" link), or the comparison says nothing
  const signedInMarker = page.includes(DEMO_BUYER) && !page.includes(">Sign In<");
  for (let i = 0; i < 30; i++) {
    await timed(url);
    await timed(url, cookie);
  }
  const anonymous: number[] = [];
  const signedIn: number[] = [];
  const pid = server.process.pid!;
  const cpu = { anonymous: 0, signedIn: 0 };
  for (let i = 0; i < requests; i++) {
    let before = cpuUs(pid);
    anonymous.push(await timed(url));
    cpu.anonymous += cpuUs(pid) - before;
    before = cpuUs(pid);
    signedIn.push(await timed(url, cookie));
    cpu.signedIn += cpuUs(pid) - before;
  }
  cpu.anonymous /= requests;
  cpu.signedIn /= requests;
  return { engine, anonymous, signedIn, cpu, signedInMarker };
}

const results: Measured[] = [];
const folders: string[] = [];
try {
  for (const engine of engines) {
    let server: AppServer;
    let dropDatabase: (() => Promise<void>) | undefined;
    if (engine === "pglite") {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-signed-in-"));
      folders.push(dataDir);
      server = await startAppServer({ dataDir, env: { PAGE_CACHE: "off" }, startTimeoutMs: 300_000 });
    } else if (engine === "postgres") {
      const name = `setu_signed_in_${crypto.randomBytes(4).toString("hex")}`;
      const admin = postgres(values["database-url"], { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const databaseUrl = new URL(values["database-url"]);
      databaseUrl.pathname = `/${name}`;
      dropDatabase = async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end({ timeout: 5 });
      };
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-signed-in-"));
      folders.push(dataDir);
      server = await startAppServer({
        dataDir,
        env: { PAGE_CACHE: "off", DATABASE_URL: databaseUrl.toString() },
        startTimeoutMs: 300_000,
      });
    } else throw new Error(`unknown engine ${engine} (pglite, postgres)`);
    try {
      results.push(await measure(engine, server));
    } finally {
      await server.stop();
      await dropDatabase?.();
    }
  }
} finally {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

const ms = (n: number) => `${n.toFixed(2).padStart(6)} ms`;
const p90 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.9)]!;
console.log(
  `${pagePath}: ${requests} sequential requests each, anonymous and signed in alternating; page cache off; load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")}\n`,
);
let missed = false;
for (const result of results) {
  const ratio = median(result.signedIn) / median(result.anonymous);
  if (ratio > TARGET || !result.signedInMarker) missed = true;
  console.log(
    `${result.engine.padEnd(9)} anonymous median ${ms(median(result.anonymous))} p90 ${ms(p90(result.anonymous))}   signed in median ${ms(median(result.signedIn))} p90 ${ms(p90(result.signedIn))}   ratio ${ratio.toFixed(2)}×   app CPU ${result.cpu.anonymous.toFixed(0)} vs ${result.cpu.signedIn.toFixed(0)} µs/request (${(result.cpu.signedIn / result.cpu.anonymous).toFixed(2)}×)${result.signedInMarker ? "" : "   (the signed-in page did not show a signed-in header!)"}`,
  );
}
console.log(missed ? `\nabove the target of ${TARGET}×` : `\nwithin the target of ${TARGET}× on every engine`);
process.exitCode = missed ? 1 : 0;
