/** An uploaded image's URL: /uploads/{user id}/{kind}/{timestamp}.webp (see storeImage in images.server.ts). */
const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9_-]+\/[a-z_]+\/\d+\.webp$/;
/** A width variant's storage key: {user id}/{kind}/{timestamp}-w{width}.webp. */
const VARIANT_KEY = /^([A-Za-z0-9_-]+\/[a-z_]+\/\d+)-w(\d+)\.webp$/;

/**
 * The widths an uploaded image is served at (as WebP, made on first request and kept beside the image, see
 * uploads.server.ts). A fixed list: anyone may ask for a variant, so the number of files one image can cost
 * is bounded.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The card-sized variant (480 px wide) stored beside every uploaded image, for product cards and
 * thumbnails: a grid of 24 cards then loads 24 small images, not 24 of up to 2000 px. Any other
 * URL (an https image from before uploads, a variant already) is returned as it is.
 */
export function cardImageUrl(url: string): string {
  return UPLOADED_IMAGE.test(url) ? url.replace(/\.webp$/, "-card.webp") : url;
}

/** An uploaded image's variant `width` px wide (never wider than the image itself); any other URL as it is. */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  return UPLOADED_IMAGE.test(url) ? url.replace(/\.webp$/, `-w${width}.webp`) : url;
}

/**
 * `src` and `srcSet` for an image shown at several sizes: the variants of `widths` (src: the widest) for an
 * uploaded image, the URL alone for any other.
 */
export function responsiveImageSources(
  url: string,
  widths: readonly ImageWidth[] = IMAGE_WIDTHS,
): { src: string; srcSet?: string } {
  if (!UPLOADED_IMAGE.test(url) || widths.length === 0) return { src: url };
  const sorted = [...widths].sort((a, b) => a - b);
  return {
    src: imageVariantUrl(url, sorted[sorted.length - 1]!),
    srcSet: sorted.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(", "),
  };
}

/** A storage key of a width variant: the key of the image it is made from and the width; null for any other key. */
export function parseVariantKey(key: string): { imageKey: string; width: ImageWidth } | null {
  const match = VARIANT_KEY.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  return { imageKey: `${match[1]}.webp`, width: width as ImageWidth };
}
