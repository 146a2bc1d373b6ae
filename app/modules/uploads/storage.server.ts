import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";

export type StoredObject = { bytes: Buffer; contentType: string };

/** Where uploaded images live: the local disk by default, S3-compatible storage for several app servers. */
export interface BlobStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes an object; one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** Keys look like "{user id}/{kind}/{timestamp}.webp" (a message's PDF: ".pdf"): no "..", no absolute paths, no odd characters. */
export function isSafeKey(key: string): boolean {
  return (
    /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.(webp|png|jpg|pdf)$/.test(key) &&
    !key.includes("..") &&
    key.length <= 200
  );
}

/** Message attachments live under this first folder; only their conversation's two parties may read them (never /uploads/*). */
export const PRIVATE_ATTACHMENTS_PREFIX = "message-attachments/";

/** An order's export documents live under this first folder; only the order's two parties read them, through its route. */
export const PRIVATE_ORDER_DOCUMENTS_PREFIX = "order-documents/";
/** Sellers' verification documents live under this first folder; only the seller and administrators may read them. */
export const VERIFICATION_DOCUMENTS_PREFIX = "verification-documents/";

/** Whether a key is a private file's, which GET /uploads/* never serves (each kind has its own guarded route). */
export function isPrivateKey(key: string): boolean {
  return (
    key.startsWith(PRIVATE_ATTACHMENTS_PREFIX) ||
    key.startsWith(VERIFICATION_DOCUMENTS_PREFIX) ||
    key.startsWith(PRIVATE_ORDER_DOCUMENTS_PREFIX)
  );
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  pdf: "application/pdf",
};

export function contentTypeFor(key: string) {
  return CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}

export function localDiskStorage(root: string): BlobStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error("invalid storage key");
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error("invalid storage key");
    return full;
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return { bytes: await fs.readFile(resolve(key)), contentType: contentTypeFor(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

export function s3Storage(config: {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): BlobStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const url = (key: string) => `${config.endpoint.replace(/\/$/, "")}/${config.bucket}/${key}`;
  return {
    async put(key, bytes, contentType) {
      if (!isSafeKey(key)) throw new Error("invalid storage key");
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "Content-Type": contentType },
      });
      if (!response.ok) throw new Error(`S3 upload failed with status ${response.status}`);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const response = await client.fetch(url(key));
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new Error(`S3 read failed with status ${response.status}`);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? contentTypeFor(key),
      };
    },
    async delete(key) {
      if (!isSafeKey(key)) throw new Error("invalid storage key");
      const response = await client.fetch(url(key), { method: "DELETE" });
      // S3 answers 204 whether or not the object was there
      if (!response.ok && response.status !== 404) throw new Error(`S3 delete failed with status ${response.status}`);
    },
  };
}

/** S3 when S3_BUCKET is set, the local disk under DATA_DIR/uploads otherwise. */
export function createStorage(env: NodeJS.ProcessEnv, dataDir: string): BlobStorage {
  if (env.S3_BUCKET) {
    return s3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION ?? "us-east-1"}.amazonaws.com`,
      region: env.S3_REGION ?? "us-east-1",
      accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    });
  }
  return localDiskStorage(path.join(dataDir, "uploads"));
}
