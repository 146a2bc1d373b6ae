import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";

/** The one ownership condition on products: the product (or, without an id, every product) of the acting seller. */
export function productOwnedBy(actor: { id: string }, productId?: string): SQL {
  const own = eq(products.sellerId, actor.id);
  return productId === undefined ? own : (and(eq(products.id, productId), own) as SQL);
}

/**
 * Of these products (a page of cards), the ones the viewer sells: their cards offer it no Request Quote (issue #41.3).
 * Empty for a visitor or an account that does not sell.
 */
export async function productIdsOwnedBy(
  db: Db,
  viewer: { id: string; profile: { isSeller: boolean } | null } | null,
  productIds: readonly string[],
): Promise<string[]> {
  if (!viewer?.profile?.isSeller || productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(productOwnedBy(viewer), inArray(products.id, [...productIds])));
  return rows.map((r) => r.id);
}
