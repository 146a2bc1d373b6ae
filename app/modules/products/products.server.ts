import type { Db } from "~/db/client.server";
import { FEATURED_PRODUCTS_LIMIT, type ProductCardData } from "./products.schema";
import { featuredProductIds } from "~/modules/stores/featured-links.server";
import { searchProducts } from "./product-search.server";

/** The home page's Featured Products: active products their sellers feature in an active store, newest first. */
export async function listFeaturedProducts(db: Db, limit = FEATURED_PRODUCTS_LIMIT): Promise<ProductCardData[]> {
  const among = featuredProductIds(db);
  const page = await searchProducts(db, { q: "", category: null, min: null, max: null, sort: "newest", limit, among });
  return page.items;
}
