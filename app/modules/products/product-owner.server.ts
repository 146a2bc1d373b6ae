import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
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

/** A product's seller and status, or null when there is no such product: whom a buyer talks to about it (messaging). */
export async function productSellerOf(db: Db, productId: string): Promise<{ sellerId: string; status: string } | null> {
  const [row] = await db
    .select({ sellerId: products.sellerId, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/**
 * A product as the subject of a conversation, a subquery of at most one row on its id (`title`, `image_url`,
 * `price_min_cents`, `price_max_cents`): the inbox and the thread show it in their one statement.
 */
export function productSubjectCardOf(productId: SQLWrapper): SQL {
  return sql`select ${products.name} as title, ${products.images}[1] as image_url, ${products.priceMinCents}::float8 as price_min_cents, ${products.priceMaxCents}::float8 as price_max_cents from ${products} where ${products.id} = ${productId}`;
}
