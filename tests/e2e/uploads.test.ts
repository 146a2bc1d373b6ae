import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { baseUrl, ownDemoServer, startTestServer } from "./support/test-server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

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

/** A solid 6300 × 6300 PNG: about 165 KB that opens to 160 MB (issue 38). */
function bombPng() {
  return sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
}

/** A buyer's conversation with the supplier of a demo product (the shared server's demo catalogue). */
async function conversationWithASupplier() {
  const buyer = new HttpClient(baseUrl());
  const signedUp = await buyer.post("/auth", {
    intent: "signup",
    userType: "buyer",
    fullName: "Bomb Tester",
    companyName: `Bomb Imports ${Date.now()}`,
    email: `bombs-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
    phone: "",
    password: "Photo-Catalogue-88",
    confirmPassword: "Photo-Catalogue-88",
  });
  expect(signedUp.status).toBe(302);
  const productId = /\/product\/([0-9a-f-]{36})/.exec(await (await buyer.get("/browse")).text())![1]!;
  const opened = await buyer.post("/messages", { subjectType: "product", subjectId: productId, from: "/browse" });
  const thread = opened.headers.get("location") ?? "";
  expect(thread).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
  return { buyer, thread };
}

function messageWith(files: Array<[Buffer, string]>, body = "See the attached picture") {
  const form = new FormData();
  form.set("intent", "send");
  form.set("body", body);
  for (const [bytes, name] of files)
    form.append("attachments", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  return form;
}

describe("decompression bombs and uploads in flight (issue 38)", () => {
  it("refuses a bomb attached to a message with a 413 that says why, and still takes a normal photo", async () => {
    const { buyer, thread } = await conversationWithASupplier();
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const refused = await buyer.request(thread, {
      method: "POST",
      body: messageWith([[bomb, "solid.png"]]),
      headers: { origin: baseUrl() },
    });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain(
      "Images can be at most 25 megapixels; this one is 6300 × 6300. Please upload a smaller image.",
    );
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const sent = await buyer.request(thread, {
      method: "POST",
      body: messageWith([[photo, "photo.jpg"]], "A real photo"),
      headers: { origin: baseUrl() },
    });
    expect(sent.status).toBe(302);
    expect(await (await buyer.get(thread)).text()).toMatch(/\/attachments\/[0-9a-f-]{36}/);
  });

  it("refuses a bomb uploaded as a product picture (under the pixel limit, far too small a file for it), before decoding it", async () => {
    const client = await signedInClient();
    const response = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(await bombPng(), "solid.png"),
      headers: { origin: baseUrl() },
    });
    expect(response.status).toBe(413);
    expect((await response.json()) as { error: string }).toEqual({
      error: expect.stringMatching(
        /^This image is 6300 × 6300 pixels in a file of only \d+ KB, too large to open once unpacked\. Please upload a smaller image\.$/,
      ),
    });
  });

  it("lets one account have two uploads in flight, and tells a third to wait", async () => {
    const client = await signedInClient();
    // two uploads whose bodies are still being sent hold the account's two places
    const held: Array<() => void> = [];
    const slowUpload = () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      held.push(release);
      const boundary = "----held-upload";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproduct\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(head);
          await released;
          controller.enqueue(Buffer.from(`not an image\r\n--${boundary}--\r\n`));
          controller.close();
        },
      });
      return client.request("/api/uploads", {
        method: "POST",
        body,
        headers: { origin: baseUrl(), "content-type": `multipart/form-data; boundary=${boundary}` },
        duplex: "half",
      } as RequestInit);
    };
    const first = slowUpload();
    const second = slowUpload();
    // a third upload of the same account is refused once the first two are in flight
    const png = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(64 * 1024);
    await expect
      .poll(async () => {
        const third = await client.request("/api/uploads", {
          method: "POST",
          body: multipart(png),
          headers: { origin: baseUrl() },
        });
        return [third.status, await third.json()];
      })
      .toEqual([429, { error: "Please wait for your other uploads to finish" }]);
    // another account is not held up
    const other = await signedInClient();
    const theirs = await other.request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: baseUrl() },
    });
    expect(theirs.status).toBe(200);
    held.forEach((release) => release());
    expect((await first).status).toBe(415);
    expect((await second).status).toBe(415);
    // and once they have answered, the account uploads again
    const again = await client.request("/api/uploads", {
      method: "POST",
      body: multipart(png),
      headers: { origin: baseUrl() },
    });
    expect(again.status).toBe(200);
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
    servers = [await startTestServer({ env })];
    // a second instance with its own disk: it can only serve the image if the image lives in the bucket
    servers.push(await startTestServer({ env }));
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
