import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";

export type StoredObject = { bytes: Buffer; contentType: string };

/** Where uploaded images live: the local disk by default, S3-compatible storage for several app servers. */
export interface BlobStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object is there, without reading it (S3: a HEAD request). */
  has(key: string): Promise<boolean>;
  /** Removes an object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Streams a file of this server's disk into the store (a large file is never whole in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Streams an object into a file of this server's disk (written whole or not at all); false when there is none. */
  getFile(key: string, file: string): Promise<boolean>;
}

/**
 * Keys look like "{user id}/{kind}/{timestamp}.webp" (a message's PDF: ".pdf", a catalogue import's pictures: ".zip"):
 * no "..", no absolute paths, no odd characters.
 */
export function isSafeKey(key: string): boolean {
  return (
    /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.(webp|png|jpg|pdf|zip)$/.test(key) &&
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

/** A catalogue import's ZIP of pictures waits here between the preview and the job (record 0055); never served. */
export const CATALOGUE_IMPORTS_PREFIX = "catalogue-imports/";

/** Whether a key is a private file's, which GET /uploads/* never serves (each kind has its own guarded route). */
export function isPrivateKey(key: string): boolean {
  return (
    key.startsWith(PRIVATE_ATTACHMENTS_PREFIX) ||
    key.startsWith(CATALOGUE_IMPORTS_PREFIX) ||
    key.startsWith(VERIFICATION_DOCUMENTS_PREFIX) ||
    key.startsWith(PRIVATE_ORDER_DOCUMENTS_PREFIX)
  );
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** Writes a stream to `file` through a temporary file beside it: the file is there whole, or not at all. */
async function writeWhole(source: NodeJS.ReadableStream, file: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  try {
    await pipeline(source, createWriteStream(temp));
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

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
    async has(key) {
      if (!isSafeKey(key)) return false;
      return fs.stat(resolve(key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async putFile(key, file) {
      await writeWhole(createReadStream(file), resolve(key));
    },
    async getFile(key, file) {
      if (!isSafeKey(key)) return false;
      const source = createReadStream(resolve(key));
      const opened = await new Promise<boolean>((done) => {
        source.once("open", () => done(true));
        source.once("error", () => done(false));
      });
      if (!opened) return false;
      await writeWhole(source, file);
      return true;
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
    async has(key) {
      if (!isSafeKey(key)) return false;
      const response = await client.fetch(url(key), { method: "HEAD" });
      if (response.status === 404 || response.status === 403) return false;
      if (!response.ok) throw new Error(`S3 read failed with status ${response.status}`);
      return true;
    },
    async delete(key) {
      if (!isSafeKey(key)) throw new Error("invalid storage key");
      const response = await client.fetch(url(key), { method: "DELETE" });
      // S3 answers 204 whether or not the object was there
      if (!response.ok && response.status !== 404) throw new Error(`S3 delete failed with status ${response.status}`);
    },
    async putFile(key, file, contentType) {
      if (!isSafeKey(key)) throw new Error("invalid storage key");
      const { size } = await fs.stat(file);
      // signed without the body (S3's UNSIGNED-PAYLOAD), then sent as a stream of known length: one PUT, which S3
      // takes up to 5 GB; not retried (a stream is read once)
      const signed = await client.sign(url(key), {
        method: "PUT",
        headers: { "Content-Type": contentType, "Content-Length": String(size) },
      });
      const response = await fetch(signed.url, {
        method: "PUT",
        headers: signed.headers,
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      if (!response.ok) throw new Error(`S3 upload failed with status ${response.status}`);
    },
    async getFile(key, file) {
      if (!isSafeKey(key)) return false;
      const response = await client.fetch(url(key));
      if (response.status === 404 || response.status === 403) return false;
      if (!response.ok || !response.body) throw new Error(`S3 read failed with status ${response.status}`);
      await writeWhole(Readable.fromWeb(response.body as unknown as NodeWebStream), file);
      return true;
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
