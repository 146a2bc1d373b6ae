import sharp from "sharp";
import type { BlobStorage } from "./storage.server";
import { IMAGE_MESSAGES as MESSAGES, MAX_IMAGE_BYTES, type UploadKind } from "./uploads.schema";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
const MAX_PIXELS = 40_000_000;
/** The width of the variant stored beside every image for cards and thumbnails (see image-urls.ts). */
export const CARD_WIDTH = 480;

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type ProcessedImage = { full: Buffer; card: Buffer; width: number; height: number };

/**
 * Decides the type from the bytes (never the name or the browser's claim), refuses SVG and anything
 * that is not a raster image, and re-encodes to WebP with all metadata stripped, so nothing appended
 * to or hidden in the upload survives. A pixel limit guards against decompression bombs.
 */
export async function processImage(
  bytes: Buffer,
  { maxBytes = MAX_IMAGE_BYTES }: { maxBytes?: number } = {},
): Promise<ProcessedImage> {
  if (bytes.length > maxBytes) throw new ImageRejected(MESSAGES.tooLarge, 413);
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS)
      throw new ImageRejected(MESSAGES.notImage, 415);
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected(MESSAGES.notImage, 415);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageRejected(MESSAGES.notImage, 415);
  try {
    const base = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, pages: 1 }).rotate();
    const { data: full, info } = await base()
      .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const card = await base().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    return { full, card, width: info.width, height: info.height };
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
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, pages: 1 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: width <= 480 ? 78 : 80 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width };
}
