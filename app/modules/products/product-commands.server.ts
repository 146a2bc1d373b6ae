import { and, desc, eq, max } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { storeProducts, stores } from "~/db/schema/stores";
import type { Profile, SessionUser } from "~/modules/accounts/accounts.schema";
import { addProductSchema, productDraftSchema, SELLERS_ONLY, type SellerProduct } from "./product-form.schema";
import { generateBaseSku, variantSku } from "./sku";
import { isUuid } from "~/lib/uuid";
import { parseJsonField } from "~/lib/json-text";
import { overActionLimit } from "~/modules/accounts/attempt-limiter.server";

type Actor = SessionUser & { profile: Profile };
export type ProductCommandResult =
  | { ok: true; message: string; id: string }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };


function refuseNonSeller(actor: Actor): ProductCommandResult | null {
  return actor.profile.userType === "seller" ? null : { ok: false, status: 403, message: SELLERS_ONLY, fieldErrors: {} };
}

function firstErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

function formValues(form: FormData, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, typeof form.get(k) === "string" ? (form.get(k) as string) : ""]));
}

const FORM_KEYS = ["name", "description", "category", "subcategory", "minimumOrderQuantity", "unit", "priceMin", "priceMax"];

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
    })
    .from(products)
    .where(eq(products.sellerId, actor.id))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Add Product form: sellers only; price range, MOQ, unit and category checked on the server. */
export async function createProductFromForm(db: Db, actor: Actor, form: FormData): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  const parsed = addProductSchema.safeParse(formValues(form, FORM_KEYS));
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0]!, fieldErrors };
  }
  const limited = await overActionLimit(db, "product", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const p = parsed.data;
  const [row] = await db
    .insert(products)
    .values({
      sellerId: actor.id,
      name: p.name,
      description: p.description,
      category: p.category,
      subcategory: p.subcategory,
      minimumOrderQuantity: p.minimumOrderQuantity,
      unit: p.unit,
      priceMinCents: p.priceMin,
      priceMaxCents: p.priceMax,
      tags: [p.category],
      status: "active",
    })
    .returning({ id: products.id });
  return { ok: true, message: "Product created successfully!", id: row!.id };
}

/** Edits one of the seller's own products; anyone else's is "not found". */
export async function updateProductFromForm(db: Db, actor: Actor, productId: string, form: FormData): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  if (!isUuid(productId)) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  const parsed = addProductSchema.safeParse(formValues(form, FORM_KEYS));
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0]!, fieldErrors };
  }
  const p = parsed.data;
  const updated = await db
    .update(products)
    .set({
      name: p.name,
      description: p.description,
      category: p.category,
      subcategory: p.subcategory,
      minimumOrderQuantity: p.minimumOrderQuantity,
      unit: p.unit,
      priceMinCents: p.priceMin,
      priceMaxCents: p.priceMax,
      updatedAt: new Date(),
    })
    .where(and(eq(products.id, productId), eq(products.sellerId, actor.id)))
    .returning({ id: products.id });
  if (updated.length === 0) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  return { ok: true, message: "Product updated successfully!", id: productId };
}

/** Deactivates or reactivates one of the seller's own products. */
export async function setProductStatus(db: Db, actor: Actor, productId: string, status: string): Promise<ProductCommandResult> {
  if (!isUuid(productId) || (status !== "active" && status !== "inactive")) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  const updated = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.sellerId, actor.id)))
    .returning({ id: products.id });
  if (updated.length === 0) return { ok: false, status: 404, message: "Product not found", fieldErrors: {} };
  return { ok: true, message: status === "active" ? "Product reactivated" : "Product deactivated", id: productId };
}

/**
 * Create Product dialog: the draft is validated, SKUs filled in by the spec's rule, the price range
 * taken from the variants, and (from store management) the product added to the seller's own store,
 * all in one transaction.
 */
export async function createProductFromDraft(
  db: Db,
  actor: Actor,
  payload: string,
  options: { storeId?: string | null; now?: number } = {},
): Promise<ProductCommandResult> {
  const refused = refuseNonSeller(actor);
  if (refused) return refused;
  const json = parseJsonField(payload);
  if (!json) return { ok: false, status: 400, message: "Please fill in all required fields", fieldErrors: {} };
  const parsed = productDraftSchema.safeParse(json.value);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    const message = fieldErrors.main_images ?? (fieldErrors.name || fieldErrors.description || fieldErrors.category ? "Please fill in all required fields" : Object.values(fieldErrors)[0]!);
    return { ok: false, status: 400, message, fieldErrors };
  }
  const limited = await overActionLimit(db, "product", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const draft = parsed.data;
  const now = options.now ?? Date.now();
  const storeId = options.storeId && isUuid(options.storeId) ? options.storeId : null;

  return db.transaction(async (tx) => {
    let ownerName = actor.profile.companyName;
    if (options.storeId) {
      const [store] = storeId
        ? await tx.select({ id: stores.id, name: stores.name }).from(stores).where(and(eq(stores.id, storeId), eq(stores.sellerId, actor.id))).limit(1)
        : [];
      if (!store) return { ok: false as const, status: 404, message: "Store not found", fieldErrors: {} };
      ownerName = store.name;
    }
    const baseSku = draft.base_sku || generateBaseSku(ownerName, draft.name, now);
    const variants = draft.variants.map((v, i) => ({ ...v, sku: v.sku || variantSku(baseSku, i) }));
    const prices = variants.map((v) => Math.round(v.price * 100));
    const priceMinCents = prices.length ? Math.min(...prices) : 0;
    const priceMaxCents = prices.length ? Math.max(...prices) : 0;
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: actor.id,
        name: draft.name,
        description: draft.description,
        category: draft.category,
        subcategory: draft.subcategory || null,
        priceMinCents,
        priceMaxCents,
        minimumOrderQuantity: 1,
        unit: "pieces",
        images: draft.main_images,
        specifications: {
          base_sku: baseSku,
          brand: draft.brand,
          weight: draft.weight,
          dimensions: draft.dimensions,
          variants,
          technical_specs: draft.technical_specs.filter((s) => s.name || s.value),
        },
        tags: [draft.category, draft.brand].filter((t) => t.trim() !== ""),
        status: "active",
      })
      .returning({ id: products.id });
    if (storeId) {
      const [{ top } = { top: null }] = await tx.select({ top: max(storeProducts.displayOrder) }).from(storeProducts).where(eq(storeProducts.storeId, storeId));
      await tx.insert(storeProducts).values({ storeId, productId: row!.id, featured: false, displayOrder: (top ?? -1) + 1, categoryTab: "all" });
    }
    return { ok: true as const, message: "Product created successfully!", id: row!.id };
  });
}
