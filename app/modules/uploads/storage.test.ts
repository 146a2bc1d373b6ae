import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage, s3Storage, type BlobStorage } from "./storage.server";

const folders: string[] = [];
const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "setu-storage-"));
  folders.push(folder);
  return folder;
};

let s3: S3rver;
let s3Port = 0;
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: tempFolder(),
    configureBuckets: [{ name: "setu-test" }],
  });
  ({ port: s3Port } = await s3.run());
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const backends: Array<{ name: string; open: () => BlobStorage }> = [
  { name: "the local disk", open: () => localDiskStorage(tempFolder()) },
  {
    name: "S3",
    open: () =>
      s3Storage({
        bucket: "setu-test",
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      }),
  },
];

describe.each(backends)("blob storage on $name", ({ open }) => {
  it("stores, reads and deletes an object; deleting one that is not there is no error", async () => {
    const storage = open();
    const key = "message-attachments/c1/0123456789abcdef.pdf";
    expect(await storage.has(key)).toBe(false);
    await storage.put(key, Buffer.from("%PDF-1.4"), "application/pdf");
    expect((await storage.get(key))?.bytes.toString()).toBe("%PDF-1.4");
    expect(await storage.has(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete("../outside.pdf")).rejects.toThrow("invalid storage key");
  });

  it("streams a file in and out: the same bytes come back, a missing object writes no file", async () => {
    const storage = open();
    const folder = tempFolder();
    const source = path.join(folder, "pictures.zip");
    // 3 MB, larger than one stream chunk, so the copy is made of many
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    fs.writeFileSync(source, bytes);
    const key = "catalogue-imports/seller-1/0b7c6a1e-1111-4222-8333-944445555666.zip";
    await storage.putFile(key, source, "application/zip");
    const copy = path.join(folder, "copy", "pictures.zip");
    expect(await storage.getFile(key, copy)).toBe(true);
    expect(fs.readFileSync(copy).equals(bytes)).toBe(true);
    await storage.delete(key);
    const absent = path.join(folder, "absent.zip");
    expect(await storage.getFile(key, absent)).toBe(false);
    expect(fs.existsSync(absent)).toBe(false);
    await expect(storage.putFile("../outside.zip", source, "application/zip")).rejects.toThrow("invalid storage key");
  });
});
