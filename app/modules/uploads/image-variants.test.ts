import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { imageVariantUrl, parseVariantKey, responsiveImageSources } from "./image-urls";
import { processImage, resizeImage, storeImage } from "./images.server";
import { localDiskStorage, type BlobStorage } from "./storage.server";
import { serveUpload } from "./uploads.server";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function countingStorage() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "setu-variants-"));
  folders.push(folder);
  const disk = localDiskStorage(folder);
  const puts: string[] = [];
  const storage: BlobStorage = {
    ...disk,
    put: (key, bytes, type) => {
      puts.push(key);
      return disk.put(key, bytes, type);
    },
  };
  return { storage, puts, runtime: { storage } };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function served(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type"), meta: await sharp(bytes).metadata() };
}

describe("image variant URLs", () => {
  const url = "/uploads/u_Ab-12/product/1795450000000123.webp";

  it("names an uploaded image's width variants and leaves every other URL alone", () => {
    expect(imageVariantUrl(url, 320)).toBe("/uploads/u_Ab-12/product/1795450000000123-w320.webp");
    expect(imageVariantUrl("https://images.example.com/runner.webp", 320)).toBe(
      "https://images.example.com/runner.webp",
    );
    expect(imageVariantUrl("/uploads/u1/product/1795450000000123-card.webp", 320)).toBe(
      "/uploads/u1/product/1795450000000123-card.webp",
    );
    expect(responsiveImageSources(url, [640, 320])).toEqual({
      src: "/uploads/u_Ab-12/product/1795450000000123-w640.webp",
      srcSet:
        "/uploads/u_Ab-12/product/1795450000000123-w320.webp 320w, /uploads/u_Ab-12/product/1795450000000123-w640.webp 640w",
    });
    expect(responsiveImageSources("https://images.example.com/runner.webp")).toEqual({
      src: "https://images.example.com/runner.webp",
    });
  });

  it("reads back only the listed widths of a public image's key", () => {
    expect(parseVariantKey("u1/hero_banner/17954-w1600.webp")).toEqual({
      imageKey: "u1/hero_banner/17954.webp",
      width: 1600,
    });
    for (const key of [
      "u1/product/17954-w321.webp",
      "u1/product/17954-w99999.webp",
      "u1/product/17954-card-w320.webp",
      "u1/product/17954.webp",
      "../product/17954-w320.webp",
      "message-attachments/x/17954-w320.png",
    ])
      expect(parseVariantKey(key), key).toBeNull();
  });
});

describe("image variants", () => {
  it("resizes to the asked width as WebP, keeping the proportions, and never enlarges", async () => {
    const resized = await resizeImage(await picture(1200, 900), 320);
    expect(resized.width).toBe(320);
    expect(await sharp(resized.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    const small = await resizeImage(await picture(200, 100), 640);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: "webp", width: 200, height: 100 });
  });

  it("makes a variant of a stored image on its first request, stores it beside the image, and reads it back after", async () => {
    const { storage, puts, runtime } = countingStorage();
    const { url } = await storeImage(
      storage,
      "u1",
      "product",
      "1795450000000123",
      await processImage(await picture(1200, 900)),
    );
    const key = imageVariantUrl(url, 480).slice("/uploads/".length);
    puts.length = 0;

    // a burst of first requests makes the file once
    const first = await Promise.all([1, 2, 3].map(() => serveUpload(key, runtime)));
    for (const response of first) {
      expect(await served(response)).toMatchObject({
        status: 200,
        type: "image/webp",
        meta: { width: 480, height: 360 },
      });
    }
    expect(first[0]!.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(puts).toEqual([key]);
    expect(await storage.get(key)).toMatchObject({ contentType: "image/webp" });

    const again = await serveUpload(key, runtime);
    expect(await served(again)).toMatchObject({ status: 200, meta: { width: 480 } });
    expect(puts).toEqual([key]);
  });

  it("serves old images too: one stored before variants existed (its file only) gets every listed width", async () => {
    const { storage, runtime } = countingStorage();
    await storage.put(
      "u2/hero_banner/1700000000000.webp",
      await sharp(await picture(1600, 400))
        .webp()
        .toBuffer(),
      "image/webp",
    );
    const response = await serveUpload("u2/hero_banner/1700000000000-w960.webp", runtime);
    expect(await served(response)).toMatchObject({ status: 200, meta: { format: "webp", width: 960, height: 240 } });
  });

  it("answers 404 for a width not in the list, a missing image and a private file's variant, storing nothing", async () => {
    const { storage, puts, runtime } = countingStorage();
    await storeImage(storage, "u3", "product", "1795450000000999", await processImage(await picture(800, 600)));
    puts.length = 0;
    for (const key of [
      "u3/product/1795450000000999-w500.webp",
      "u3/product/1795450000000000-w320.webp",
      "message-attachments/u3/1795450000000999-w320.webp",
    ]) {
      expect((await serveUpload(key, runtime)).status, key).toBe(404);
    }
    expect(puts).toEqual([]);
  });
});
