// Image decompression bombs benchmark (issue 38): the app server's peak memory (RSS above idle) while 10 bomb
// uploads arrive at once, each from its own account, in three shapes:
//   (a) a store picture (POST /api/uploads): a solid 6300 × 6300 PNG (about 165 KB, 160 MB once decoded)
//   (b) a message's attachment (POST /messages/:id, the thread's form): the same PNG
//   (c) what gets past the header checks: a solid 4000 × 4000 PNG (16 MP, 64 MB decoded), as a store picture,
//       decoded through the global queue (two at a time)
// and a photo-sized upload afterwards (the server still answers). Budget: peak ≤ 300 MB above idle in each.
//   npm run build && npm run bench:image-bombs [-- --uploads 10]
// Starts its own production server on a throwaway PGlite with the demo data (for (b)'s conversations).
import fs from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { startAppServer } from "../tests/support/app-server";
import { HttpClient } from "../tests/support/http-client";
import { gaussianNoise } from "./pictures";

const { values: args } = parseArgs({ options: { uploads: { type: "string", default: "10" } } });
const UPLOADS = Number(args.uploads);
const BUDGET_MB = 300;
const PASSWORD = "Photo-Catalogue-88";

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signUp(url: string, n: number) {
  const client = new HttpClient(url);
  const response = await client.post("/auth", {
    intent: "signup",
    userType: "buyer",
    fullName: "Bench Bomber",
    companyName: `Bench Bombs ${n}`,
    email: `bench-bombs-${n}-${Date.now()}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  return client;
}

function productUpload(bytes: Buffer) {
  const form = new FormData();
  form.set("kind", "product");
  form.set("file", new File([new Uint8Array(bytes)], "solid.png", { type: "image/png" }));
  return form;
}

function messageUpload(bytes: Buffer) {
  const form = new FormData();
  form.set("intent", "send");
  form.set("body", "See the picture");
  form.set("attachments", new File([new Uint8Array(bytes)], "solid.png", { type: "image/png" }));
  return form;
}

/** Sends the requests at once and samples the server's RSS every 10 ms until all have answered. */
async function burst(pid: number, requests: Array<() => Promise<Response>>) {
  global.gc?.();
  await pause(1_500);
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  const statuses = await Promise.all(
    requests.map(async (request) => {
      const response = await request();
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return {
    statuses: counts,
    ms: Math.round(ms),
    idleMb: Math.round(idle),
    peakMb: Math.round(peak),
    peakAboveIdleMb: Math.round(peak - idle),
  };
}

async function main() {
  const bomb = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  const underChecks = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  const photo = await gaussianNoise(1600, 1200, 40).jpeg({ quality: 80 }).toBuffer();
  console.log(
    `bomb: 6300 × 6300 PNG of ${Math.round(bomb.length / 1024)} KB; under the checks: 4000 × 4000 PNG of ${Math.round(underChecks.length / 1024)} KB`,
  );
  const server = await startAppServer({ env: { RATE_LIMIT_SCALE: "10000" }, startTimeoutMs: 300_000 });
  const pid = server.process.pid!;
  const results: Record<string, unknown> = { date: new Date().toISOString(), uploads: UPLOADS };
  try {
    const clients = [];
    for (let i = 0; i < UPLOADS; i++) clients.push(await signUp(server.url, i));
    const productId = /\/product\/([0-9a-f-]{36})/.exec(await (await clients[0]!.get("/browse")).text())?.[1];
    if (!productId) throw new Error("no demo product on /browse");
    const threads = await Promise.all(
      clients.map(async (client) => {
        const opened = await client.post("/messages", {
          subjectType: "product",
          subjectId: productId,
          from: "/browse",
        });
        const thread = opened.headers.get("location");
        if (!thread?.startsWith("/messages/")) throw new Error(`contacting the supplier answered ${opened.status}`);
        return thread;
      }),
    );
    // warm up: one real upload of each kind loads the image library before idle is measured
    await (
      await clients[0]!.request("/api/uploads", {
        method: "POST",
        body: productUpload(photo),
        headers: { origin: server.url },
      })
    ).arrayBuffer();
    await (
      await clients[0]!.request(threads[0]!, {
        method: "POST",
        body: messageUpload(photo),
        headers: { origin: server.url },
      })
    ).arrayBuffer();

    results.productBombs = await burst(
      pid,
      clients.map(
        (client) => () =>
          client.request("/api/uploads", {
            method: "POST",
            body: productUpload(bomb),
            headers: { origin: server.url },
          }),
      ),
    );
    console.log("(a) store pictures", results.productBombs);
    results.attachmentBombs = await burst(
      pid,
      clients.map(
        (client, i) => () =>
          client.request(threads[i]!, { method: "POST", body: messageUpload(bomb), headers: { origin: server.url } }),
      ),
    );
    console.log("(b) message attachments", results.attachmentBombs);
    results.underTheChecks = await burst(
      pid,
      clients.map(
        (client) => () =>
          client.request("/api/uploads", {
            method: "POST",
            body: productUpload(underChecks),
            headers: { origin: server.url },
          }),
      ),
    );
    console.log("(c) 16 MP solid PNGs, decoded two at a time", results.underTheChecks);
    const after = await clients[1]!.request("/api/uploads", {
      method: "POST",
      body: productUpload(photo),
      headers: { origin: server.url },
    });
    results.photoAfterwards = after.status;

    type Burst = { statuses: Record<string, number>; peakAboveIdleMb: number };
    const [a, b, c] = [results.productBombs, results.attachmentBombs, results.underTheChecks] as Burst[];
    const checks = [
      [
        `(a) ${UPLOADS} store-picture bombs all refused with 413 (${JSON.stringify(a!.statuses)})`,
        a!.statuses["413"] === UPLOADS,
      ],
      [`(a) peak ${a!.peakAboveIdleMb} MB above idle ≤ ${BUDGET_MB} MB`, a!.peakAboveIdleMb <= BUDGET_MB],
      [
        `(b) ${UPLOADS} attachment bombs all refused with 413 (${JSON.stringify(b!.statuses)})`,
        b!.statuses["413"] === UPLOADS,
      ],
      [`(b) peak ${b!.peakAboveIdleMb} MB above idle ≤ ${BUDGET_MB} MB`, b!.peakAboveIdleMb <= BUDGET_MB],
      [`(c) peak ${c!.peakAboveIdleMb} MB above idle ≤ ${BUDGET_MB} MB`, c!.peakAboveIdleMb <= BUDGET_MB],
      [`a photo uploaded afterwards answers 200 (${after.status})`, after.status === 200],
    ] as const;
    for (const [label, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"} ${label}`);
    results.budgets = Object.fromEntries(checks);
    fs.mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/image-bombs-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    fs.writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(`results in ${file}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
