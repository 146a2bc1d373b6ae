import type { Db } from "~/db/client.server";
import { FEATURED_PRODUCTS_LIMIT, type ProductCardData } from "./products.schema";
import { searchProducts } from "./product-search.server";

/** The home page's Featured Products: the marketplace's newest active products, with their supplier. */
export async function listFeaturedProducts(db: Db, limit = FEATURED_PRODUCTS_LIMIT): Promise<ProductCardData[]> {
  const page = await searchProducts(db, { q: "", category: null, min: null, max: null, sort: "newest", limit });
  return page.items;
}
