import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { baseUrl } from "./support/browser";

async function signedInClient(url = baseUrl()) {
  const client = new HttpClient(url);
  await client.post("/auth", {
    intent: "signup",
    userType: "seller",
    fullName: "Upload Tester",
    companyName: "Pixel Exports",
    email: `uploads-${Date.now()}@example.test`,
    phone: "",
    password: "Photo-Catalogue-88",
    confirmPassword: "Photo-Catalogue-88",
  });
  return client;
}

function multipart(bytes: Buffer, name = "photo.png", type = "image/png") {
  const body = new FormData();
  body.set("kind", "product");
  body.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return body;
}

describe("image upload endpoint", () => {
  it("says 'User not authenticated' without a session", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const response = await new HttpClient(baseUrl()).request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: baseUrl() },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "User not authenticated" });
  });

  it("stores a PNG as WebP at {user}/{kind}/{timestamp} and serves it with a long cache lifetime", async () => {
    const client = await signedInClient();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3b82f6" } })
      .png()
      .toBuffer();
    const response = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: baseUrl() },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; cardUrl: string; width: number };
    expect(body.url).toMatch(/^\/uploads\/[\w-]+\/product\/\d+\.webp$/);
    const served = await fetch(`${baseUrl()}${body.url}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${baseUrl()}${body.cardUrl}`)).status).toBe(200);
  });

  it("refuses a renamed text file and an oversized body with the spec's messages, and stays healthy", async () => {
    const client = await signedInClient();
    const text = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(Buffer.from("not an image"), "fake.png"),
      headers: { origin: baseUrl() },
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: "Please select only image files" });
    const big = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(Buffer.alloc(6 * 1024 * 1024, 1)),
      headers: { origin: baseUrl() },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "Image size must be less than 5MB" });
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
  });

  it("answers path traversal and unknown keys with 404", async () => {
    for (const path of [
      "/uploads/..%2F..%2Fpackage.json",
      "/uploads/../package.json",
      "/uploads/nobody/product/1.webp",
    ]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("image uploads on S3-compatible storage (several app servers)", () => {
  let s3: S3rver;
  let bucketDir: string;
  let servers: AppServer[] = [];

  beforeAll(async () => {
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-s3-"));
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "setu-assets" }],
    });
    const { port } = await s3.run();
    const env = {
      DEMO_DATA: "off",
      S3_BUCKET: "setu-assets",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    servers = [await startAppServer({ env })];
    // a second instance with its own disk: it can only serve the image if the image lives in the bucket
    servers.push(await startAppServer({ env }));
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
  });

  it("stores the re-encoded image in the bucket, and another instance serves it", async () => {
    const [first, second] = servers as [AppServer, AppServer];
    const client = await signedInClient(first.url);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer();
    const response = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: first.url },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; cardUrl: string };
    const key = body.url.replace(/^\/uploads\//, "");
    expect(fs.existsSync(path.join(first.dataDir, "uploads", key))).toBe(false);
    const served = await fetch(`${second.url}${body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "webp", width: 64, height: 48 });
    expect((await fetch(`${second.url}${body.cardUrl}`)).status).toBe(200);
    expect((await fetch(`${second.url}/uploads/nobody/product/1.webp`)).status).toBe(404);
  });
});
