import { and, eq, type SQL } from "drizzle-orm";
import { stores } from "~/db/schema/stores";

/** The one ownership condition on stores: the store (or, without an id, every store) of the acting seller. */
export function storeOwnedBy(actor: { id: string }, storeId?: string): SQL {
  const own = eq(stores.sellerId, actor.id);
  return storeId === undefined ? own : (and(eq(stores.id, storeId), own) as SQL);
}
