import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { catalogueImports, type ImportRefusal } from "~/db/schema/catalogue-import";
import { calendarDateIn } from "~/lib/dates";
import { isUuid } from "~/lib/uuid";
import { logger } from "~/logger.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { ImportedProduct } from "~/modules/products/product-import.schema";
import {
  importedHtsRefusals,
  planImportOutcomes,
  upsertImportedProduct,
  type ImportOutcome,
} from "~/modules/products/product-import.server";
import { storeShelf } from "~/modules/stores/store-shelf.server";
import { rateInForce } from "~/modules/trade/fx-rates.server";
import { ImageRejected, processImage, storeImage } from "~/modules/uploads/images.server";
import { CATALOGUE_IMPORTS_PREFIX, type BlobStorage } from "~/modules/uploads/storage.server";
import { HEADING_OF, mapHeadings, type ColumnKey } from "./columns";
import { checkRow, groupProducts, MAX_IMPORT_ROWS, type CheckedRow, type RowCells } from "./row-checks";
import { scanPictureZip, readZipPictures, ZipRefused, checkSpreadsheetZip } from "./picture-zip.server";
import { readSheetRows, sniffSheetFormat } from "./sheet-reader.server";

/**
 * A supplier's catalogue from a spreadsheet (issue #42, decision record 0055), in three steps:
 *   1. checkCatalogueFile: the sheet (and the ZIP of pictures) read as streams, every row checked, the products
 *      planned and compared with the catalogue (create / update / unchanged), nothing changed: the preview;
 *   2. commitCatalogueImport: the checked import queued as a job ("catalogue-import") in the same transaction;
 *   3. runCatalogueImport (the job): each product with its variants, price breaks and place on the store's shelf
 *      in one transaction that also advances the import's cursor (consecutive products without pictures, up to 20,
 *      in one), so a restart resumes after the last product written, and nothing is written twice. Pictures are sniffed and re-encoded as every upload is.
 * The public API issue calls the same functions.
 *
 * Between 1 and 3 the ZIP of pictures waits in blob storage (S3 with several instances), never on the disk of the
 * instance that took the upload: the job may run on another. The job streams it to a copy on its own instance's disk
 * (yauzl reads a ZIP from its end), kept between the runs of one import and removed when the import ends (what a crash
 * or another instance's finish leaves is swept as the instance starts and every hour: sweepImportFiles). The ZIP is
 * deleted from storage when the import is done or discarded, or once a preview has been left for a day.
 */

export type ImportDeps = { db: Db; storage: BlobStorage; jobs: JobQueue; dataDir: string };
type Seller = { id: string; profile: { isSeller: boolean } };

export type CheckResult =
  { ok: true; importId: string } | { ok: false; status: number; message: string; problems: string[] };

/** One planned product: what to write, which sheet rows it came from, and its pictures' ZIP names by URL. */
type PlanEntry = { product: ImportedProduct; rows: number[]; outcome: ImportOutcome; pictures: Record<string, string> };

export function importFolder(dataDir: string) {
  return path.join(dataDir, "catalogue-imports");
}

/** Where a checked import's ZIP of pictures waits in blob storage (a private key: GET /uploads/* never serves it). */
export function zipStorageKey(sellerId: string, importId: string) {
  return `${CATALOGUE_IMPORTS_PREFIX}${sellerId}/${importId}.zip`;
}

/** This instance's copy of an import's ZIP, made by the job from blob storage. */
function zipCopyPath(dataDir: string, importId: string) {
  return path.join(importFolder(dataDir), "job-copies", `${importId}.zip`);
}

/** Removes an import's ZIP from blob storage (a key stored before storage was used, a local path, is let go). */
async function deleteStoredZip(storage: BlobStorage, key: string | null | undefined) {
  if (!key) return;
  await storage.delete(key).catch((error: unknown) => {
    logger.warn({ err: error, key }, "an import's ZIP of pictures could not be deleted from storage");
  });
}

const refused = (status: number, message: string, problems: string[] = []): CheckResult => ({
  ok: false,
  status,
  message,
  problems,
});

async function removeQuietly(file: string | null | undefined) {
  if (file) await fs.rm(file, { force: true }).catch(() => {});
}

/**
 * The preview: reads `sheetPath` (CSV or XLSX) and `zipPath` (pictures, optional), both already on this server's
 * disk, and records a checked import. Both files are removed from the disk; the ZIP is first streamed into blob
 * storage, where it waits for the job until the import ends.
 */
export async function checkCatalogueFile(
  deps: Pick<ImportDeps, "db" | "storage">,
  actor: Seller,
  upload: { sheetPath: string; fileName: string; zipPath: string | null; storeId: string | null },
): Promise<CheckResult> {
  try {
    if (!actor.profile.isSeller) return refused(403, "Only seller accounts can import products.");
    if (upload.storeId && (!isUuid(upload.storeId) || !(await storeShelf(actor, upload.storeId)!.nameFor(deps.db))))
      return refused(404, "Store not found");
    const format = await sniffSheetFormat(upload.sheetPath);
    if (format === "xlsx") await checkSpreadsheetZip(upload.sheetPath);
    const scan = upload.zipPath ? await scanPictureZip(upload.zipPath) : null;
    const pictureUrls = scan
      ? new Map([...scan.pictures].map(([key, p]) => [key, `/uploads/${actor.id}/product/${p.stamp}.webp`] as const))
      : null;
    const rate = await rateInForce(deps.db, calendarDateIn(new Date(), "Asia/Kolkata"));
    const context = { sellerId: actor.id, inrPerUsd: rate?.inrPerUsd ?? null, pictures: pictureUrls };

    let columns: (ColumnKey | null)[] | null = null;
    const refusals: ImportRefusal[] = [];
    const checked: CheckedRow[] = [];
    const skuRows = new Map<string, number>();
    let dataRows = 0;
    for await (const { row, cells } of readSheetRows(upload.sheetPath, format, MAX_IMPORT_ROWS)) {
      if (cells.every((c) => c.trim() === "")) continue;
      if (!columns) {
        const headings = mapHeadings(cells);
        if (headings.problems.length)
          return refused(400, "The sheet's headings are not the template's: nothing was imported.", headings.problems);
        columns = headings.columns;
        continue;
      }
      dataRows++;
      if (dataRows > MAX_IMPORT_ROWS)
        return refused(
          400,
          `The sheet has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split it in two.`,
        );
      const values: RowCells = {};
      columns.forEach((key, i) => {
        if (key) values[key] = cells[i] ?? "";
      });
      const result = checkRow(row, values, context);
      if (!result.ok) {
        refusals.push(...result.refusals);
        continue;
      }
      const earlier = skuRows.get(result.value.sku);
      if (earlier !== undefined) {
        refusals.push({
          row,
          column: HEADING_OF.sku,
          reason: `The SKU "${result.value.sku}" is also on row ${earlier}: each row needs its own SKU.`,
        });
        continue;
      }
      skuRows.set(result.value.sku, row);
      checked.push(result.value);
    }
    if (!columns) return refused(400, "The sheet is empty: start from the template.");
    const grouped = groupProducts(checked);
    refusals.push(...grouped.refusals);
    // HTS codes as the product form takes them: a new or changed one must be a 10-digit line of the HTS table
    const htsRefusals = await importedHtsRefusals(
      deps.db,
      actor,
      grouped.products.map((p) => p.product),
    );
    grouped.products = grouped.products.filter(({ rows }, i) => {
      const reason = htsRefusals[i];
      if (reason) for (const row of rows) refusals.push({ row, column: HEADING_OF.hsCode, reason });
      return !reason;
    });
    if (scan)
      for (const skipped of scan.skipped)
        refusals.push({ row: 0, column: "Pictures ZIP", reason: `${skipped.name}: ${skipped.reason}; left out.` });
    refusals.sort((a, b) => a.row - b.row);
    const outcomes = await planImportOutcomes(
      deps.db,
      actor,
      grouped.products.map((p) => p.product),
    );
    const urlToName = new Map(
      scan ? [...scan.pictures.values()].map((p) => [`/uploads/${actor.id}/product/${p.stamp}.webp`, p.name]) : [],
    );
    const plan: PlanEntry[] = grouped.products.map(({ product, rows }, i) => ({
      product,
      rows,
      outcome: outcomes[i]!,
      pictures: Object.fromEntries(product.images.filter((u) => urlToName.has(u)).map((u) => [u, urlToName.get(u)!])),
    }));
    const count = (o: ImportOutcome) => plan.filter((p) => p.outcome === o).length;
    const [row] = await deps.db
      .insert(catalogueImports)
      .values({
        sellerId: actor.id,
        storeId: upload.storeId || null,
        fileName: upload.fileName.slice(0, 200),
        totalRows: plan.reduce((n, p) => n + p.rows.length, 0),
        plan,
        refused: refusals.slice(0, 20_000),
        toCreate: count("create"),
        toUpdate: count("update"),
        unchanged: count("unchanged"),
      })
      .returning({ id: catalogueImports.id });
    if (upload.zipPath && scan?.pictures.size) {
      const key = zipStorageKey(actor.id, row!.id);
      await deps.storage.putFile(key, upload.zipPath, "application/zip");
      await deps.db.update(catalogueImports).set({ zipKey: key }).where(eq(catalogueImports.id, row!.id));
    }
    return { ok: true, importId: row!.id };
  } catch (error) {
    if (error instanceof ZipRefused) return refused(400, error.message);
    logger.warn({ err: error }, "a catalogue file could not be read");
    return refused(400, "The file could not be read as a CSV or XLSX spreadsheet. Save it from the template again.");
  } finally {
    await removeQuietly(upload.sheetPath);
    await removeQuietly(upload.zipPath);
  }
}

export type ImportView = {
  id: string;
  status: (typeof catalogueImports.$inferSelect)["status"];
  fileName: string;
  storeId: string | null;
  totalRows: number;
  toCreate: number;
  toUpdate: number;
  unchanged: number;
  rowsDone: number;
  created: number;
  updated: number;
  leftUnchanged: number;
  refused: ImportRefusal[];
  refusedCount: number;
  hasPictures: boolean;
  createdAt: string;
};

const VIEW_COLUMNS = {
  id: catalogueImports.id,
  status: catalogueImports.status,
  fileName: catalogueImports.fileName,
  storeId: catalogueImports.storeId,
  totalRows: catalogueImports.totalRows,
  toCreate: catalogueImports.toCreate,
  toUpdate: catalogueImports.toUpdate,
  unchanged: catalogueImports.unchanged,
  rowsDone: catalogueImports.rowsDone,
  created: catalogueImports.created,
  updated: catalogueImports.updated,
  leftUnchanged: catalogueImports.leftUnchanged,
  zipKey: catalogueImports.zipKey,
  createdAt: catalogueImports.createdAt,
  refusedCount: sql<number>`jsonb_array_length(${catalogueImports.refused})::int`,
  // the first 200 refusals on the page; all of them in the report
  refused: sql<
    ImportRefusal[]
  >`coalesce(jsonb_path_query_array(${catalogueImports.refused}, '$[0 to 199]'), '[]'::jsonb)`,
};

/** One of the seller's imports (another's, or none, is null), with at most 200 refused rows. */
export async function getCatalogueImport(db: Db, actor: { id: string }, importId: string): Promise<ImportView | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(catalogueImports)
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.sellerId, actor.id)));
  return row ? view(row) : null;
}

/** The seller's latest import that is not discarded (to show its progress when they come back), or null. */
export async function latestCatalogueImport(db: Db, actor: { id: string }): Promise<ImportView | null> {
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(catalogueImports)
    .where(and(eq(catalogueImports.sellerId, actor.id), sql`${catalogueImports.status} <> 'discarded'`))
    .orderBy(desc(catalogueImports.createdAt))
    .limit(1);
  return row ? view(row) : null;
}

function view({
  zipKey,
  createdAt,
  ...row
}: { zipKey: string | null; createdAt: Date } & Omit<ImportView, "hasPictures" | "createdAt">): ImportView {
  return { ...row, hasPictures: zipKey !== null, createdAt: createdAt.toISOString() };
}

/** Every refused row of one of the seller's imports, for the downloadable report; null when not theirs. */
export async function refusedRowsOf(db: Db, actor: { id: string }, importId: string): Promise<ImportRefusal[] | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db
    .select({ refused: catalogueImports.refused })
    .from(catalogueImports)
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.sellerId, actor.id)));
  return row ? row.refused : null;
}

export type CommandResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Commits a checked import: queued, with its job sent in the same transaction (a crash after the commit still runs
 * it). A second import of the same catalogue waits in the queue until the first is done.
 */
export async function commitCatalogueImport(
  deps: Pick<ImportDeps, "db" | "jobs">,
  actor: { id: string },
  importId: string,
): Promise<CommandResult> {
  if (!isUuid(importId)) return { ok: false, status: 404, message: "Import not found" };
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(catalogueImports)
        .set({ status: "queued", updatedAt: new Date() })
        .where(
          and(
            eq(catalogueImports.id, importId),
            eq(catalogueImports.sellerId, actor.id),
            eq(catalogueImports.status, "checked"),
          ),
        )
        .returning({ totalRows: catalogueImports.totalRows });
      if (!row) {
        const [exists] = await tx
          .select({ id: catalogueImports.id })
          .from(catalogueImports)
          .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.sellerId, actor.id)));
        return exists
          ? { ok: false as const, status: 409, message: "This import is no longer waiting to be committed." }
          : { ok: false as const, status: 404, message: "Import not found" };
      }
      if (row.totalRows === 0) throw new NothingToImport();
      await deps.jobs.send(tx, "catalogue-import", { importId });
      return { ok: true as const, message: "Import started" };
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToImport)
        return {
          ok: false as const,
          status: 400,
          message: "No row of this file can be imported: fix the file and upload it again.",
        };
      throw error;
    });
}

class NothingToImport extends Error {}

/** Discards a checked import (the seller will fix the file and upload it again); its ZIP is removed. */
export async function discardCatalogueImport(
  { db, storage }: Pick<ImportDeps, "db" | "storage">,
  actor: { id: string },
  importId: string,
): Promise<CommandResult> {
  if (!isUuid(importId)) return { ok: false, status: 404, message: "Import not found" };
  const mine = and(
    eq(catalogueImports.id, importId),
    eq(catalogueImports.sellerId, actor.id),
    eq(catalogueImports.status, "checked"),
  );
  const [before] = await db.select({ zipKey: catalogueImports.zipKey }).from(catalogueImports).where(mine);
  if (!before) return { ok: false, status: 404, message: "Import not found" };
  await db
    .update(catalogueImports)
    .set({ status: "discarded", plan: [], zipKey: null, updatedAt: new Date() })
    .where(mine);
  await deleteStoredZip(storage, before.zipKey);
  return { ok: true, message: "Import discarded" };
}

/** How long a preview waits to be committed before it counts as abandoned, and how often that is looked for. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
export const IMPORT_CLEANUP_CRON = "41 * * * *";

/**
 * Imports checked but neither committed nor discarded for a day (the seller walked away) are discarded, and their
 * ZIPs deleted from storage; run on a schedule. Returns how many.
 */
export async function discardAbandonedImports(
  { db, storage }: Pick<ImportDeps, "db" | "storage">,
  now = new Date(),
): Promise<number> {
  const waiting = and(
    eq(catalogueImports.status, "checked"),
    lt(catalogueImports.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
  );
  const abandoned = await db
    .select({ id: catalogueImports.id, zipKey: catalogueImports.zipKey })
    .from(catalogueImports)
    .where(waiting);
  let discarded = 0;
  for (const { id, zipKey } of abandoned) {
    // still waiting: a commit that came in meanwhile keeps its ZIP
    const [gone] = await db
      .update(catalogueImports)
      .set({ status: "discarded", plan: [], zipKey: null, updatedAt: now })
      .where(and(eq(catalogueImports.id, id), waiting))
      .returning({ id: catalogueImports.id });
    if (!gone) continue;
    discarded++;
    await deleteStoredZip(storage, zipKey);
  }
  return discarded;
}

/** How long one run of the job writes before it hands over to the next (a restart then loses at most this much). */
const RUN_BUDGET_MS = 20_000;
const CHUNK = 20;

/**
 * The job: writes the import's products from its cursor on, each (or each run of products without pictures) in a
 * transaction with the cursor's advance, for at most `budgetMs`, then queues the rest as a new job. Runs only when no other import of the seller runs.
 */
export async function runCatalogueImport(
  deps: ImportDeps,
  importId: string,
  { budgetMs = RUN_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<"done" | "waiting" | "continued" | "gone"> {
  const { db } = deps;
  const [current] = await db
    .select({ status: catalogueImports.status, sellerId: catalogueImports.sellerId })
    .from(catalogueImports)
    .where(eq(catalogueImports.id, importId));
  if (!current || (current.status !== "queued" && current.status !== "running")) return "gone";
  if (current.status === "queued") {
    const started = await db
      .update(catalogueImports)
      .set({ status: "running", updatedAt: new Date() })
      .where(
        and(
          eq(catalogueImports.id, importId),
          eq(catalogueImports.status, "queued"),
          sql`not exists (select 1 from ${catalogueImports} other where other.seller_id = ${current.sellerId} and other.status = 'running')`,
        ),
      )
      .returning({ id: catalogueImports.id })
      .catch(() => []);
    if (!started.length) {
      await deps.jobs.send(db, "catalogue-import", { importId }, { startAfterSeconds: 3 });
      return "waiting";
    }
  }
  const [job] = await db
    .select({
      sellerId: catalogueImports.sellerId,
      storeId: catalogueImports.storeId,
      zipKey: catalogueImports.zipKey,
      plan: catalogueImports.plan,
      cursor: catalogueImports.cursor,
    })
    .from(catalogueImports)
    .where(eq(catalogueImports.id, importId));
  const plan = job!.plan as PlanEntry[];
  const actor = { id: job!.sellerId };
  const shelf = job!.storeId ? storeShelf(actor, job!.storeId) : undefined;
  const placeOnShelf = shelf && (await shelf.nameFor(db)) !== null ? shelf : undefined;
  const startedAt = Date.now();
  let cursor = job!.cursor;
  const zip = cursor < plan.length && job!.zipKey ? await zipCopy(deps, importId, job!.zipKey) : null;
  /** Advances the import's cursor from `expected` past `entries` and counts what was done, in the caller's transaction. */
  const advanceCursor = async (
    tx: Db,
    expected: number,
    entries: PlanEntry[],
    outcomes: (ImportOutcome | "refused")[],
    refusals: ImportRefusal[],
  ) => {
    const count = (outcome: ImportOutcome) => outcomes.filter((o) => o === outcome).length;
    await tx
      .update(catalogueImports)
      .set({
        cursor: expected + entries.length,
        rowsDone: sql`${catalogueImports.rowsDone} + ${entries.reduce((sum, e) => sum + e.rows.length, 0)}`,
        created: sql`${catalogueImports.created} + ${count("create")}`,
        updated: sql`${catalogueImports.updated} + ${count("update")}`,
        leftUnchanged: sql`${catalogueImports.leftUnchanged} + ${count("unchanged")}`,
        refused: refusals.length
          ? sql`${catalogueImports.refused} || ${JSON.stringify(refusals)}::jsonb`
          : catalogueImports.refused,
        updatedAt: new Date(),
      })
      .where(eq(catalogueImports.id, importId));
  };
  /** The import's row, locked: two runs of the job (a retried one and its successor) take turns, and only the one
   * that finds the cursor where it expects it writes. */
  const lockCursor = async (tx: Db, expected: number) => {
    const [locked] = await tx
      .select({ cursor: catalogueImports.cursor })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, importId))
      .for("update");
    if (locked?.cursor !== expected) throw new CursorMoved();
  };

  /**
   * Writes products without pictures in one transaction with the cursor's advance (on PGlite's one thread, a
   * transaction per product cost more in BEGIN, COMMIT and the cursor's lock and update than in the product):
   * all of them or none, so each product is still whole or absent. "failed" when the database refused one: the
   * caller then writes them one by one, and only the refused one is reported.
   */
  const writeTogether = async (entries: PlanEntry[], expected: number): Promise<"written" | "failed" | "gone"> => {
    try {
      await db.transaction(async (tx) => {
        await lockCursor(tx, expected);
        const outcomes: ImportOutcome[] = [];
        for (const entry of entries)
          outcomes.push((await upsertImportedProduct(tx, actor, entry.product, placeOnShelf)).outcome);
        await advanceCursor(tx, expected, entries, outcomes, []);
      });
      return "written";
    } catch (error) {
      if (error instanceof CursorMoved) return "gone";
      logger.warn({ err: error, importId }, "imported products written together failed: writing them one by one");
      return "failed";
    }
  };

  /** Writes one product (or reports it refused) in a transaction of its own with the cursor's advance. */
  const writeAlone = async (entry: PlanEntry, expected: number, pictureProblem: string | null) => {
    const refusals: ImportRefusal[] = pictureProblem
      ? entry.rows.map((row) => ({ row, column: HEADING_OF.pictures, reason: pictureProblem }))
      : [];
    try {
      await db.transaction(async (tx) => {
        await lockCursor(tx, expected);
        const outcome = pictureProblem
          ? "refused"
          : (await upsertImportedProduct(tx, actor, entry.product, placeOnShelf)).outcome;
        await advanceCursor(tx, expected, [entry], [outcome], refusals);
      });
    } catch (error) {
      if (error instanceof CursorMoved) throw error;
      // a product the database refuses (it should not: every row was checked) is reported, not retried forever
      logger.warn({ err: error, importId, sku: entry.product.baseSku }, "an imported product could not be saved");
      refusals.push(
        ...entry.rows.map((row) => ({ row, column: HEADING_OF.sku, reason: "This product could not be saved." })),
      );
      await db.transaction(async (tx) => {
        await lockCursor(tx, expected);
        await advanceCursor(tx, expected, [entry], ["refused"], refusals);
      });
    }
  };

  const hasPictures = (entry: PlanEntry) => Object.keys(entry.pictures).length > 0;
  while (cursor < plan.length) {
    const chunk = plan.slice(cursor, cursor + CHUNK);
    const bytes = zip ? await picturesOf(deps, zip, actor.id, chunk) : new Map<string, Buffer>();
    // pictures are re-encoded one product ahead of the product written (uploads' imageDecoding lets two decode at a
    // time), and always before the product's transaction: a transaction never waits for an image
    const pictures = new Map<number, Promise<string | null>>();
    const picturesFor = (i: number) => {
      if (i < chunk.length && !pictures.has(i)) {
        const stored = storePictures(deps.storage, actor.id, chunk[i]!, bytes);
        stored.catch(() => {}); // awaited when its product's turn comes
        pictures.set(i, stored);
      }
      return pictures.get(i)!;
    };
    // products before this index are written one by one (their batch failed)
    let aloneUntil = 0;
    let index = 0;
    while (index < chunk.length) {
      if (Date.now() - startedAt > budgetMs) {
        await deps.jobs.send(db, "catalogue-import", { importId });
        return "continued";
      }
      let run = 0;
      if (index >= aloneUntil) while (index + run < chunk.length && !hasPictures(chunk[index + run]!)) run++;
      if (run > 1) {
        // the next product with pictures is re-encoded while these are written
        picturesFor(index + run);
        const written = await writeTogether(chunk.slice(index, index + run), cursor);
        if (written === "gone") return "gone";
        if (written === "written") {
          cursor += run;
          index += run;
          continue;
        }
        aloneUntil = index + run;
      }
      const entry = chunk[index]!;
      picturesFor(index + 1);
      const pictureProblem =
        job!.zipKey && !zip && hasPictures(entry)
          ? "The ZIP of pictures is no longer stored on Setu: upload the sheet and the ZIP again."
          : await picturesFor(index);
      try {
        await writeAlone(entry, cursor, pictureProblem);
      } catch (error) {
        if (error instanceof CursorMoved) return "gone";
        throw error;
      }
      cursor++;
      index++;
    }
  }
  const [finished] = await db
    .update(catalogueImports)
    .set({ status: "done", plan: [], zipKey: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.status, "running")))
    .returning({ id: catalogueImports.id });
  if (finished) await deleteStoredZip(deps.storage, job!.zipKey);
  await removeQuietly(zipCopyPath(deps.dataDir, importId));
  return "done";
}

/**
 * This instance's copy of the import's ZIP, streamed from blob storage the first time one of its runs comes here (and
 * kept for its next runs); null when storage no longer has it. What earlier imports left on this disk (a copy of one
 * that another instance finished) is swept on the way.
 */
async function zipCopy(deps: ImportDeps, importId: string, key: string): Promise<string | null> {
  const copy = zipCopyPath(deps.dataDir, importId);
  await sweepImportFiles(deps);
  const there = await fs.stat(copy).then(
    () => true,
    () => false,
  );
  if (there) return copy;
  const found = await deps.storage.getFile(key, copy).catch((error: unknown) => {
    // a key stored before storage held the ZIPs (a path on one instance's disk) is not a key
    if (error instanceof Error && error.message === "invalid storage key") return false;
    throw error;
  });
  if (!found) logger.warn({ importId, key }, "an import's ZIP of pictures is not in storage");
  return found ? copy : null;
}

/** How old an upload left in `incoming/` or a half-downloaded copy is before a sweep counts it as left by a crash. */
const LEFT_BEHIND_MS = 6 * 60 * 60 * 1000;

/**
 * Removes what imports left on this instance's disk: copies of ZIPs whose import is no longer queued or running
 * (it ended here or on another instance), and uploads or half-written downloads that a crash or a killed request
 * left for hours. Run as an instance starts and every hour on each instance (only its own disk); returns how many
 * files went.
 */
export async function sweepImportFiles(
  { db, dataDir }: Pick<ImportDeps, "db" | "dataDir">,
  now = new Date(),
): Promise<number> {
  const folder = importFolder(dataDir);
  const copies = path.join(folder, "job-copies");
  let removed = 0;
  const remove = async (file: string) => {
    await removeQuietly(file);
    removed++;
  };
  const names = await fs.readdir(copies).catch(() => [] as string[]);
  const ids = names.filter((n) => n.endsWith(".zip") && isUuid(n.slice(0, -".zip".length))).map((n) => n.slice(0, -4));
  const live = ids.length
    ? await db
        .select({ id: catalogueImports.id })
        .from(catalogueImports)
        .where(sql`${catalogueImports.id} in ${ids} and ${catalogueImports.status} in ('queued', 'running')`)
    : [];
  const keep = new Set(live.map((r) => r.id));
  for (const id of ids) if (!keep.has(id)) await remove(path.join(copies, `${id}.zip`));
  for (const [dir, files] of [
    [copies, names.filter((n) => !n.endsWith(".zip"))],
    [path.join(folder, "incoming"), await fs.readdir(path.join(folder, "incoming")).catch(() => [] as string[])],
  ] as const)
    for (const name of files) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile() && now.getTime() - stat.mtimeMs > LEFT_BEHIND_MS) await remove(path.join(dir, name));
    }
  return removed;
}

class CursorMoved extends Error {}

/** The chunk's pictures not stored yet, read from the ZIP in one pass. */
async function picturesOf(deps: ImportDeps, zipFile: string, sellerId: string, chunk: PlanEntry[]) {
  const names = new Set<string>();
  for (const entry of chunk)
    for (const [url, name] of Object.entries(entry.pictures))
      if (!(await deps.storage.has(storageKey(url, sellerId)))) names.add(name);
  return names.size ? readZipPictures(zipFile, names) : new Map<string, Buffer>();
}

function storageKey(url: string, sellerId: string) {
  return url.startsWith(`/uploads/${sellerId}/`) ? url.slice("/uploads/".length) : "";
}

/** Re-encodes and stores the entry's pictures that are not stored yet; a picture that is refused says why. */
async function storePictures(storage: BlobStorage, sellerId: string, entry: PlanEntry, bytes: Map<string, Buffer>) {
  for (const [url, name] of Object.entries(entry.pictures)) {
    const source = bytes.get(name.toLowerCase());
    if (!source) continue;
    try {
      const image = await processImage(source);
      const stamp = path.posix.basename(url, ".webp");
      await storeImage(storage, sellerId, "product", stamp, image);
    } catch (error) {
      if (error instanceof ImageRejected) return `The picture "${name}" was refused: ${error.message}`;
      throw error;
    }
  }
  return null;
}

/**
 * As an instance starts: a job for every import that was queued or running, so one that a crash interrupted
 * resumes at once rather than when pg-boss expires its dead run (the cursor keeps two runs from writing twice).
 */
export async function resumeCatalogueImports(db: Db, jobs: JobQueue): Promise<number> {
  const waiting = await db
    .select({ id: catalogueImports.id })
    .from(catalogueImports)
    .where(sql`${catalogueImports.status} in ('queued', 'running')`);
  for (const { id } of waiting) await jobs.send(db, "catalogue-import", { importId: id });
  return waiting.length;
}
