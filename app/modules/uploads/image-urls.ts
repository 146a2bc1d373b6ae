/** An uploaded image's URL: /uploads/{user id}/{kind}/{timestamp}.webp (see storeImage in images.server.ts). */
const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9_-]+\/[a-z_]+\/\d+\.webp$/;

/**
 * The card-sized variant (480 px wide) stored beside every uploaded image, for product cards and
 * thumbnails: a grid of 24 cards then loads 24 small images, not 24 of up to 2000 px. Any other
 * URL (an https image from before uploads, a variant already) is returned as it is.
 */
export function cardImageUrl(url: string): string {
  return UPLOADED_IMAGE.test(url) ? url.replace(/\.webp$/, "-card.webp") : url;
}
