import crypto from "node:crypto";
import { logger } from "~/lib/logger.server";
import { ImageRejected, processImage } from "~/modules/uploads/images.server";
import { PRIVATE_ATTACHMENTS_PREFIX, type BlobStorage } from "~/modules/uploads/storage.server";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type ThreadAttachment } from "./messaging.schema";

/** An attachment stored in the blob storage, ready to be recorded with its message. */
export type StoredAttachment = { storageKey: string; fileName: string; contentType: ThreadAttachment["contentType"]; sizeBytes: number };

export class AttachmentRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The files the message form posted: an empty file input posts a nameless empty file, which is no attachment. */
export function postedFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/** Checks the count and sizes before anything is read or stored. */
export function checkAttachmentLimits(files: File[]): AttachmentRejected | null {
  if (files.length > MAX_ATTACHMENTS) return new AttachmentRejected(ATTACHMENT_MESSAGES.tooMany, 400);
  if (files.some((file) => file.size > MAX_ATTACHMENT_BYTES)) return new AttachmentRejected(ATTACHMENT_MESSAGES.tooLarge, 413);
  return null;
}

const PDF_MAGIC = Buffer.from("%PDF-");

/** A name that is safe in a header and a page: no control characters, quotes or slashes, at most 120 characters. */
export function safeFileName(name: string, extension: "webp" | "pdf"): string {
  const base = name
    .toWellFormed()
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, "_")
    .trim()
    .slice(0, 110);
  return `${base || "attachment"}.${extension}`;
}

/**
 * Decides a file's type from its bytes (never its name or the browser's claim): a PDF by its "%PDF-" header,
 * stored as is; anything sharp reads as a raster image is re-encoded to WebP with a thumbnail, as uploads are;
 * anything else is refused. Stored under the conversation with an unguessable name.
 */
export async function storeAttachment(storage: BlobStorage, conversationId: string, file: File): Promise<StoredAttachment> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw new AttachmentRejected(ATTACHMENT_MESSAGES.tooLarge, 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  const key = `${PRIVATE_ATTACHMENTS_PREFIX}${conversationId}/${crypto.randomBytes(16).toString("hex")}`;
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    await storage.put(`${key}.pdf`, bytes, "application/pdf");
    return { storageKey: `${key}.pdf`, fileName: safeFileName(file.name, "pdf"), contentType: "application/pdf", sizeBytes: bytes.length };
  }
  let image;
  try {
    image = await processImage(bytes, { maxBytes: MAX_ATTACHMENT_BYTES });
  } catch (error) {
    if (error instanceof ImageRejected) throw new AttachmentRejected(error.status === 413 ? ATTACHMENT_MESSAGES.tooLarge : ATTACHMENT_MESSAGES.wrongType, error.status);
    throw error;
  }
  await storage.put(`${key}.webp`, image.full, "image/webp");
  await storage.put(`${key}-card.webp`, image.card, "image/webp");
  return { storageKey: `${key}.webp`, fileName: safeFileName(file.name, "webp"), contentType: "image/webp", sizeBytes: image.full.length };
}

/**
 * Removes stored attachments that will have no message (a later file was refused, or the message's
 * transaction failed): storage is not transactional, so the files written before it are undone by hand.
 * A failure to remove is logged, never raised over the error that caused it.
 */
export async function discardAttachments(storage: BlobStorage, stored: StoredAttachment[]): Promise<void> {
  const keys = stored.flatMap((a) => (a.contentType === "image/webp" ? [a.storageKey, thumbnailKey(a.storageKey)] : [a.storageKey]));
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") logger.warn({ err: result.reason, key: keys[i] }, "could not remove an attachment file without a message");
  }
}

/** The stored key of an image's thumbnail. */
export function thumbnailKey(storageKey: string): string {
  return storageKey.replace(/\.webp$/, "-card.webp");
}

/**
 * The attachment as a response to one of its conversation's parties: images inline, PDFs only as a download;
 * never able to run anything (a sandboxing CSP), kept in private caches only. X-Content-Type-Options: nosniff
 * comes from the server's security headers, as on every response (setting it here too would send it twice).
 */
export function attachmentResponse(bytes: Buffer, attachment: { fileName: string; contentType: string }): Response {
  const pdf = attachment.contentType === "application/pdf";
  const ascii = attachment.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": pdf ? "application/pdf" : "image/webp",
      "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, max-age=86400",
      "Content-Length": String(bytes.length),
    },
  });
}
