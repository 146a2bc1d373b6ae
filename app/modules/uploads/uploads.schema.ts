/**
 * The image upload rules, once, for the browser's quick check (upload-client, the file fields) and the server's
 * (images.server, uploads.server). Browser-safe. The server still decides from the bytes (sharp), not the name.
 */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
export const UPLOAD_KINDS = ["product", "banner", "logo", "hero_banner"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** What a file input offers; the formats sharp accepts are in images.server. */
export const IMAGE_ACCEPT = "image/*";
export const IMAGE_MESSAGES = {
  notImage: "Please select only image files",
  tooLarge: `Image size must be less than ${MAX_IMAGE_MB}MB`,
};

/** Quick checks before uploading (the server decides again from the bytes). */
export function precheckImage(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
