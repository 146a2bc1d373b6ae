import type { Db } from "~/db/client.server";
import { expiringMemo } from "~/modules/products/expiring-memo.server";
import { searchProducts } from "~/modules/products/product-search.server";
import { FEATURED_PRODUCTS_LIMIT, type ProductCardData } from "~/modules/products/products.schema";
import { featuredProductIds } from "./featured-links.server";

/**
 * The home page's Featured Products: active products their sellers feature in an active store, newest first. Here,
 * with the stores that feature them, above products (record 0049: stores may call products, not the reverse).
 */
export async function listFeaturedProducts(db: Db, limit = FEATURED_PRODUCTS_LIMIT): Promise<ProductCardData[]> {
  const among = featuredProductIds(db);
  const page = await searchProducts(db, { q: "", category: null, min: null, max: null, sort: "newest", limit, among });
  return page.items;
}

/** The home page's Featured Products are looked up at most this often per process (and again after any write: forgetFeaturedProducts). */
export const FEATURED_PRODUCTS_MAX_AGE_MS = 30_000;
const memo = expiringMemo<Promise<ProductCardData[]>>(FEATURED_PRODUCTS_MAX_AGE_MS, 1);

/** listFeaturedProducts, remembered for FEATURED_PRODUCTS_MAX_AGE_MS; a failed look-up is not remembered. */
export function featuredProducts(db: Db): Promise<ProductCardData[]> {
  const cached = memo.get(db, "featured");
  if (cached) return cached;
  const looking = listFeaturedProducts(db);
  memo.set(db, "featured", looking);
  looking.catch(() => memo.delete(db, "featured"));
  return looking;
}

/** Called after a write (server/app.ts): a new or changed product shows on the next home page. */
export function forgetFeaturedProducts(db: Db) {
  memo.forget(db);
}
