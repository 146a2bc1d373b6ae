import { firstErrors, type CommandRefusal } from "~/lib/command-result";
import { productOwnedBy } from "~/modules/products/product-owner.server";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productPriceTiers, products } from "~/db/schema/products";
import type { Actor, SessionUser } from "~/modules/accounts/accounts.schema";
import { htsCodeRefusal, htsDescriptions } from "~/modules/trade/hts-codes.server";
import { isIndianPort } from "~/modules/trade/ports.server";
import { HTSUS_10_MESSAGE } from "~/modules/trade/trade-terms.schema";
import { SELLERS_ONLY, type AddProductInput, type ProductDraft, type SellerProduct } from "./product-form.schema";
import { readSpecifications } from "./product-detail.server";
import { generateBaseSku, variantSku } from "./sku";
import { isUuid } from "~/lib/uuid";
import { decimalNumberFromMinor } from "~/lib/money-minor";
import type { PRODUCT_STATUSES } from "~/lib/status-lists";
import { splitCategory } from "~/lib/categories";
import { overActionLimit } from "~/modules/accounts/attempt-limiter.server";

export type ProductCommandResult = { ok: true; message: string; id: string } | CommandRefusal;

/** Sellers only: the refusal for anyone else (a route asks before it reads the form, so a buyer is told 403, not 400). */
export function refuseNonSeller(actor: Actor): CommandRefusal | null {
  return actor.profile.isSeller ? null : { ok: false, status: 403, message: SELLERS_ONLY, fieldErrors: {} };
}

type TierRow = { variantSku: string; minQuantity: number; unitPriceCents: number };

/**
 * The price range a buyer sees and the marketplace filters and sorts by: from the lowest price anyone can reach
 * (a price break included) to the highest.
 */
export function priceRangeOf(
  prices: readonly number[],
  tiers: readonly TierRow[],
): { priceMinCents: number; priceMaxCents: number } {
  const all = [...prices, ...tiers.map((t) => t.unitPriceCents)];
  return all.length
    ? { priceMinCents: Math.min(...all), priceMaxCents: Math.max(...all) }
    : { priceMinCents: 0, priceMaxCents: 0 };
}

/** Replaces a product's price breaks (in the caller's transaction). */
async function replacePriceTiers(tx: Pick<Db, "delete" | "insert">, productId: string, tiers: readonly TierRow[]) {
  await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, productId));
  if (tiers.length) await tx.insert(productPriceTiers).values(tiers.map((t) => ({ productId, ...t })));
}

const UNKNOWN_PORT = "Choose a port of loading from the list";

/** A draft refused by one of its fields (400). */
const draftRefusal = (field: string, message: string): CommandRefusal => ({
  ok: false,
  status: 400,
  message,
  fieldErrors: { [field]: message },
});

/**
 * Why a product's HS code cannot be saved (record 0053): a new or changed code must be a 10-digit HTSUS line of the HTS
 * table; the code the product already has is kept as it is (a 6-digit code stored before stays until changed).
 */
async function htsusRefusal(db: Pick<Db, "select">, code: string, stored: string | null): Promise<string | null> {
  if (code === stored) return null;
  if (code.length !== 10) return HTSUS_10_MESSAGE;
  return htsCodeRefusal(db, code);
}

/** The seller's own products, newest first (every status). */
export async function listSellerProducts(db: Db, actor: SessionUser, limit = 200): Promise<SellerProduct[]> {
  const rows = await db
    .select({
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
      status: products.status,
      createdAt: products.createdAt,
      hsCode: products.hsCode,
      material: products.material,
      manufacturer: products.manufacturer,
      originPort: products.originPort,
      specifications: products.specifications,
    })
    .from(products)
    .where(productOwnedBy(actor))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  const tiers = rows.length
    ? await db
        .select({
          productId: productPriceTiers.productId,
          variantSku: productPriceTiers.variantSku,
          minQuantity: productPriceTiers.minQuantity,
          unitPriceCents: productPriceTiers.unitPriceCents,
        })
        .from(productPriceTiers)
        .where(
          inArray(
            productPriceTiers.productId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(productPriceTiers.variantSku), asc(productPriceTiers.minQuantity))
    : [];
  const tiersByProduct = Map.groupBy(tiers, (t) => t.productId);
  const hts = await htsDescriptions(
    db,
    rows.map((r) => r.hsCode),
  );
  return rows.map(({ specifications, ...r }) => ({
    ...r,
    hsDescription: (r.hsCode && hts.get(r.hsCode)) || null,
    createdAt: r.createdAt.toISOString(),
    variants: variantChoices(specifications),
    tiers: (tiersByProduct.get(r.id) ?? []).map(({ productId: _, ...t }) => t),
  }));
}

/** The variants of a product (from the Create Product dialog) a price break may name: those with a SKU. */
function variantChoices(specifications: unknown): { sku: string; label: string }[] {
  return readSpecifications(specifications)
    .variants.filter((v) => v.sku)
    .map((v, i) => ({ sku: v.sku, label: [v.color, v.size].filter(Boolean).join(", ") || `Variant ${i + 1}` }));
}

/** The refusal of an Add/Edit Product form: the first message, and each field's own. */
function refusedForm(issues: { path: PropertyKey[]; message: string }[]): ProductCommandResult {
  const fieldErrors = firstErrors(issues);
  return { ok: false, status: 400, message: Object.values(fieldErrors)[0]!, fieldErrors };
}

/**
 * Add Product form: sellers only. `p` is the form read by addProductSchema (price range, MOQ, unit and category
 * checked there: `parseInput(addProductSchema, readProductForm(form))`); the port and the tiers' variants here.
 */
export async function addProduct(db: Db, actor: Actor, p: AddProductInput): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  // a new product has no variants yet: its price breaks are the whole product's
  const strayTier = p.tiers.findIndex((t) => t.variantSku !== "");
  if (strayTier >= 0)
    return refusedForm([
      { path: ["tiers", strayTier, "minQuantity"], message: "This variant is not one of the product's" },
    ]);
  const limited = await overActionLimit(db, "product", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const tiers = p.tiers.map((t) => ({ variantSku: "", minQuantity: t.minQuantity, unitPriceCents: t.unitPrice }));
  return db.transaction(async (tx) => {
    if (p.originPort && !(await isIndianPort(tx, p.originPort)))
      return refusedForm([{ path: ["originPort"], message: UNKNOWN_PORT }]);
    const htsRefusal = p.hsCode ? await htsusRefusal(tx, p.hsCode, null) : null;
    if (htsRefusal) return refusedForm([{ path: ["hsCode"], message: htsRefusal }]);
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: actor.id,
        name: p.name,
        description: p.description,
        ...splitCategory(p.category)!,
        minimumOrderQuantity: p.minimumOrderQuantity,
        unit: p.unit,
        ...priceRangeOf([p.priceMin, p.priceMax], tiers),
        hsCode: p.hsCode,
        material: p.material,
        manufacturer: p.manufacturer,
        originPort: p.originPort,
        tags: [splitCategory(p.category)!.category],
        status: "active",
      })
      .returning({ id: products.id });
    await replacePriceTiers(tx, row!.id, tiers);
    return { ok: true as const, message: "Product created successfully!", id: row!.id };
  });
}

/** Edits one of the seller's own products (`p` as for addProduct); anyone else's is "not found". */
export async function editProduct(
  db: Db,
  actor: Actor,
  productId: string,
  p: AddProductInput,
): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  if (!isUuid(productId)) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  const tiers = p.tiers.map((t) => ({
    variantSku: t.variantSku,
    minQuantity: t.minQuantity,
    unitPriceCents: t.unitPrice,
  }));
  return db.transaction(async (tx) => {
    // locked: two saves of one product replace its price breaks one after the other
    const [current] = await tx
      .select({ specifications: products.specifications, hsCode: products.hsCode })
      .from(products)
      .where(productOwnedBy(actor, productId))
      .for("update");
    if (!current) return { ok: false as const, status: 404, message: "Product not found", fieldErrors: {} };
    const skus = new Set(variantChoices(current.specifications).map((v) => v.sku));
    const strayTier = tiers.findIndex((t) => t.variantSku !== "" && !skus.has(t.variantSku));
    if (strayTier >= 0)
      return refusedForm([
        { path: ["tiers", strayTier, "minQuantity"], message: "This variant is not one of the product's" },
      ]);
    if (p.originPort && !(await isIndianPort(tx, p.originPort)))
      return refusedForm([{ path: ["originPort"], message: UNKNOWN_PORT }]);
    const htsRefusal = p.hsCode ? await htsusRefusal(tx, p.hsCode, current.hsCode) : null;
    if (htsRefusal) return refusedForm([{ path: ["hsCode"], message: htsRefusal }]);
    await tx
      .update(products)
      .set({
        name: p.name,
        description: p.description,
        ...splitCategory(p.category)!,
        minimumOrderQuantity: p.minimumOrderQuantity,
        unit: p.unit,
        ...priceRangeOf([p.priceMin, p.priceMax], tiers),
        hsCode: p.hsCode,
        material: p.material,
        manufacturer: p.manufacturer,
        originPort: p.originPort,
        updatedAt: new Date(),
      })
      .where(productOwnedBy(actor, productId));
    await replacePriceTiers(tx, productId, tiers);
    return { ok: true as const, message: "Product updated successfully!", id: productId };
  });
}

/** Deactivates or reactivates one of the seller's own products. */
export async function setProductStatus(
  db: Db,
  actor: Actor,
  productId: string,
  status: (typeof PRODUCT_STATUSES)[number],
): Promise<ProductCommandResult> {
  if (!isUuid(productId)) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  const updated = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(productOwnedBy(actor, productId))
    .returning({ id: products.id });
  if (updated.length === 0) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  return { ok: true, message: status === "active" ? "Product reactivated" : "Product deactivated", id: productId };
}

/**
 * Where a new product is also placed, in the same transaction: a store of the seller's (stores' `storeShelf`; the
 * stores domain owns its tables, products only calls it). `nameFor` is null when the shelf is not the actor's.
 */
export type ProductShelf = {
  nameFor(tx: Db): Promise<string | null>;
  place(tx: Db, productId: string): Promise<void>;
};

/**
 * Create Product dialog: the draft is validated, SKUs filled in by the spec's rule, the price range
 * taken from the variants, and (from store management) the product added to the seller's own store,
 * all in one transaction.
 */
export async function createProductFromDraft(
  db: Db,
  actor: Actor,
  draft: ProductDraft,
  options: { shelf?: ProductShelf; now?: number } = {},
): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  const limited = await overActionLimit(db, "product", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const now = options.now ?? Date.now();

  return db.transaction(async (tx) => {
    let ownerName = actor.profile.companyName;
    if (options.shelf) {
      const shelfName = await options.shelf.nameFor(tx);
      if (shelfName === null) return { ok: false as const, status: 404, message: "Store not found", fieldErrors: {} };
      ownerName = shelfName;
    }
    if (draft.origin_port && !(await isIndianPort(tx, draft.origin_port)))
      return draftRefusal("origin_port", UNKNOWN_PORT);
    const htsRefusal = draft.hs_code ? await htsusRefusal(tx, draft.hs_code, null) : null;
    if (htsRefusal) return draftRefusal("hs_code", htsRefusal);
    const baseSku = draft.base_sku || generateBaseSku(ownerName, draft.name, now);
    const variants = draft.variants.map((v, i) => ({ ...v, sku: v.sku || variantSku(baseSku, i) }));
    const skus = variants.map((v) => v.sku);
    const repeated = skus.findIndex((sku, i) => skus.indexOf(sku) !== i);
    if (repeated >= 0)
      return {
        ok: false as const,
        status: 400,
        message: "Each variant needs its own SKU",
        fieldErrors: { [`variants[${repeated}].sku`]: "Each variant needs its own SKU" },
      };
    const tiers: TierRow[] = [
      ...draft.tiers.map((t) => ({ variantSku: "", minQuantity: t.minQuantity, unitPriceCents: t.unitPrice })),
      ...variants.flatMap((v) =>
        v.tiers.map((t) => ({ variantSku: v.sku, minQuantity: t.minQuantity, unitPriceCents: t.unitPrice })),
      ),
    ];
    const { priceMinCents, priceMaxCents } = priceRangeOf(
      [...(draft.base_price ? [draft.base_price] : []), ...variants.map((v) => v.price)],
      tiers,
    );
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: actor.id,
        name: draft.name,
        description: draft.description,
        ...splitCategory(draft.category)!,
        priceMinCents,
        priceMaxCents,
        minimumOrderQuantity: draft.minimum_order_quantity,
        unit: draft.unit,
        hsCode: draft.hs_code,
        originPort: draft.origin_port,
        images: draft.main_images,
        specifications: {
          base_sku: baseSku,
          brand: draft.brand,
          weight: draft.weight,
          dimensions: draft.dimensions,
          // prices in dollars, as the spec's draft holds them; the price breaks have their own table
          variants: variants.map(({ tiers: _, price, ...v }) => ({ ...v, price: decimalNumberFromMinor(price) })),
          technical_specs: draft.technical_specs.filter((s) => s.name || s.value),
        },
        tags: [splitCategory(draft.category)!.category, draft.brand].filter((t) => t.trim() !== ""),
        status: "active",
      })
      .returning({ id: products.id });
    await replacePriceTiers(tx, row!.id, tiers);
    await options.shelf?.place(tx, row!.id);
    return { ok: true as const, message: "Product created successfully!", id: row!.id };
  });
}
