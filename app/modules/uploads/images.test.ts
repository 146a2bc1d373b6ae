import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRejected, processImage } from "./images.server";
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
    expect((await rejection(processImage(bomb))).message).toBe("Please select only image files");
  });

  it("only accepts storage keys without traversal", () => {
    expect(isSafeKey("user-1/product/1795390000000.webp")).toBe(true);
    for (const key of ["../package.json", "a/../../b.webp", "/etc/passwd", "a/b.svg", "a//b.webp"])
      expect(isSafeKey(key)).toBe(false);
  });
});
