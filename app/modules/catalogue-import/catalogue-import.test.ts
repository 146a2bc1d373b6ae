import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPriceTiers, products } from "~/db/schema/products";
import { storeProducts } from "~/db/schema/stores";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import S3rver from "s3rver";
import { queryRows } from "~/db/client.server";
import { catalogueImports } from "~/db/schema/catalogue-import";
import { addProductSchema } from "~/modules/products/product-form.schema";
import { isPrivateKey, localDiskStorage, s3Storage, type BlobStorage } from "~/modules/uploads/storage.server";
import { createStore } from "../../../seed/factories/stores";
import { createBuyer, createSeller, actorOf, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { catalogueExport, catalogueTemplate } from "./catalogue-files.server";
import {
  checkCatalogueFile,
  commitCatalogueImport,
  discardAbandonedImports,
  discardCatalogueImport,
  getCatalogueImport,
  runCatalogueImport,
  sweepImportFiles,
  zipStorageKey,
  type ImportDeps,
} from "./catalogue-import.server";
import { COLUMNS } from "./columns";
import { pictureStamp } from "./picture-zip.server";

const HEAD =
  "SKU,Product name,Category,Min order,Price,Price breaks,Pictures,Product SKU,Colour,Description,HS code,Tags";

/** A recording job queue: the job's handler is called by the test itself (the e2e test runs the real queue). */
function recordingJobs() {
  const sent: { name: string; data: unknown; startAfterSeconds?: number }[] = [];
  const jobs: JobQueue = {
    send: async (_db, name, data, options) => {
      sent.push({ name, data, startAfterSeconds: options?.startAfterSeconds });
    },
    work: async () => {},
    schedule: async () => {},
    stop: async () => {},
  };
  return { jobs, sent };
}

/** Every file under a folder, by its path relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

async function png(colour: string) {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe.each(testEngines("both"))("catalogue import on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let buyer: Account;
  let dir: string;
  let deps: ImportDeps;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Shakti Textiles" });
    buyer = await createBuyer(database.db);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "catalogue-import-"));
    deps = {
      db: database.db,
      storage: localDiskStorage(path.join(dir, "uploads")),
      jobs: recordingJobs().jobs,
      dataDir: dir,
    };
  });
  afterAll(async () => {
    await database.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  let fileCount = 0;
  async function file(content: string | Buffer | Uint8Array, ext: string) {
    const target = path.join(dir, `upload-${++fileCount}.${ext}`);
    await fs.writeFile(target, content);
    return target;
  }

  async function check(
    csv: string | { xlsx: Buffer },
    zip: Uint8Array | null = null,
    account: Account = seller,
    storeId: string | null = null,
  ) {
    const sheetPath = typeof csv === "string" ? await file(csv, "csv") : await file(csv.xlsx, "xlsx");
    const zipPath = zip ? await file(zip, "zip") : null;
    return checkCatalogueFile(deps, actorOf(account), { sheetPath, fileName: "catalogue.csv", zipPath, storeId });
  }

  async function preview(csv: string | { xlsx: Buffer }, zip: Uint8Array | null = null, storeId: string | null = null) {
    const result = await check(csv, zip, seller, storeId);
    if (!result.ok) throw new Error(`${result.message} ${result.problems.join(" ")}`);
    return (await getCatalogueImport(database.db, actorOf(seller), result.importId))!;
  }

  async function commitAndRun(importId: string, storage: BlobStorage = deps.storage) {
    const committed = await commitCatalogueImport(deps, actorOf(seller), importId);
    expect(committed).toMatchObject({ ok: true });
    let outcome;
    do outcome = await runCatalogueImport({ ...deps, storage }, importId);
    while (outcome === "continued");
    return (await getCatalogueImport(database.db, actorOf(seller), importId))!;
  }

  async function bySku(sku: string) {
    const [row] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.sellerId, seller.user.id), sql`${products.specifications}->>'base_sku' = ${sku}`));
    return row;
  }

  it("reports each planted mistake with its row, column and a reason, and changes nothing", async () => {
    const csv = [
      HEAD,
      "TW-1,Bath towel,Towels & Bath Linen,100,4.20,500: 3.90,,,,,6302.60.0020,towel",
      ",No SKU towel,bath-linen,100,4.20,,,,,,,",
      "TW-2,Bad category towel,Bath Linnen,100,4.20,,,,,,,",
      "TW-3,Bad price towel,bath-linen,100,four dollars,,,,,,,",
      "TW-4,Towel with a picture,bath-linen,100,4.20,,missing.jpg,,,,,",
      "TW-1,Same SKU again,bath-linen,100,4.20,,,,,,,",
      "TW-5,Bad ladder,bath-linen,100,4.20,500: 4.50,,,,,,",
      "TW-6,Six-digit towel,bath-linen,100,4.20,,,,,,6302.60,",
      "TW-7,Unknown line towel,bath-linen,100,4.20,,,,,,6302.60.0099,",
    ].join("\n");
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const view = await preview(csv);
    expect(view.status).toBe("checked");
    expect(view.toCreate).toBe(1);
    const reasons = view.refused.map((r) => ({ row: r.row, column: r.column, reason: r.reason }));
    expect(reasons).toEqual(
      expect.arrayContaining([
        { row: 3, column: "SKU", reason: expect.stringContaining("SKU is missing") },
        { row: 4, column: "Category", reason: 'Unknown category "Bath Linnen". Did you mean "Towels & Bath Linen"?' },
        { row: 5, column: "Price", reason: expect.stringContaining('not a number: "four dollars"') },
        { row: 6, column: "Pictures", reason: expect.stringContaining('"missing.jpg" is named but no ZIP') },
        { row: 7, column: "SKU", reason: 'The SKU "TW-1" is also on row 2: each row needs its own SKU.' },
        { row: 8, column: "Price breaks", reason: expect.stringContaining("cannot cost more per unit") },
        // a new product's HTS code as the product form takes it (record 0053)
        { row: 9, column: "HS code", reason: "Enter the 10-digit HTSUS number, like 6302.60.0020" },
        { row: 10, column: "HS code", reason: expect.stringContaining("6302.60.0099 is not in the HTSUS table") },
      ]),
    );
    expect(view.refusedCount).toBe(8);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses a file without the required columns, or with one twice, naming them", async () => {
    expect(await check("Name,Price\nTowel,4")).toMatchObject({
      ok: false,
      status: 400,
      problems: expect.arrayContaining(['The sheet has no "SKU" column.', 'The sheet has no "Category" column.']),
    });
    expect(await check("SKU,Item code,Name,Category,Price\n")).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('"SKU" appears twice')],
    });
  });

  it("refuses a file that is not a spreadsheet, a damaged XLSX, and more than 10,000 rows, with a clear message", async () => {
    const picture = await png("#123456");
    expect(await check({ xlsx: picture })).toMatchObject({ ok: false, status: 400 });
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect(await check({ xlsx: damaged })).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("not an XLSX file we can read"),
    });
    const rows = Array.from({ length: 10_001 }, (_, i) => `LONG-${i},Towel ${i},bath-linen,1,1.00,,,,,,,`);
    expect(await check([HEAD, ...rows].join("\n"))).toMatchObject({
      ok: false,
      status: 400,
      message: "The sheet has more than 10,000 rows: split it in two.",
    });
    expect(await check([HEAD, ...rows.slice(0, 10_000)].join("\n"))).toMatchObject({ ok: true });
  });

  it("refuses buyers and another seller's store", async () => {
    expect(await check(`${HEAD}\n`, null, buyer)).toMatchObject({ ok: false, status: 403 });
    const other = await createSeller(database.db);
    const store = await createStore(database.db, { sellerId: other.user.id });
    expect(await check(`${HEAD}\n`, null, seller, store.id)).toMatchObject({ ok: false, status: 404 });
  });

  it("imports variants and pictures once: the same file again changes nothing", async () => {
    const store = await createStore(database.db, { sellerId: seller.user.id });
    const zip = zipSync({
      "pics/red.png": await png("#cc0000"),
      "pics/blue.png": await png("#0000cc"),
      "notes.txt": new TextEncoder().encode("not a picture"),
    });
    const csv = [
      HEAD,
      "KU-RED,Kurta,Women's Wear,50,12.00,100: 11.00,red.png,KU-1,Red,Cotton kurta,,kurta",
      "KU-BLU,,,,12.50,,blue.png,KU-1,Blue,,,",
      "SC-1,Scarf,womens-wear,10,3.00,,,,,,,",
    ].join("\n");
    const first = await preview(csv, zip, store.id);
    expect(first).toMatchObject({ toCreate: 2, toUpdate: 0, unchanged: 0, totalRows: 3 });
    expect(first.refused).toEqual([{ row: 0, column: "Pictures ZIP", reason: expect.stringContaining("notes.txt") }]);
    const done = await commitAndRun(first.id);
    expect(done).toMatchObject({ status: "done", rowsDone: 3, created: 2, updated: 0 });
    const kurta = (await bySku("KU-1"))!;
    expect(kurta).toMatchObject({ name: "Kurta", category: "apparel-and-textiles", subcategory: "womens-wear" });
    expect(kurta.priceMinCents).toBe(1100);
    expect(kurta.priceMaxCents).toBe(1250);
    expect(kurta.images).toHaveLength(2);
    for (const url of kurta.images) {
      expect(url).toMatch(new RegExp(`^/uploads/${seller.user.id}/product/\\d+\\.webp$`));
      const stored = await deps.storage.get(url.slice("/uploads/".length));
      expect((await sharp(stored!.bytes).metadata()).format).toBe("webp");
    }
    const variants = (kurta.specifications as { variants: { sku: string; color: string }[] }).variants;
    expect(variants.map((v) => [v.sku, v.color])).toEqual([
      ["KU-RED", "Red"],
      ["KU-BLU", "Blue"],
    ]);
    const shelf = await database.db.select().from(storeProducts).where(eq(storeProducts.storeId, store.id));
    expect(shelf).toHaveLength(2);

    const again = await preview(csv, zip, store.id);
    expect(again).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: 2 });
    const second = await commitAndRun(again.id);
    expect(second).toMatchObject({ status: "done", created: 0, updated: 0, leftUnchanged: 2 });
    expect((await bySku("KU-1"))!.updatedAt).toEqual(kurta.updatedAt);
    expect(await database.db.select().from(storeProducts).where(eq(storeProducts.storeId, store.id))).toHaveLength(2);
  });

  it("resumes an interrupted import where it stopped, with no duplicate and no half product", async () => {
    const pngs = await Promise.all([1, 2, 3, 4].map((i) => png(`#0${i}${i}0${i}0`)));
    const zip = zipSync(Object.fromEntries(pngs.map((bytes, i) => [`p${i + 1}.png`, bytes])));
    const csv = [
      HEAD,
      ...[1, 2, 3, 4].map((i) => `RS-${i},Rug ${i},rugs-and-carpets,5,${20 + i}.00,,p${i}.png,,,,,`),
    ].join("\n");
    const view = await preview(csv, zip);
    expect(view.toCreate).toBe(4);
    // the storage fails at the third product's picture: the job dies there, as a crash would
    const third = pictureStamp(Buffer.from(pngs[2]!));
    const failing: BlobStorage = {
      ...deps.storage,
      put: async (key, bytes, type) => {
        if (key.includes(third)) throw new Error("disk gone");
        await deps.storage.put(key, bytes, type);
      },
    };
    await commitCatalogueImport(deps, actorOf(seller), view.id);
    await expect(runCatalogueImport({ ...deps, storage: failing }, view.id)).rejects.toThrow("disk gone");
    const halfway = (await getCatalogueImport(database.db, actorOf(seller), view.id))!;
    expect(halfway).toMatchObject({ status: "running", rowsDone: 2, created: 2 });
    expect(await bySku("RS-3")).toBeUndefined();
    // the retried job finishes it
    expect(await runCatalogueImport(deps, view.id)).toBe("done");
    const done = (await getCatalogueImport(database.db, actorOf(seller), view.id))!;
    expect(done).toMatchObject({ status: "done", rowsDone: 4, created: 4 });
    const rugs = await database.db
      .select({ sku: sql<string>`${products.specifications}->>'base_sku'` })
      .from(products)
      .where(sql`${products.specifications}->>'base_sku' like 'RS-%'`);
    expect(rugs.map((r) => r.sku).sort()).toEqual(["RS-1", "RS-2", "RS-3", "RS-4"]);
  });

  it("writes products without pictures together, and when the database refuses one of them, saves the others and reports only that one", async () => {
    // a product the database refuses although its row passed every check (a trigger planted for the test)
    await database.db.execute(sql`
      create function refuse_planted_product() returns trigger language plpgsql as $$
      begin
        if new.name = 'Planted refusal' then raise exception 'planted refusal'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_planted_product before insert on products for each row execute function refuse_planted_product()`,
    );
    try {
      const names = ["Towel 1", "Towel 2", "Planted refusal", "Towel 4", "Towel 5"];
      const csv = [HEAD, ...names.map((name, i) => `TB-${i + 1},${name},bath-linen,10,${4 + i}.00,,,,,,,`)].join("\n");
      const view = await preview(csv);
      expect(view.toCreate).toBe(5);
      const done = await commitAndRun(view.id);
      expect(done).toMatchObject({ status: "done", rowsDone: 5, created: 4 });
      expect(done.refused).toEqual([{ row: 4, column: "SKU", reason: "This product could not be saved." }]);
      for (const sku of ["TB-1", "TB-2", "TB-4", "TB-5"]) expect((await bySku(sku))?.priceMinCents).toBeGreaterThan(0);
      expect(await bySku("TB-3")).toBeUndefined();
      // and each product once: the batch that failed left nothing behind before they were written one by one
      const [{ count }] = (await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from products where specifications->>'base_sku' like 'TB-%'`,
      )) as [{ count: number }];
      expect(count).toBe(4);
    } finally {
      await database.db.execute(sql`drop trigger refuse_planted_product on products`);
      await database.db.execute(sql`drop function refuse_planted_product()`);
    }
  });

  it("a second import of the same catalogue waits for the first", async () => {
    const a = await preview(`${HEAD}\nWA-1,Wait A,bath-linen,1,1.00,,,,,,,`);
    const b = await preview(`${HEAD}\nWB-1,Wait B,bath-linen,1,1.00,,,,,,,`);
    const { jobs, sent } = recordingJobs();
    await commitCatalogueImport({ ...deps, jobs }, actorOf(seller), a.id);
    await commitCatalogueImport({ ...deps, jobs }, actorOf(seller), b.id);
    // a runs out of time before its first product: it is running, and hands over to its next run
    expect(await runCatalogueImport({ ...deps, jobs }, a.id, { budgetMs: -1 })).toBe("continued");
    expect(await runCatalogueImport({ ...deps, jobs }, b.id)).toBe("waiting");
    expect(sent.at(-1)).toMatchObject({ name: "catalogue-import", data: { importId: b.id }, startAfterSeconds: 3 });
    expect(await runCatalogueImport({ ...deps, jobs }, a.id)).toBe("done");
    expect(await runCatalogueImport({ ...deps, jobs }, b.id)).toBe("done");
  });

  it("export → edit one price → import updates exactly that price", async () => {
    // a product listed before 10-digit HTSUS numbers (record 0053) keeps its 6-digit code through the round trip
    await database.db
      .update(products)
      .set({ hsCode: "630260" })
      .where(and(eq(products.sellerId, seller.user.id), sql`${products.specifications}->>'base_sku' = 'SC-1'`));
    const csvText = await text(catalogueExport(database.db, actorOf(seller), "csv"));
    const rows: string[][] = parse(csvText, { bom: true });
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.heading));
    const skuAt = rows[0]!.indexOf("SKU");
    const priceAt = rows[0]!.indexOf("Price");
    const scarf = rows.findIndex((r) => r[skuAt] === "SC-1");
    expect(rows[scarf]![priceAt]).toBe("3");
    // every product exported comes back unchanged
    const untouched = await preview(csvText);
    expect(untouched).toMatchObject({ toCreate: 0, toUpdate: 0, refusedCount: 0 });
    expect(untouched.unchanged).toBeGreaterThanOrEqual(7);
    rows[scarf]![priceAt] = "3.25";
    const edited = rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n");
    const before = await database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    const view = await preview(edited);
    expect(view).toMatchObject({ toCreate: 0, toUpdate: 1 });
    await commitAndRun(view.id);
    const after = await database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    const changed = after.filter((p) => {
      const was = before.find((b) => b.id === p.id)!;
      return was.priceMaxCents !== p.priceMaxCents || was.updatedAt.getTime() !== p.updatedAt.getTime();
    });
    expect(changed.map((p) => [p.name, p.priceMinCents, p.priceMaxCents, p.hsCode])).toEqual([
      ["Scarf", 325, 325, "630260"],
    ]);
  });

  it("material, manufacturer and the HTSUS code: export → edit → import round-trips them, as the product form takes them", async () => {
    const first = await preview(
      [
        "SKU,Product name,Category,Min order,Price,HS code,Composition,Manufacturer",
        'GD-1,Terry towel,bath-linen,100,3.00,6302.60.0020,"100% cotton terry","Shakti Textiles, Tiruppur"',
        "GD-2,Brass bell,metal-crafts,20,6.00,,,",
      ].join("\n"),
    );
    expect(first).toMatchObject({ toCreate: 2, refusedCount: 0 });
    await commitAndRun(first.id);
    expect(await bySku("GD-1")).toMatchObject({
      hsCode: "6302600020",
      material: "100% cotton terry",
      manufacturer: "Shakti Textiles, Tiruppur",
    });
    expect(await bySku("GD-2")).toMatchObject({ hsCode: null, material: null, manufacturer: null });

    const csvText = await text(catalogueExport(database.db, actorOf(seller), "csv"));
    const rows: string[][] = parse(csvText, { bom: true });
    const at = (heading: string) => rows[0]!.indexOf(heading);
    const towel = rows.find((r) => r[at("SKU")] === "GD-1")!;
    expect([towel[at("HS code")], towel[at("Material / composition")], towel[at("Manufacturer")]]).toEqual([
      "6302600020",
      "100% cotton terry",
      "Shakti Textiles, Tiruppur",
    ]);
    const bell = rows.findIndex((r) => r[at("SKU")] === "GD-2");
    rows[bell]![at("Material / composition")] = "Brass, lacquered";
    rows[bell]![at("Manufacturer")] = "Moradabad Brass Works, Moradabad, Uttar Pradesh, India";
    rows[bell]![at("HS code")] = "8306.29.0000";
    const asCsv = (table: string[][]) =>
      table.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n");
    const before = await database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    const edited = await preview(asCsv(rows));
    expect(edited).toMatchObject({ toCreate: 0, toUpdate: 1, refusedCount: 0 });
    await commitAndRun(edited.id);
    const after = await database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    const changed = after.filter(
      (p) => p.updatedAt.getTime() !== before.find((b) => b.id === p.id)!.updatedAt.getTime(),
    );
    expect(changed.map((p) => [p.name, p.hsCode, p.material, p.manufacturer])).toEqual([
      ["Brass bell", "8306290000", "Brass, lacquered", "Moradabad Brass Works, Moradabad, Uttar Pradesh, India"],
    ]);

    // the HTSUS rule of the product form: a changed code must be a 10-digit line of the table; text over its length
    // is refused, not cut
    rows[bell]![at("HS code")] = "8306.29.0099";
    rows[bell]![at("Material / composition")] = "x".repeat(201);
    const refused = await preview(asCsv(rows));
    expect(refused.refused.map((r) => [r.row, r.column, r.reason])).toEqual(
      expect.arrayContaining([
        [bell + 1, "Material / composition", "Material / composition must be at most 200 characters (it has 201)."],
      ]),
    );
    rows[bell]![at("Material / composition")] = "Brass, lacquered";
    const unknownLine = await preview(asCsv(rows));
    expect(unknownLine.refused).toEqual([
      { row: bell + 1, column: "HS code", reason: expect.stringContaining("8306.29.0099 is not in the HTSUS table") },
    ]);

    // a sheet made before these columns existed leaves them as they are
    const older = await preview(
      "SKU,Product name,Category,Min order,Price,HS code\nGD-2,Brass bell,metal-crafts,20,6.50,8306290000",
    );
    expect(older).toMatchObject({ toUpdate: 1, refusedCount: 0 });
    await commitAndRun(older.id);
    expect(await bySku("GD-2")).toMatchObject({
      priceMaxCents: 650,
      material: "Brass, lacquered",
      manufacturer: "Moradabad Brass Works, Moradabad, Uttar Pradesh, India",
    });
  });

  it("material and manufacturer under their synonyms: created, updated, the same file twice changes nothing, too long is refused", async () => {
    const sheet = (fibre: string, maker: string) =>
      [
        "Item code,Title,Category,MOQ,Price,Fibre content,Made by",
        `SY-1,Jute rug,bath-linen,50,8.00,"${fibre}","${maker}"`,
      ].join("\n");
    const created = await preview(sheet("100% jute", "Kerala Coir Works, Alleppey"));
    expect(created).toMatchObject({ toCreate: 1, refusedCount: 0 });
    await commitAndRun(created.id);
    expect(await bySku("SY-1")).toMatchObject({ material: "100% jute", manufacturer: "Kerala Coir Works, Alleppey" });

    const updated = await preview(sheet("70% jute, 30% cotton", ""));
    expect(updated).toMatchObject({ toUpdate: 1, unchanged: 0 });
    expect((await commitAndRun(updated.id)).updated).toBe(1);
    const once = (await bySku("SY-1"))!;
    // an empty cell of a column the sheet has clears the stored value, as an empty field of the product form does
    expect(once).toMatchObject({ material: "70% jute, 30% cotton", manufacturer: null });
    const again = await preview(sheet("70% jute, 30% cotton", ""));
    expect(again).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: 1 });
    expect((await commitAndRun(again.id)).leftUnchanged).toBe(1);
    expect((await bySku("SY-1"))!.updatedAt).toEqual(once.updatedAt);

    // the product form's limit, refused with the product form's words (not cut)
    const long = await preview(sheet("70% jute", "m".repeat(301)));
    expect(long.refused.map((r) => [r.row, r.column, r.reason])).toEqual([
      [2, "Manufacturer", "Manufacturer must be at most 300 characters (it has 301)."],
    ]);
    const form = addProductSchema.in.shape.manufacturer.safeParse("m".repeat(301));
    expect(long.refused[0]!.reason).toContain(form.error!.issues[0]!.message);
    expect(await preview(sheet("70% jute", "m".repeat(300)))).toMatchObject({ toUpdate: 1, refusedCount: 0 });
  });

  it("escapes text that starts like a formula in the export, and reads it back as it was", async () => {
    const view = await preview(
      `${HEAD}\nFX-1,"=HYPERLINK(""http://evil.example"")",bath-linen,1,2.00,,,,,"@SUM(A1)",,`,
    );
    await commitAndRun(view.id);
    const csvText = await text(catalogueExport(database.db, actorOf(seller), "csv"));
    expect(csvText).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvText).toContain("'@SUM(A1)");
    expect(csvText).not.toMatch(/(^|,)=HYPERLINK/m);
    expect((await bySku("FX-1"))!.name).toBe('=HYPERLINK("http://evil.example")');
    const again = await preview(csvText);
    expect(again.toUpdate).toBe(0);
  });

  it("reads an XLSX's formula cells as their values, headings in any order", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("My catalogue");
    sheet.addRow(["Price", "MOQ", "Title", "Item code", "Product category", "Description"]);
    sheet.addRow([
      { formula: "2+3", result: 5 },
      { formula: "10*10", result: 100 },
      "Brass lamp",
      "BL-1",
      "metal-crafts",
      "Cast",
    ]);
    const view = await preview({ xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) });
    expect(view).toMatchObject({ toCreate: 1, refusedCount: 0 });
    await commitAndRun(view.id);
    expect(await bySku("BL-1")).toMatchObject({
      priceMaxCents: 500,
      minimumOrderQuantity: 100,
      subcategory: "metal-crafts",
    });
  });

  it("the template (CSV and XLSX) imports as it is: its two example rows are one product with two variants", async () => {
    const csvView = await preview(await text(catalogueTemplate("csv")));
    expect(csvView).toMatchObject({ toCreate: 1, totalRows: 2, refusedCount: 0 });
    const chunks: Buffer[] = [];
    for await (const chunk of catalogueTemplate("xlsx")) chunks.push(chunk as Buffer);
    const xlsx = Buffer.concat(chunks);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Products", "Instructions", "Categories"]);
    const xlsxView = await preview({ xlsx });
    expect(xlsxView).toMatchObject({ toCreate: 1, totalRows: 2, refusedCount: 0 });
    await commitAndRun(xlsxView.id);
    const towel = (await bySku("ST-TOWEL-600"))!;
    expect(towel).toMatchObject({
      priceMinCents: 360,
      priceMaxCents: 435,
      hsCode: "6302600020",
      material: "100% cotton terry, 600 GSM",
      manufacturer: "Shakti Textiles, Tiruppur, Tamil Nadu, India",
    });
    const tiers = await database.db.select().from(productPriceTiers).where(eq(productPriceTiers.productId, towel.id));
    expect(tiers).toHaveLength(3);
  });

  it("refuses a ZIP whose names leave its folder, a zip bomb, and reports files that are not pictures", async () => {
    const picture = await png("#00aa00");
    const traversal = zipSync({ "../../evil.png": picture });
    expect(await check(`${HEAD}\n`, traversal)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("leaves its folder"),
    });
    const bomb = zipSync({ "big.png": new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(await check(`${HEAD}\n`, bomb)).toMatchObject({ ok: false, message: expect.stringContaining("zip bomb") });
    const notZip = await check(`${HEAD}\n`, new TextEncoder().encode("just text"));
    expect(notZip).toMatchObject({ ok: false, message: expect.stringContaining("not a ZIP") });
    const mixed = await preview(
      `${HEAD}\nZP-1,Fake picture,bath-linen,1,1.00,,fake.png,,,,,`,
      zipSync({ "fake.png": new TextEncoder().encode("<svg onload=alert(1)>") }),
    );
    expect(mixed.refused.map((r) => [r.row, r.column])).toEqual([
      [0, "Pictures ZIP"],
      [2, "Pictures"],
    ]);
  });
  describe("the ZIP of pictures between the preview and the job", () => {
    let s3: S3rver;
    let shared: BlobStorage;
    const instances: string[] = [];
    const instance = async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), "catalogue-instance-"));
      instances.push(folder);
      return folder;
    };
    beforeAll(async () => {
      s3 = new S3rver({
        port: 0,
        address: "127.0.0.1",
        silent: true,
        directory: await instance(),
        configureBuckets: [{ name: "setu-imports" }],
      });
      const { port } = await s3.run();
      shared = s3Storage({
        bucket: "setu-imports",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      });
    });
    afterAll(async () => {
      await s3?.close();
      for (const folder of instances) await fs.rm(folder, { recursive: true, force: true });
    });

    /** A preview taken on one instance (its own DATA_DIR) that shares the S3 store. */
    async function previewOn(dataDir: string, csv: string, zip: Uint8Array) {
      const sheetPath = path.join(dataDir, "incoming.csv");
      const zipPath = path.join(dataDir, "incoming.zip");
      await fs.writeFile(sheetPath, csv);
      await fs.writeFile(zipPath, zip);
      const result = await checkCatalogueFile({ db: database.db, storage: shared }, actorOf(seller), {
        sheetPath,
        fileName: "catalogue.csv",
        zipPath,
        storeId: null,
      });
      if (!result.ok) throw new Error(result.message);
      return result.importId;
    }

    it("is kept in blob storage, and the job on another instance reads it from there", async () => {
      const checkedOn = await instance();
      const runsOn = await instance();
      const zip = zipSync({ "lamp.png": await png("#aa7700"), "shade.png": await png("#772200") });
      const importId = await previewOn(
        checkedOn,
        `${HEAD}\nMI-1,Brass lamp,metal-crafts,10,9.00,,"lamp.png, shade.png",,,,,`,
        zip,
      );
      // nothing of the upload stays on the instance that checked it; the ZIP is in the shared store
      expect(await filesUnder(checkedOn)).toEqual([]);
      const key = zipStorageKey(seller.user.id, importId);
      const [row] = await database.db
        .select({ zipKey: catalogueImports.zipKey })
        .from(catalogueImports)
        .where(eq(catalogueImports.id, importId));
      expect(row!.zipKey).toBe(key);
      expect(isPrivateKey(key)).toBe(true); // GET /uploads/* never serves it
      const held = path.join(await instance(), "held.zip");
      expect(await shared.getFile(key, held)).toBe(true);
      expect(Buffer.from(zip).equals(await fs.readFile(held))).toBe(true);

      // the job runs on an instance whose disk never saw the upload
      expect(await commitCatalogueImport(deps, actorOf(seller), importId)).toMatchObject({ ok: true });
      expect(await runCatalogueImport({ ...deps, storage: shared, dataDir: runsOn }, importId)).toBe("done");
      const done = (await getCatalogueImport(database.db, actorOf(seller), importId))!;
      expect(done).toMatchObject({ status: "done", created: 1, refusedCount: 0 });
      const lamp = (await bySku("MI-1"))!;
      expect(lamp.images).toHaveLength(2);
      for (const url of lamp.images) {
        const stored = await shared.get(url.slice("/uploads/".length));
        expect((await sharp(stored!.bytes).metadata()).format).toBe("webp");
      }
      // the finished import leaves no ZIP in storage and no copy on the instance that ran it
      expect(await shared.getFile(key, path.join(runsOn, "after.zip"))).toBe(false);
      expect(await filesUnder(runsOn)).toEqual([]);
    });

    it("a run on one instance, the next on another: the first instance's copy and its crash leftovers are swept", async () => {
      const first = await instance();
      const second = await instance();
      const importId = await previewOn(
        await instance(),
        `${HEAD}\nSW-1,Brass tray,metal-crafts,10,7.00,,tray.png,,,,,`,
        zipSync({ "tray.png": await png("#998800") }),
      );
      expect(await commitCatalogueImport(deps, actorOf(seller), importId)).toMatchObject({ ok: true });
      // the first run copies the ZIP from storage, then its budget is spent before any product: the rest is queued
      expect(await runCatalogueImport({ ...deps, storage: shared, dataDir: first }, importId, { budgetMs: -1 })).toBe(
        "continued",
      );
      expect(await filesUnder(first)).toEqual([`catalogue-imports/job-copies/${importId}.zip`]);
      // a sweep while the import runs keeps its copy
      expect(await sweepImportFiles({ db: database.db, dataDir: first })).toBe(0);
      // the next run lands on another instance, which streams its own copy from storage and finishes
      expect(await runCatalogueImport({ ...deps, storage: shared, dataDir: second }, importId)).toBe("done");
      expect((await bySku("SW-1"))!.images).toHaveLength(1);
      expect(await filesUnder(second)).toEqual([]);

      // the first instance also holds what a crash left: a half-written download and an upload cut short, hours ago,
      // beside ones in progress now
      const folder = path.join(first, "catalogue-imports");
      await fs.mkdir(path.join(folder, "incoming"), { recursive: true });
      const leftovers = [`job-copies/${importId}.zip.0a1b2c.tmp`, "incoming/old.zip", "incoming/old.sheet"];
      const current = ["job-copies/other.zip.3d4e5f.tmp", "incoming/now.zip"];
      for (const name of [...leftovers, ...current]) await fs.writeFile(path.join(folder, name), "x");
      const hoursAgo = new Date(Date.now() - 7 * 60 * 60 * 1000);
      for (const name of leftovers) await fs.utimes(path.join(folder, name), hoursAgo, hoursAgo);
      expect(await sweepImportFiles({ db: database.db, dataDir: first })).toBe(1 + leftovers.length);
      expect((await filesUnder(first)).sort()).toEqual(current.map((n) => `catalogue-imports/${n}`).sort());
    });

    it("is deleted from storage when the preview is discarded, or left uncommitted for a day", async () => {
      const zip = zipSync({ "mat.png": await png("#336633") });
      const csv = `${HEAD}\nDC-1,Jute mat,bath-linen,10,2.00,,mat.png,,,,,`;
      const discarded = await previewOn(await instance(), csv, zip);
      const abandoned = await previewOn(await instance(), csv, zip);
      const kept = await previewOn(await instance(), csv, zip);
      const copy = async (id: string) =>
        shared.getFile(zipStorageKey(seller.user.id, id), path.join(await instance(), "copy.zip"));
      expect(await discardCatalogueImport({ db: database.db, storage: shared }, actorOf(seller), discarded)).toEqual({
        ok: true,
        message: "Import discarded",
      });
      expect(await copy(discarded)).toBe(false);
      // a day later the preview nobody committed is discarded with its ZIP; one committed meanwhile keeps its own
      await database.db
        .update(catalogueImports)
        .set({ updatedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(sql`${catalogueImports.id} in ${[abandoned, kept]}`);
      await commitCatalogueImport(deps, actorOf(seller), kept);
      expect(await discardAbandonedImports({ db: database.db, storage: shared })).toBe(1);
      expect((await getCatalogueImport(database.db, actorOf(seller), abandoned))!.status).toBe("discarded");
      expect(await copy(abandoned)).toBe(false);
      expect(await copy(kept)).toBe(true);
      expect(await runCatalogueImport({ ...deps, storage: shared, dataDir: await instance() }, kept)).toBe("done");
      expect(await copy(kept)).toBe(false);
    });
  });
});
