import { logger } from "~/logger.server";
import { ImageRejected, processImage, resizeImage, storeImage } from "./images.server";
import { IMAGE_MESSAGES as MESSAGES, MAX_IMAGE_BYTES, UPLOAD_KINDS, type UploadKind } from "./uploads.schema";
import { isPrivateKey, type BlobStorage, type StoredObject } from "./storage.server";
import { parseVariantKey } from "./image-urls";

type UploadDeps = { storage: BlobStorage };

/**
 * Who is uploading, and whether they are over their upload limit: accounts answers (its `accountUploader`), since
 * uploads is the storage below every domain and knows no sessions (record 0049).
 */
export type Uploader = {
  signedIn(request: Request): Promise<{ id: string } | null>;
  overLimit(userId: string): Promise<string | null>;
};

const MULTIPART_OVERHEAD = 64 * 1024;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/** Reads the body, refusing it as soon as it passes the limit (whatever Content-Length claimed). */
async function readLimited(request: Request, limit: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** POST /api/uploads: one image (`file`) of a `kind`, stored at {user id}/{kind}/{timestamp}.webp with a card-sized variant. */
export async function handleImageUpload(
  request: Request,
  runtime: UploadDeps & { uploader: Uploader },
): Promise<Response> {
  const user = await runtime.uploader.signedIn(request);
  if (!user) return json({ error: "User not authenticated" }, 401);
  const limit = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return json({ error: MESSAGES.tooLarge }, 413);
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) return json({ error: MESSAGES.notImage }, 415);
  const body = await readLimited(request, limit);
  if (body === null) return json({ error: MESSAGES.tooLarge }, 413);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return json({ error: MESSAGES.notImage }, 400);
  }
  const file = form.get("file");
  const kind = String(form.get("kind") ?? "product") as UploadKind;
  if (!UPLOAD_KINDS.includes(kind)) return json({ error: "Unknown upload kind" }, 400);
  if (!(file instanceof File)) return json({ error: MESSAGES.notImage }, 400);
  const limited = await runtime.uploader.overLimit(user.id);
  if (limited) return json({ error: limited }, 429);
  try {
    const image = await processImage(Buffer.from(await file.arrayBuffer()));
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)
      .toString()
      .padStart(3, "0")}`;
    const { url, cardUrl } = await storeImage(runtime.storage, user.id, kind, stamp, image);
    return json({ url, cardUrl, width: image.width, height: image.height });
  } catch (error) {
    if (error instanceof ImageRejected) return json({ error: error.message }, error.status);
    logger.error({ err: error }, "Failed to upload image");
    return json({ error: "Failed to upload image" }, 500);
  }
}

/** Variants being made now, by key: a burst of requests for a new variant makes it once. */
const variantsInFlight = new Map<string, Promise<StoredObject | null>>();

/**
 * A width variant of an uploaded image (image-urls.ts), made from the image on its first request and stored
 * beside it (the local disk or S3, like the image), so later requests, other servers and restarts read the
 * file. Works for every image ever stored, demo pictures included. Null when the image is not there.
 */
async function variant(storage: BlobStorage, key: string): Promise<StoredObject | null> {
  const parsed = parseVariantKey(key);
  if (!parsed) return null;
  const stored = await storage.get(key);
  if (stored) return stored;
  let making = variantsInFlight.get(key);
  if (!making) {
    making = (async () => {
      const image = await storage.get(parsed.imageKey);
      if (!image) return null;
      const { bytes } = await resizeImage(image.bytes, parsed.width);
      await storage.put(key, bytes, "image/webp");
      return { bytes, contentType: "image/webp" };
    })().finally(() => variantsInFlight.delete(key));
    variantsInFlight.set(key, making);
  }
  return making;
}

/** GET /uploads/*: stored objects with their content type and a year of caching (keys never change). nosniff comes from the global security headers. */
export async function serveUpload(key: string, runtime: UploadDeps): Promise<Response> {
  // private files (message attachments, verification and order documents) are served by their own routes, to those allowed only
  let object: StoredObject | null = null;
  if (!isPrivateKey(key)) {
    try {
      object = parseVariantKey(key) ? await variant(runtime.storage, key) : await runtime.storage.get(key);
    } catch (error) {
      logger.error({ err: error, key }, "Failed to read or make an uploaded image");
      return new Response("Image unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
    }
  }
  if (!object) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(object.bytes), {
    headers: {
      "Content-Type": object.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
