import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import { user } from "./auth";

/** An import's life: checked (the preview), queued (committed, waiting its turn), running, done, or discarded. */
export const CATALOGUE_IMPORT_STATUSES = ["checked", "queued", "running", "done", "discarded"] as const;
export type CatalogueImportStatus = (typeof CATALOGUE_IMPORT_STATUSES)[number];

/** One refused row of a spreadsheet: its row number (as the spreadsheet numbers it), the column, and why. */
export type ImportRefusal = { row: number; column: string; reason: string };

/**
 * A seller's spreadsheet import (issue #42, decision record 0055): the checked products (`plan`, what the job
 * writes, one entry per product with its variants), the refused rows, and the job's progress. `cursor` is how many
 * of the plan's products are written: each product's transaction advances it, so an interrupted job resumes there.
 * The pictures' ZIP waits in blob storage (`zip_key`, the local disk or S3: any instance may run the job) until the
 * import is done, discarded, or abandoned.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // the store new products are placed in (the store's manage page), or none (/products)
    storeId: uuid("store_id"),
    status: text("status").notNull().default("checked").$type<CatalogueImportStatus>(),
    fileName: text("file_name").notNull(),
    zipKey: text("zip_key"),
    totalRows: integer("total_rows").notNull().default(0),
    plan: jsonb("plan").$type<unknown[]>().notNull().default([]),
    refused: jsonb("refused").$type<ImportRefusal[]>().notNull().default([]),
    toCreate: integer("to_create").notNull().default(0),
    toUpdate: integer("to_update").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    leftUnchanged: integer("left_unchanged").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("catalogue_imports_status_check", isOneOf(t.status, CATALOGUE_IMPORT_STATUSES)),
    index("catalogue_imports_seller_created_idx").on(t.sellerId, t.createdAt),
    // one import of a seller's catalogue at a time: a second one queued waits until none runs
    uniqueIndex("catalogue_imports_one_running_idx")
      .on(t.sellerId)
      .where(sql`${t.status} = 'running'`),
  ],
);
