import { eq, max } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { storeProducts, stores } from "~/db/schema/stores";
import { isUuid } from "~/lib/uuid";
import type { ProductShelf } from "~/modules/products/product-commands.server";
import { storeOwnedBy } from "./store-owner.server";

/**
 * A new product's place at the end of the acting seller's store `storeId` (store management's Create Product), for
 * products' createProductFromDraft; none without a store id. A store that is not the actor's has no name (404).
 */
export function storeShelf(actor: { id: string }, storeId: string | null | undefined): ProductShelf | undefined {
  if (!storeId) return undefined;
  const id = isUuid(storeId) ? storeId : null;
  return {
    async nameFor(tx: Db) {
      if (!id) return null;
      const [store] = await tx
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(storeOwnedBy(actor, id))
        .limit(1);
      return store?.name ?? null;
    },
    async place(tx: Db, productId: string) {
      if (!id) return;
      const [{ top } = { top: null }] = await tx
        .select({ top: max(storeProducts.displayOrder) })
        .from(storeProducts)
        .where(eq(storeProducts.storeId, id));
      await tx
        .insert(storeProducts)
        .values({ storeId: id, productId, featured: false, displayOrder: (top ?? -1) + 1, categoryTab: "all" });
    },
  };
}
