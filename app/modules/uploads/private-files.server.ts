import crypto from "node:crypto";
import { logger } from "~/logger.server";
import { ImageRejected, processImage } from "./images.server";
import type { BlobStorage } from "./storage.server";

/**
 * Private files: documents that only some users may read (a message's attachments, a seller's verification
 * documents). They live under a private first folder that GET /uploads/* never serves (see isPrivateKey); each
 * kind has its own route that checks who asks.
 */
export type StoredPrivateFile = {
  storageKey: string;
  fileName: string;
  contentType: "image/webp" | "application/pdf";
  sizeBytes: number;
};

export class PrivateFileRejected extends Error {
  constructor(
    /** "pixels": an image with too many pixels, or too many for its file size (the message says which) */
    readonly reason: "tooLarge" | "wrongType" | "pixels",
    readonly status: number,
    message = reason === "wrongType" ? "Only PDF files and images can be uploaded" : "The file is too large",
  ) {
    super(message);
  }
}

const PDF_MAGIC = Buffer.from("%PDF-");

/** A name that is safe in a header and a page: no control characters, quotes or slashes, at most 120 characters. */
export function safeFileName(name: string, extension: "webp" | "pdf", fallback = "attachment"): string {
  const base = name
    .toWellFormed()
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, "_")
    .trim()
    .slice(0, 110);
  return `${base || fallback}.${extension}`;
}

/**
 * Decides a file's type from its bytes (never its name or the browser's claim): a PDF by its "%PDF-" header,
 * stored as is; anything sharp reads as a raster image is re-encoded to WebP with a thumbnail, as uploads are;
 * anything else is refused. Stored in `folder` (a private prefix and a subfolder) under an unguessable name.
 * An image may have at most `maxPixels` (IMAGE_PIXEL_LIMITS; a store picture's by default).
 */
export async function storePrivateFile(
  storage: BlobStorage,
  folder: string,
  file: File,
  { maxBytes, fallbackName, maxPixels }: { maxBytes: number; fallbackName?: string; maxPixels?: number },
): Promise<StoredPrivateFile> {
  if (file.size > maxBytes) throw new PrivateFileRejected("tooLarge", 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  const key = `${folder.replace(/\/$/, "")}/${crypto.randomBytes(16).toString("hex")}`;
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    await storage.put(`${key}.pdf`, bytes, "application/pdf");
    return {
      storageKey: `${key}.pdf`,
      fileName: safeFileName(file.name, "pdf", fallbackName),
      contentType: "application/pdf",
      sizeBytes: bytes.length,
    };
  }
  let image;
  try {
    image = await processImage(bytes, { maxBytes, maxPixels });
  } catch (error) {
    if (error instanceof ImageRejected && error.reason === "pixels")
      throw new PrivateFileRejected("pixels", error.status, error.message);
    if (error instanceof ImageRejected)
      throw new PrivateFileRejected(error.status === 413 ? "tooLarge" : "wrongType", error.status);
    throw error;
  }
  await storage.put(`${key}.webp`, image.full, "image/webp");
  await storage.put(`${key}-card.webp`, image.card, "image/webp");
  return {
    storageKey: `${key}.webp`,
    fileName: safeFileName(file.name, "webp", fallbackName),
    contentType: "image/webp",
    sizeBytes: image.full.length,
  };
}

/** The stored key of an image's thumbnail. */
export function thumbnailKey(storageKey: string): string {
  return storageKey.replace(/\.webp$/, "-card.webp");
}

/**
 * Removes stored files that will have no record (a later file was refused, or the transaction failed): storage
 * is not transactional, so the files written before it are undone by hand. A failure to remove is logged, never
 * raised over the error that caused it.
 */
export async function discardPrivateFiles(storage: BlobStorage, stored: StoredPrivateFile[]): Promise<void> {
  const keys = stored.flatMap((a) =>
    a.contentType === "image/webp" ? [a.storageKey, thumbnailKey(a.storageKey)] : [a.storageKey],
  );
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected")
      logger.warn({ err: result.reason, key: keys[i] }, "could not remove a private file without a record");
  }
}

/** The files a form posted: an empty file input posts a nameless empty file, which is no file. */
export function postedFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/**
 * A private file as a response to someone allowed to read it: images inline, PDFs only as a download; never able
 * to run anything (a sandboxing CSP), kept in private caches only. X-Content-Type-Options: nosniff comes from the
 * server's security headers, as on every response (setting it here too would send it twice).
 */
export function privateFileResponse(bytes: Buffer, file: { fileName: string; contentType: string }): Response {
  const pdf = file.contentType === "application/pdf";
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": pdf ? "application/pdf" : "image/webp",
      "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, max-age=86400",
      "Content-Length": String(bytes.length),
    },
  });
}
