import sharp from "sharp";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_KINDS = ["product", "banner", "logo", "hero_banner"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const MESSAGES = { notImage: "Please select only image files", tooLarge: "Image size must be less than 5MB" };

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
const MAX_PIXELS = 40_000_000;

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
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(MESSAGES.tooLarge, 413);
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw new ImageRejected(MESSAGES.notImage, 415);
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected(MESSAGES.notImage, 415);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageRejected(MESSAGES.notImage, 415);
  try {
    const base = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, pages: 1 }).rotate();
    const { data: full, info } = await base().resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const card = await base().resize({ width: 480, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    return { full, card, width: info.width, height: info.height };
  } catch {
    throw new ImageRejected(MESSAGES.notImage, 415);
  }
}
