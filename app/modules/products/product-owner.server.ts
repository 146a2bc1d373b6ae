import { and, eq, type SQL } from "drizzle-orm";
import { products } from "~/db/schema/products";

/** The one ownership condition on products: the product (or, without an id, every product) of the acting seller. */
export function productOwnedBy(actor: { id: string }, productId?: string): SQL {
  const own = eq(products.sellerId, actor.id);
  return productId === undefined ? own : (and(eq(products.id, productId), own) as SQL);
}
