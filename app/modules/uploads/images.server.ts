import type { Metadata } from "sharp";
import { concurrencyLimit } from "~/lib/concurrency-limit";
import type { BlobStorage } from "./storage.server";
import { IMAGE_MESSAGES as MESSAGES, MAX_IMAGE_BYTES, type UploadKind } from "./uploads.schema";

/** sharp and its libvips load when the first image is read, not at every server start (decision record 0060). */
let sharpLoading: Promise<(typeof import("sharp"))["default"]> | undefined;
const loadSharp = () => (sharpLoading ??= import("sharp").then((loaded) => loaded.default));

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
/**
 * How many pixels an upload may have, by what it is for. A store's pictures: 40 MP (a 36 MP full-frame camera's
 * photo). A message's attachment or a dispute's evidence, which anyone in a conversation can post: 25 MP (a
 * 24 MP camera or phone photo, 6000 × 4000; an A4 page scanned at 400 dpi is 15.5 MP). Decoding costs about
 * 4 bytes a pixel (40 MP: 160 MB) and a second of CPU per 25 MP on these machines.
 */
export const IMAGE_PIXEL_LIMITS = { product: 40_000_000, attachment: 25_000_000 } as const;
/**
 * Above this many pixels, an image must also hold at least MIN_BYTES_PER_PIXEL of file per pixel: a solid
 * 6300 × 6300 PNG is 165 KB (0.004 bytes a pixel) and opens to 160 MB, while a camera's 16 MP photo is several MB
 * (0.1 and more). Refused from its header (sharp's metadata() reads no pixels), before anything is decoded.
 */
export const RATIO_CHECK_FROM_PIXELS = 16_000_000;
export const MIN_BYTES_PER_PIXEL = 0.01;
/** Every decode of an image (uploads, variants) waits its turn here: two at a time per instance (2 cores). */
export const imageDecoding = concurrencyLimit(2);
/**
 * libwebp's effort (its `method`, 0–6; sharp's default is 4) for every WebP we write. Measured on 800 × 600
 * JPEGs, each re-encoded as processImage does (the image and its card): effort 1 takes 45–50 % less CPU than 4
 * (photograph-like: 55 against 109 ms; noise, the worst case: 86 against 167 ms) for files of the same size
 * (112 against 111 KB; 227 against 234 KB) and the same fidelity (PSNR 36.4 dB both). Efforts 4 and 3 cost the
 * same; 2 was both slower and worse than 1; 0 made photographs 23 % larger. bench/history.md, import round 6.
 */
const WEBP_EFFORT = 1;
/** The width of the variant stored beside every image for cards and thumbnails (see image-urls.ts). */
export const CARD_WIDTH = 480;

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** "pixels": too many pixels, or too many for its file size (refused before decoding) */
    readonly reason: "tooLarge" | "notImage" | "pixels" = status === 413 ? "tooLarge" : "notImage",
  ) {
    super(message);
  }
}

export type ProcessedImage = { full: Buffer; card: Buffer; width: number; height: number };

/** Why an image of these dimensions and file size is refused before decoding, or null. */
export function pixelRefusal(width: number, height: number, bytes: number, maxPixels: number): string | null {
  const pixels = width * height;
  if (pixels > maxPixels)
    return `Images can be at most ${maxPixels / 1_000_000} megapixels; this one is ${width} × ${height}. Please upload a smaller image.`;
  if (pixels > RATIO_CHECK_FROM_PIXELS && bytes < pixels * MIN_BYTES_PER_PIXEL)
    return `This image is ${width} × ${height} pixels in a file of only ${Math.ceil(bytes / 1024)} KB, too large to open once unpacked. Please upload a smaller image.`;
  return null;
}

/**
 * Decides the type from the bytes (never the name or the browser's claim), refuses SVG and anything
 * that is not a raster image, and re-encodes to WebP with all metadata stripped, so nothing appended
 * to or hidden in the upload survives. Decompression bombs are refused from the header (pixelRefusal), and
 * the decoding itself waits its turn in imageDecoding.
 */
export async function processImage(
  bytes: Buffer,
  {
    maxBytes = MAX_IMAGE_BYTES,
    maxPixels = IMAGE_PIXEL_LIMITS.product,
  }: { maxBytes?: number; maxPixels?: number } = {},
): Promise<ProcessedImage> {
  if (bytes.length > maxBytes) throw new ImageRejected(MESSAGES.tooLarge, 413);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // (the header only: limitInputPixels is checked again by the decode itself)
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(MESSAGES.notImage, 415);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new ImageRejected(MESSAGES.notImage, 415);
  // an animated image's height is every frame's; only the first is decoded
  const height = meta.pageHeight ?? meta.height;
  const refusal = pixelRefusal(meta.width, height, bytes.length, maxPixels);
  if (refusal) throw new ImageRejected(refusal, 413, "pixels");
  try {
    return await imageDecoding(async () => {
      const { data: full, info } = await sharp(bytes, { limitInputPixels: maxPixels, pages: 1 })
        .rotate()
        .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      // the card from the re-encoded image: the upload is decoded once, and the card's source is at most 2000 px
      const card = await sharp(full)
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78, effort: WEBP_EFFORT })
        .toBuffer();
      return { full, card, width: info.width, height: info.height };
    });
  } catch {
    throw new ImageRejected(MESSAGES.notImage, 415);
  }
}

/**
 * Stores an image of `owner` and its card variant at {owner}/{kind}/{stamp}.webp and {stamp}-card.webp (the
 * card URL is derived from the image's by cardImageUrl). Returns both URLs.
 */
export async function storeImage(
  storage: BlobStorage,
  owner: string,
  kind: UploadKind,
  stamp: string,
  image: { full: Buffer; card: Buffer },
) {
  const key = `${owner}/${kind}/${stamp}`;
  await storage.put(`${key}.webp`, image.full, "image/webp");
  await storage.put(`${key}-card.webp`, image.card, "image/webp");
  return { url: `/uploads/${key}.webp`, cardUrl: `/uploads/${key}-card.webp` };
}

/**
 * A stored image re-encoded as WebP `width` px wide, or as wide as it is when it is narrower (a variant is
 * never enlarged). The input is an image we stored ourselves (already re-encoded), so nothing is checked
 * but the pixel limit.
 */
export async function resizeImage(bytes: Buffer, width: number): Promise<{ bytes: Buffer; width: number }> {
  const sharp = await loadSharp();
  const { data, info } = await imageDecoding(() =>
    sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMITS.product, pages: 1 })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: width <= 480 ? 78 : 80, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true }),
  );
  return { bytes: data, width: info.width };
}
