import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productPriceTiers, products } from "~/db/schema/products";
import { splitCategory } from "~/lib/categories";
import { decimalNumberFromMinor, minorFromDecimalNumber } from "~/lib/money-minor";
import { isUuid } from "~/lib/uuid";
import { htsCodeUnknown, htsDescriptions } from "~/modules/trade/hts-codes.server";
import { HTSUS_10_MESSAGE } from "~/modules/trade/trade-terms.schema";
import { productOwnedBy } from "./product-owner.server";
import { priceRangeOf, type ProductShelf } from "./product-commands.server";
import type { ImportedProduct } from "./product-import.schema";

/**
 * The products side of a spreadsheet import (issue #42, record 0055): the catalogue-import domain checks a file and
 * plans one ImportedProduct per product; these are the only functions it writes or reads products with. A product
 * is found by its SKU within the seller's catalogue (the draft's `base_sku`; a product that has none is found by
 * its id, which the export writes in its place), so importing the same file twice changes nothing.
 */

type Tier = { variantSku: string; minQuantity: number; unitPriceCents: number };

type StoredRow = {
  id: string;
  name: string;
  description: string;
  category: string;
  subcategory: string | null;
  priceMinCents: number;
  priceMaxCents: number;
  minimumOrderQuantity: number;
  unit: string;
  images: string[];
  specifications: Record<string, unknown> | null;
  tags: string[];
  hsCode: string | null;
  material: string | null;
  manufacturer: string | null;
};

const STORED_COLUMNS = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  subcategory: products.subcategory,
  priceMinCents: products.priceMinCents,
  priceMaxCents: products.priceMaxCents,
  minimumOrderQuantity: products.minimumOrderQuantity,
  unit: products.unit,
  images: products.images,
  specifications: products.specifications,
  tags: products.tags,
  hsCode: products.hsCode,
  material: products.material,
  manufacturer: products.manufacturer,
};

/** JSON with its object keys sorted: two values that mean the same compare equal (jsonb reorders keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

type StoredVariant = Record<string, unknown> & { sku?: unknown };

/** What an imported product makes of a stored one (or of nothing): the row's values and its price breaks. */
function plannedState(p: ImportedProduct, current: { row: StoredRow; tiers: Tier[] } | null) {
  const place = splitCategory(p.category)!;
  const existingSpecs = current?.row.specifications ?? {};
  const existingVariants = Array.isArray(existingSpecs.variants) ? (existingSpecs.variants as StoredVariant[]) : [];
  const keptTiers = (current?.tiers ?? []).filter((t) =>
    p.variants.length ? t.variantSku === "" : t.variantSku !== "",
  );
  const ownTiers: Tier[] = p.variants.length
    ? p.variants.flatMap((v) => v.tiers.map((t) => ({ variantSku: v.sku, ...t })))
    : p.tiers.map((t) => ({ variantSku: "", ...t }));
  const tiers = [...keptTiers, ...ownTiers].sort(
    (a, b) => a.variantSku.localeCompare(b.variantSku) || a.minQuantity - b.minQuantity,
  );
  const variants = p.variants.length
    ? p.variants.map((v) => {
        const before = existingVariants.find((e) => e.sku === v.sku);
        return {
          id: typeof before?.id === "string" ? before.id : `v-${v.sku}`,
          color_hex: typeof before?.color_hex === "string" ? before.color_hex : "",
          stock: typeof before?.stock === "number" ? before.stock : 0,
          images: Array.isArray(before?.images) ? before.images : [],
          ...before,
          sku: v.sku,
          color: v.color,
          size: v.size,
          price: decimalNumberFromMinor(v.priceCents),
        };
      })
    : existingVariants;
  const specifications: Record<string, unknown> = {
    ...existingSpecs,
    base_sku: p.baseSku,
    weight: p.weightKg,
    dimensions: p.dimensionsCm,
    variants,
    technical_specs: p.specifications,
    country_of_origin: p.originCountry || null,
    state_of_origin: p.originState || null,
  };
  for (const key of ["country_of_origin", "state_of_origin", "weight", "dimensions"])
    if (specifications[key] === null) delete specifications[key];
  const prices = p.variants.length
    ? p.variants.map((v) => v.priceCents)
    : [p.lowestPriceCents ?? p.priceCents, p.priceCents];
  const values = {
    name: p.name,
    description: p.description,
    ...place,
    minimumOrderQuantity: p.moq,
    unit: p.unit,
    ...priceRangeOf(prices, tiers),
    hsCode: p.hsCode,
    // a sheet without the column leaves the stored value
    material: p.material === undefined ? (current?.row.material ?? null) : p.material,
    manufacturer: p.manufacturer === undefined ? (current?.row.manufacturer ?? null) : p.manufacturer,
    images: p.images,
    specifications,
    tags: [...new Set([place.category, ...p.tags])],
  };
  return { values, tiers };
}

function sameState(a: ReturnType<typeof plannedState>, row: StoredRow, tiers: Tier[]): boolean {
  const stored = {
    name: row.name,
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    minimumOrderQuantity: row.minimumOrderQuantity,
    unit: row.unit,
    priceMinCents: row.priceMinCents,
    priceMaxCents: row.priceMaxCents,
    hsCode: row.hsCode,
    material: row.material,
    manufacturer: row.manufacturer,
    images: row.images,
    specifications: row.specifications ?? {},
    tags: row.tags,
  };
  const sortedTiers = [...tiers].sort(
    (x, y) => x.variantSku.localeCompare(y.variantSku) || x.minQuantity - y.minQuantity,
  );
  return canonical({ ...a.values }) === canonical(stored) && canonical(a.tiers) === canonical(sortedTiers);
}

async function tiersOf(db: Pick<Db, "select">, ids: string[]): Promise<Map<string, Tier[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      productId: productPriceTiers.productId,
      variantSku: productPriceTiers.variantSku,
      minQuantity: productPriceTiers.minQuantity,
      unitPriceCents: productPriceTiers.unitPriceCents,
    })
    .from(productPriceTiers)
    .where(inArray(productPriceTiers.productId, ids));
  const map = new Map<string, Tier[]>();
  for (const { productId, ...t } of rows) map.set(productId, [...(map.get(productId) ?? []), t]);
  return map;
}

const skuOf = sql<string | null>`${products.specifications}->>'base_sku'`;

/** The seller's products whose SKU (or, for one without a SKU, id) is among `keys`. */
async function findBySku(db: Pick<Db, "select">, actor: { id: string }, keys: string[], lock = false) {
  const ids = keys.filter(isUuid);
  const condition = and(
    productOwnedBy(actor),
    ids.length
      ? or(inArray(skuOf, keys), and(inArray(products.id, ids), sql`coalesce(${skuOf}, '') = ''`))
      : inArray(skuOf, keys),
  );
  const query = db
    .select({ ...STORED_COLUMNS, sku: skuOf })
    .from(products)
    .where(condition);
  const rows = lock ? await query.for("update") : await query;
  const byKey = new Map<string, StoredRow>();
  for (const { sku, ...row } of rows) byKey.set(sku || row.id, row);
  return byKey;
}

export type ImportOutcome = "create" | "update" | "unchanged";

/**
 * What importing each product would do (the preview): create, update, or leave it unchanged. Read in batches of
 * 500 SKUs.
 */
export async function planImportOutcomes(
  db: Db,
  actor: { id: string },
  planned: readonly ImportedProduct[],
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (let start = 0; start < planned.length; start += 500) {
    const batch = planned.slice(start, start + 500);
    const found = await findBySku(
      db,
      actor,
      batch.map((p) => p.baseSku),
    );
    const tiers = await tiersOf(
      db,
      [...found.values()].map((r) => r.id),
    );
    for (const p of batch) {
      const row = found.get(p.baseSku);
      if (!row) outcomes.push("create");
      else {
        const current = { row, tiers: tiers.get(row.id) ?? [] };
        outcomes.push(sameState(plannedState(p, current), row, current.tiers) ? "unchanged" : "update");
      }
    }
  }
  return outcomes;
}

/**
 * Why each planned product's HTS code cannot be imported, or null: as on the product form (record 0053), a new or
 * changed code must be a 10-digit line of the HTS table, and a code the product already has (an older 6-digit one
 * included) stays as it is. One read of the catalogue and one of the table per 500 products.
 */
export async function importedHtsRefusals(
  db: Db,
  actor: { id: string },
  planned: readonly ImportedProduct[],
): Promise<(string | null)[]> {
  const refusals: (string | null)[] = [];
  for (let start = 0; start < planned.length; start += 500) {
    const batch = planned.slice(start, start + 500);
    const withCodes = batch.filter((p) => p.hsCode);
    const found = withCodes.length
      ? await findBySku(
          db,
          actor,
          withCodes.map((p) => p.baseSku),
        )
      : new Map<string, StoredRow>();
    const known = await htsDescriptions(
      db,
      withCodes.map((p) => p.hsCode),
    );
    for (const p of batch) {
      const code = p.hsCode;
      if (!code || found.get(p.baseSku)?.hsCode === code) refusals.push(null);
      else if (!/^[0-9]{10}$/.test(code)) refusals.push(HTSUS_10_MESSAGE);
      else if (!known.has(code)) refusals.push(htsCodeUnknown(code));
      else refusals.push(null);
    }
  }
  return refusals;
}

/**
 * Writes one imported product, in the caller's transaction: created (and placed on `shelf`), updated, or left as
 * it is when nothing would change. The seller's row is locked, so two writers of one SKU take turns.
 */
export async function upsertImportedProduct(
  tx: Db,
  actor: { id: string },
  p: ImportedProduct,
  shelf?: ProductShelf,
): Promise<{ outcome: ImportOutcome; id: string }> {
  const found = await findBySku(tx, actor, [p.baseSku], true);
  const row = found.get(p.baseSku);
  if (!row) {
    const { values, tiers } = plannedState(p, null);
    const [created] = await tx
      .insert(products)
      .values({ sellerId: actor.id, ...values, status: "active" })
      .returning({ id: products.id });
    if (tiers.length) await tx.insert(productPriceTiers).values(tiers.map((t) => ({ productId: created!.id, ...t })));
    await shelf?.place(tx, created!.id);
    return { outcome: "create", id: created!.id };
  }
  const currentTiers = (await tiersOf(tx, [row.id])).get(row.id) ?? [];
  const planned = plannedState(p, { row, tiers: currentTiers });
  if (sameState(planned, row, currentTiers)) return { outcome: "unchanged", id: row.id };
  await tx
    .update(products)
    .set({ ...planned.values, updatedAt: new Date() })
    .where(productOwnedBy(actor, row.id));
  await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, row.id));
  if (planned.tiers.length)
    await tx.insert(productPriceTiers).values(planned.tiers.map((t) => ({ productId: row.id, ...t })));
  return { outcome: "update", id: row.id };
}

/**
 * One product of the seller's catalogue as the export writes it: an imported product's columns, keyed by its SKU (or
 * its id when it has none), with its stored price range in place of the sheet's price and lowest price.
 */
export type ExportedProduct = Omit<ImportedProduct, "baseSku" | "priceCents" | "lowestPriceCents"> & {
  key: string;
  priceMinCents: number;
  priceMaxCents: number;
};

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const decimalOrNull = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The seller's whole catalogue (every status), by id, in pages of 500: what "Export catalogue" writes. */
export async function* exportSellerCatalogue(db: Db, actor: { id: string }): AsyncGenerator<ExportedProduct> {
  let after: string | null = null;
  for (;;) {
    const rows: StoredRow[] = await db
      .select(STORED_COLUMNS)
      .from(products)
      .where(after ? and(productOwnedBy(actor), gt(products.id, after)) : productOwnedBy(actor))
      .orderBy(asc(products.id))
      .limit(500);
    if (!rows.length) return;
    const tiers = await tiersOf(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) yield exported(row, tiers.get(row.id) ?? []);
    after = rows.at(-1)!.id;
  }
}

function exported(row: StoredRow, tiers: Tier[]): ExportedProduct {
  const specs = row.specifications ?? {};
  const dims = specs.dimensions as Record<string, unknown> | undefined;
  const ladder = (sku: string) =>
    tiers
      .filter((t) => t.variantSku === sku)
      .sort((a, b) => a.minQuantity - b.minQuantity)
      .map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents }));
  const variants = (Array.isArray(specs.variants) ? (specs.variants as StoredVariant[]) : [])
    .filter((v) => text(v.sku) !== "")
    .map((v) => ({
      sku: text(v.sku),
      color: text(v.color),
      size: text(v.size),
      priceCents: typeof v.price === "number" ? (minorFromDecimalNumber(v.price) ?? 0) : 0,
      tiers: ladder(text(v.sku)),
    }));
  const technical = Array.isArray(specs.technical_specs)
    ? (specs.technical_specs as Record<string, unknown>[]).map((s) => ({ name: text(s.name), value: text(s.value) }))
    : [];
  return {
    key: text(specs.base_sku) || row.id,
    name: row.name,
    description: row.description,
    category: row.subcategory ?? row.category,
    unit: row.unit,
    moq: row.minimumOrderQuantity,
    priceMinCents: row.priceMinCents,
    priceMaxCents: row.priceMaxCents,
    hsCode: row.hsCode,
    material: row.material,
    manufacturer: row.manufacturer,
    weightKg: decimalOrNull(specs.weight),
    dimensionsCm: dims
      ? { length: decimalOrNull(dims.length), width: decimalOrNull(dims.width), height: decimalOrNull(dims.height) }
      : null,
    originCountry: text(specs.country_of_origin),
    originState: text(specs.state_of_origin),
    specifications: technical,
    tags: row.tags.filter((t) => t !== row.category),
    images: row.images,
    tiers: ladder(""),
    variants,
  };
}
