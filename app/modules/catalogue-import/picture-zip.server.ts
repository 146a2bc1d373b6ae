import crypto from "node:crypto";
import path from "node:path";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { MAX_IMAGE_BYTES } from "~/modules/uploads/uploads.schema";
import { MAX_ZIP_BYTES } from "./import-limits";

/** The limits of a ZIP of pictures (issue #42): its size, what it may unpack to, and how many files it holds. */
export const ZIP_LIMITS = {
  maxZipBytes: MAX_ZIP_BYTES,
  maxTotalBytes: 400 * 1024 * 1024,
  maxEntryBytes: MAX_IMAGE_BYTES,
  maxEntries: 5_000,
  // pictures hardly compress (JPEG, PNG, WebP are compressed already): a file that shrank 50 times is a bomb
  maxRatio: 50,
};

export class ZipRefused extends Error {}

export type ZipPicture = { name: string; stamp: string; bytes: number };
export type ZipScan = { pictures: Map<string, ZipPicture>; skipped: { name: string; reason: string }[] };

function open(file: string, unreadable = "This is not a ZIP file we can read"): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, autoClose: true },
      (error, zip) => (error ? reject(new ZipRefused(`${unreadable} (${error.message}).`)) : resolve(zip)),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new ZipRefused(`The ZIP's file "${entry.fileName}" cannot be read.`));
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) {
          stream.destroy(new ZipRefused(`The ZIP's file "${entry.fileName}" unpacks to more than it says.`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", (e) =>
        reject(e instanceof ZipRefused ? e : new ZipRefused(`The ZIP's file "${entry.fileName}" is damaged.`)),
      );
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** Whether bytes start like a picture Setu takes: JPEG, PNG, GIF, WebP, AVIF or HEIF. */
export function looksLikePicture(head: Buffer): boolean {
  if (head.length < 12) return false;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (head.subarray(0, 4).toString("latin1") === "GIF8") return true;
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP")
    return true;
  return head.subarray(4, 8).toString("latin1") === "ftyp";
}

/** A picture's storage stamp from its bytes (digits, as upload stamps are): the same picture is stored once. */
export function pictureStamp(bytes: Buffer): string {
  const hex = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 15);
  return `9${BigInt(`0x${hex}`).toString().padStart(19, "0")}`;
}

function skippable(name: string): boolean {
  const base = path.posix.basename(name);
  return name.startsWith("__MACOSX/") || base.startsWith(".") || base === "Thumbs.db";
}

type EntryVisitor = (entry: Entry, name: string, read: () => Promise<Buffer>) => Promise<void>;

/**
 * Walks a ZIP's files one at a time (never the whole ZIP in memory), refusing the whole ZIP for a name that leaves
 * its folder (yauzl refuses absolute paths and "..": path traversal), too many files, or more unpacked bytes or a
 * higher compression ratio than pictures have (a zip bomb), before and while each file is unpacked.
 */
async function walkZip(file: string, visit: EntryVisitor): Promise<void> {
  const zip = await open(file);
  if (zip.entryCount > ZIP_LIMITS.maxEntries)
    throw new ZipRefused(`The ZIP holds ${zip.entryCount} files; at most ${ZIP_LIMITS.maxEntries}.`);
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(
        error instanceof ZipRefused
          ? error
          : new ZipRefused(
              /invalid relative path|absolute path|invalid characters/i.test(String((error as Error)?.message))
                ? `The ZIP has a file whose name leaves its folder: ${(error as Error).message}. Make the ZIP again from a folder of pictures.`
                : `The ZIP is damaged: ${(error as Error)?.message ?? error}.`,
            ),
      );
    };
    zip.on("error", fail);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      const name = entry.fileName;
      if (name.endsWith("/") || skippable(name)) return zip.readEntry();
      const declared = entry.uncompressedSize;
      total += declared;
      if (total > ZIP_LIMITS.maxTotalBytes)
        return fail(new ZipRefused(`The ZIP unpacks to more than ${ZIP_LIMITS.maxTotalBytes / 1024 / 1024} MB.`));
      if (declared > 1024 * 1024 && declared / Math.max(entry.compressedSize, 1) > ZIP_LIMITS.maxRatio)
        return fail(
          new ZipRefused(
            `The ZIP's file "${name}" is compressed ${Math.floor(declared / Math.max(entry.compressedSize, 1))} times: not a picture (a zip bomb?).`,
          ),
        );
      visit(entry, name, () => readEntry(zip, entry, Math.min(declared, ZIP_LIMITS.maxEntryBytes + 1))).then(
        () => zip.readEntry(),
        fail,
      );
    });
    zip.readEntry();
  });
}

/**
 * The preview's pass over the ZIP: each picture by its file name (folders ignored), with the stamp it will be stored
 * under; files that are not pictures, too large, or named twice are listed as skipped.
 */
export async function scanPictureZip(file: string): Promise<ZipScan> {
  const pictures = new Map<string, ZipPicture>();
  const skipped: ZipScan["skipped"] = [];
  await walkZip(file, async (entry, name, read) => {
    const base = path.posix.basename(name);
    if (entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes) {
      skipped.push({ name, reason: `larger than ${ZIP_LIMITS.maxEntryBytes / 1024 / 1024} MB` });
      return;
    }
    const bytes = await read();
    if (!looksLikePicture(bytes)) skipped.push({ name, reason: "not a picture (JPEG, PNG, WebP, GIF or AVIF)" });
    else if (pictures.has(base.toLowerCase())) skipped.push({ name, reason: "a second file of the same name" });
    else pictures.set(base.toLowerCase(), { name: base, stamp: pictureStamp(bytes), bytes: bytes.length });
  });
  return { pictures, skipped };
}

/** The bytes of the named pictures (by file name, any case), read in one pass over the ZIP. */
export async function readZipPictures(file: string, names: ReadonlySet<string>): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const wanted = new Set([...names].map((n) => n.toLowerCase()));
  await walkZip(file, async (entry, name, read) => {
    const base = path.posix.basename(name).toLowerCase();
    if (!wanted.has(base) || found.has(base) || entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes) return;
    found.set(base, await read());
  });
  return found;
}

/** An XLSX is a ZIP of XML: refused before it is parsed when it would unpack to more than a sheet of 10,000 rows. */
export async function checkSpreadsheetZip(file: string): Promise<void> {
  const zip = await open(file, "The spreadsheet is not an XLSX file we can read: save it again as XLSX or CSV");
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", (error: Error) => reject(new ZipRefused(`The spreadsheet is damaged: ${error.message}.`)));
    zip.on("end", () => resolve());
    zip.on("entry", (entry: Entry) => {
      total += entry.uncompressedSize;
      if (total > 300 * 1024 * 1024) {
        zip.close();
        return reject(
          new ZipRefused("The spreadsheet unpacks to more than 300 MB: it cannot be a catalogue of 10,000 rows."),
        );
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}
