import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { storeProducts, stores } from "~/db/schema/stores";

/**
 * The products their sellers feature in an active store (the store page's "Product featured" toggle), as a subquery
 * for another statement to filter by (the home page's Featured Products: stores/featured-products.server.ts); never run alone.
 */
export function featuredProductIds(db: Db) {
  return db
    .select({ productId: storeProducts.productId })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(and(eq(storeProducts.featured, true), eq(stores.status, "active")));
}
