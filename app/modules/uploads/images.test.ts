import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_PIXEL_LIMITS, ImageRejected, imageDecoding, pixelRefusal, processImage } from "./images.server";
import { MAX_IMAGE_BYTES } from "./uploads.schema";
import { isSafeKey } from "./storage.server";

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "SECRET-EXIF-MARKER" } } })
    .toBuffer();
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as ImageRejected;
  }
  throw new Error("expected a rejection");
}

describe("image uploads", () => {
  it("accepts a PNG and re-encodes it as WebP without metadata", async () => {
    const input = await png();
    expect(input.includes("SECRET-EXIF-MARKER")).toBe(true);
    const result = await processImage(input);
    expect((await sharp(result.full).metadata()).format).toBe("webp");
    expect(result.full.includes("SECRET-EXIF-MARKER")).toBe(false);
    expect(result).toMatchObject({ width: 64, height: 48 });
    expect((await sharp(result.card).metadata()).width).toBe(64);
  });

  it("refuses a text file renamed to .png, and SVG", async () => {
    expect((await rejection(processImage(Buffer.from("just some text, not an image")))).message).toBe(
      "Please select only image files",
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await rejection(processImage(svg))).message).toBe("Please select only image files");
  });

  it("refuses files over 5 MB", async () => {
    const error = await rejection(processImage(Buffer.alloc(MAX_IMAGE_BYTES + 1)));
    expect(error.message).toBe("Image size must be less than 5MB");
    expect(error.status).toBe(413);
  });

  it("stores a PNG with a script appended re-encoded, without the payload", async () => {
    const payload = "<script>alert('owned')</script>";
    const result = await processImage(Buffer.concat([await png(), Buffer.from(payload)]));
    expect(result.full.includes(payload)).toBe(false);
    expect(result.card.includes(payload)).toBe(false);
  });

  it("refuses a decompression bomb", async () => {
    const bomb = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const refused = await rejection(processImage(bomb));
    expect([refused.status, refused.message]).toEqual([
      413,
      "Images can be at most 40 megapixels; this one is 8000 × 6000. Please upload a smaller image.",
    ]);
  });

  it("refuses bombs from their header, without waiting for a turn to decode (issue 38)", async () => {
    // a solid 6300 × 6300 PNG: under a store picture's 40 MP, but 0.004 bytes a pixel
    const bomb = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    // every place in the decoding queue is taken: anything that needed decoding would wait
    let free!: () => void;
    const busy = new Promise<void>((resolve) => (free = resolve));
    const holders = Array.from({ length: 2 }, () => imageDecoding(() => busy));
    try {
      expect(imageDecoding.waiting).toBe(0);
      const product = await rejection(processImage(bomb));
      expect(product.status).toBe(413);
      expect(product.message).toMatch(
        /^This image is 6300 × 6300 pixels in a file of only \d+ KB, too large to open once unpacked\. Please upload a smaller image\.$/,
      );
      const attachment = await rejection(processImage(bomb, { maxPixels: IMAGE_PIXEL_LIMITS.attachment }));
      expect([attachment.status, attachment.message]).toEqual([
        413,
        "Images can be at most 25 megapixels; this one is 6300 × 6300. Please upload a smaller image.",
      ]);
      // a normal image waits for its turn
      const normal = processImage(await png());
      await expect.poll(() => imageDecoding.waiting).toBe(1);
      free();
      await expect(normal).resolves.toMatchObject({ width: 64, height: 48 });
    } finally {
      free();
      await Promise.all(holders);
    }
  });

  it("keeps the pixel limits and the bytes-per-pixel check apart", () => {
    // a 24 MP camera photo of 6 MB, a 16 MP picture of a plain background in 200 KB: both fine
    expect(pixelRefusal(6000, 4000, 6_000_000, IMAGE_PIXEL_LIMITS.attachment)).toBeNull();
    expect(pixelRefusal(4000, 4000, 200_000, IMAGE_PIXEL_LIMITS.attachment)).toBeNull();
    expect(pixelRefusal(6000, 4200, 9_000_000, IMAGE_PIXEL_LIMITS.attachment)).toMatch(/at most 25 megapixels/);
    expect(pixelRefusal(6000, 4200, 9_000_000, IMAGE_PIXEL_LIMITS.product)).toBeNull();
    expect(pixelRefusal(6000, 4200, 200_000, IMAGE_PIXEL_LIMITS.product)).toMatch(/in a file of only 196 KB/);
  });

  it("only accepts storage keys without traversal", () => {
    expect(isSafeKey("user-1/product/1795390000000.webp")).toBe(true);
    for (const key of ["../package.json", "a/../../b.webp", "/etc/passwd", "a/b.svg", "a//b.webp"])
      expect(isSafeKey(key)).toBe(false);
  });
});
