import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import type { Db } from "~/db/client.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";
import { checkCatalogueFile, importFolder, type CheckResult } from "./catalogue-import.server";
import { MAX_SHEET_BYTES } from "./import-limits";
import { ZIP_LIMITS } from "./picture-zip.server";

export type ReceivedUpload =
  | {
      ok: true;
      fields: Record<string, string>;
      sheet: { path: string; name: string } | null;
      zip: { path: string; name: string } | null;
    }
  | { ok: false; status: number; message: string };

/**
 * Reads a multipart import post as a stream, writing the sheet (`sheet`) and the ZIP (`pictures`) to files of
 * their own under DATA_DIR (never the whole post in memory); each file is cut off at its limit and refused (413).
 */
export async function receiveCatalogueUpload(request: Request, dataDir: string): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !request.body)
    return { ok: false, status: 400, message: "Choose a spreadsheet file to upload." };
  const folder = path.join(importFolder(dataDir), "incoming");
  await fs.promises.mkdir(folder, { recursive: true });
  const fields: Record<string, string> = {};
  const files: Record<"sheet" | "pictures", { path: string; name: string } | null> = { sheet: null, pictures: null };
  const written: string[] = [];
  let tooLarge: string | null = null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 2, fields: 10, fieldSize: 1024, fileSize: ZIP_LIMITS.maxZipBytes + 1 },
    });
  } catch {
    return { ok: false, status: 400, message: "The upload could not be read." };
  }
  const pending: Promise<void>[] = [];
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if ((name !== "sheet" && name !== "pictures") || !info.filename) {
      stream.resume();
      return;
    }
    const limit = name === "sheet" ? MAX_SHEET_BYTES : ZIP_LIMITS.maxZipBytes;
    const target = path.join(folder, `${crypto.randomUUID()}.${name === "sheet" ? "sheet" : "zip"}`);
    written.push(target);
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit && !tooLarge) {
        tooLarge =
          name === "sheet"
            ? `The spreadsheet is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB.`
            : `The ZIP of pictures is larger than ${ZIP_LIMITS.maxZipBytes / 1024 / 1024} MB.`;
      }
    });
    pending.push(
      pipeline(stream, fs.createWriteStream(target)).then(() => {
        if (size > 0) files[name] = { path: target, name: path.basename(info.filename ?? name).slice(0, 200) };
      }),
    );
  });
  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeWebStream), parser);
    await Promise.all(pending);
  } catch {
    await Promise.all(written.map((f) => fs.promises.rm(f, { force: true })));
    return { ok: false, status: 400, message: "The upload was cut short: please try again." };
  }
  if (tooLarge) {
    await Promise.all(written.map((f) => fs.promises.rm(f, { force: true })));
    return { ok: false, status: 413, message: tooLarge };
  }
  return { ok: true, fields, sheet: files.sheet, zip: files.pictures };
}

/**
 * The preview's post: the seller's upload received and checked (checkCatalogueFile). A post without a sheet is
 * refused, and whatever it wrote is removed.
 */
export async function checkUploadedCatalogue(
  deps: { db: Db; dataDir: string; storage: BlobStorage },
  actor: { id: string; profile: { isSeller: boolean } },
  request: Request,
): Promise<CheckResult> {
  if (!actor.profile.isSeller)
    return { ok: false, status: 403, message: "Only seller accounts can import products.", problems: [] };
  const upload = await receiveCatalogueUpload(request, deps.dataDir);
  if (!upload.ok) return { ...upload, problems: [] };
  if (!upload.sheet) {
    if (upload.zip) await fs.promises.rm(upload.zip.path, { force: true });
    return { ok: false, status: 400, message: "Choose a spreadsheet file (CSV or XLSX) to upload.", problems: [] };
  }
  return checkCatalogueFile(deps, actor, {
    sheetPath: upload.sheet.path,
    fileName: upload.sheet.name,
    zipPath: upload.zip?.path ?? null,
    storeId: upload.fields.storeId || null,
  });
}
