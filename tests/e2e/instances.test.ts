import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import type { AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import type { TestPostgresDatabase } from "./support/templates";
import { migratedPostgresDatabase, startTestServer } from "./support/test-server";

const PASSWORD = "Wholesale-Route-42";
let sequence = 0;

async function signUp(url: string, userType: "buyer" | "seller") {
  const client = new HttpClient(url);
  const email = `instances-${userType}-${Date.now()}-${++sequence}@example.test`;
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Two Instances",
    companyName: `Instances ${userType} ${sequence}`,
    email,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return { client, email };
}

/** The same client, cookies and all, talking to another instance: what a load balancer does between requests. */
function onOtherInstance(client: HttpClient, url: string) {
  const moved = new HttpClient(url);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

function multipart(bytes: Buffer) {
  const form = new FormData();
  form.set("kind", "product");
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
  return form;
}

/** Several app instances behind a load balancer: one PostgreSQL, one S3-compatible bucket. Needs DATABASE_URL (CI sets it). */

/** The ship-to address a buyer gives when accepting a quote (issue #41). */
const SHIP_TO = { shipToName: "Brooklyn Home Goods LLC", shipToAddress: "250 Marginal Street, Brooklyn, NY 11231" };

describe.skipIf(!process.env.DATABASE_URL)("two app instances on one PostgreSQL and one bucket behave as one", () => {
  let s3: S3rver;
  let bucketDir: string;
  let database: TestPostgresDatabase;
  let a: AppServer;
  let b: AppServer;

  beforeAll(async () => {
    database = await migratedPostgresDatabase("setu_instances");
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-s3-"));
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "setu-shared" }],
    });
    const { port } = await s3.run();
    const env = {
      DEMO_DATA: "off",
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      S3_BUCKET: "setu-shared",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    // started together (starting together on a new database, migrating once, is server.test.ts's)
    [a, b] = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
    await database?.drop();
  });

  it("keeps a session signed in on either instance, and signs it out on both", async () => {
    const { client } = await signUp(a.url, "buyer");
    const there = onOtherInstance(client, b.url);
    expect((await there.get("/profile")).status).toBe(200);
    expect((await there.post("/auth/sign-out", {})).status).toBe(302);
    expect((await onOtherInstance(there, a.url).get("/profile")).status).toBe(302);
  });

  it("serves an image uploaded through one instance from the other", async () => {
    const { client } = await signUp(a.url, "seller");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
    const response = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: a.url },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("counts sign-in failures across instances: the limit is in PostgreSQL, not in a process", async () => {
    const { email } = await signUp(a.url, "buyer");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push(
        (await new HttpClient(server.url).post("/auth", { intent: "signin", email, password: `wrong-${i}` })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("accepts exactly one quote when the buyer accepts two at once on the two instances", async () => {
    const buyer = await signUp(a.url, "buyer");
    const title = `Racing RFQ ${Date.now()}`;
    const posted = await buyer.client.post("/create-rfq", {
      title,
      category: "home-textiles",
      description: "Two quotes, one order.",
      specifications: "",
      quantity: "100",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Denver, CO",
      deadline: dateFromToday(10),
    });
    expect(posted.status).toBe(302);
    const rfqId = /\/rfqs\/([0-9a-f-]{36})/.exec(await (await buyer.client.get("/rfqs?mine=1")).text())![1]!;
    for (const price of ["900", "950"]) {
      const seller = await signUp(b.url, "seller");
      expect(
        (
          await seller.client.post(`/rfqs/${rfqId}`, {
            intent: "quote",
            price,
            quantity: "100",
            deliveryTimeline: "20 days",
            terms: "FOB",
          })
        ).status,
      ).toBeLessThan(400);
    }
    const quoteIds = [
      ...(await (await buyer.client.get(`/rfqs/${rfqId}`)).text()).matchAll(
        /confirm=accept&(?:amp;)?quote=([0-9a-f-]{36})/g,
      ),
    ].map((m) => m[1]!);
    expect(quoteIds).toHaveLength(2);
    const [first, second] = await Promise.all([
      buyer.client.post(`/rfqs/${rfqId}`, { intent: "accept", quoteId: quoteIds[0]!, ...SHIP_TO }),
      onOtherInstance(buyer.client, b.url).post(`/rfqs/${rfqId}`, {
        intent: "accept",
        quoteId: quoteIds[1]!,
        ...SHIP_TO,
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    const orders = [
      ...(await (await buyer.client.get("/orders")).text()).matchAll(/href="\/orders\/([0-9a-f-]{36})"/g),
    ].map((m) => m[1]);
    expect(new Set(orders).size).toBe(1);
  });
});
