import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { baseUrl } from "./support/browser";

async function signedInClient() {
  const client = new HttpClient(baseUrl());
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
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).png().toBuffer();
    const response = await new HttpClient(baseUrl()).request("/api/uploads", { method: "POST", body: multipart(png), headers: { origin: baseUrl() } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "User not authenticated" });
  });

  it("stores a PNG as WebP at {user}/{kind}/{timestamp} and serves it with a long cache lifetime", async () => {
    const client = await signedInClient();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3b82f6" } }).png().toBuffer();
    const response = await client.request("/api/uploads", { method: "POST", body: multipart(png), headers: { origin: baseUrl() } });
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
    const text = await client.request("/api/uploads", { method: "POST", body: multipart(Buffer.from("not an image"), "fake.png"), headers: { origin: baseUrl() } });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: "Please select only image files" });
    const big = await client.request("/api/uploads", { method: "POST", body: multipart(Buffer.alloc(6 * 1024 * 1024, 1)), headers: { origin: baseUrl() } });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "Image size must be less than 5MB" });
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
  });

  it("answers path traversal and unknown keys with 404", async () => {
    for (const path of ["/uploads/..%2F..%2Fpackage.json", "/uploads/../package.json", "/uploads/nobody/product/1.webp"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
