import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { stores } from "~/db/schema/stores";
import type { SellerStores } from "~/modules/accounts/verification.server";

/** The one ownership condition on stores: the store (or, without an id, every store) of the acting seller. */
export function storeOwnedBy(actor: { id: string }, storeId?: string): SQL {
  const own = eq(stores.sellerId, actor.id);
  return storeId === undefined ? own : (and(eq(stores.id, storeId), own) as SQL);
}

/** A store's seller and status, or null when there is no such store: whom a buyer talks to about it (messaging). */
export async function storeSellerOf(db: Db, storeId: string): Promise<{ sellerId: string; status: string } | null> {
  const [row] = await db
    .select({ sellerId: stores.sellerId, status: stores.status })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return row ?? null;
}

/**
 * A store as the subject of a conversation, a subquery of at most one row on its id (`title`, `image_url`): the
 * inbox and the thread show it in their one statement.
 */
export function storeSubjectCardOf(storeId: SQLWrapper): SQL {
  return sql`select ${stores.name} as title, ${stores.logoUrl} as image_url from ${stores} where ${stores.id} = ${storeId}`;
}

/**
 * A seller's newest active store (its id and name, null for none) as two scalar subqueries on the seller's id: the
 * product page names the supplier's store in its one statement (products' getProductDetail takes this).
 */
export function sellerStoreOf(sellerId: SQLWrapper): { id: SQL<string | null>; name: SQL<string | null> } {
  const newest = (column: SQLWrapper) =>
    nestedSql(
      sql<
        string | null
      >`(select ${column} from ${stores} where ${stores.sellerId} = ${sellerId} and ${stores.status} = 'active' order by ${stores.createdAt} desc, ${stores.id} desc limit 1)`,
    );
  return { id: newest(stores.id), name: newest(stores.name) };
}

/** What accounts' verification pages need of a seller's stores (accounts' SellerStores): stores keeps them. */
export const sellerStoresForAccounts: SellerStores = {
  async firstStoreIds(db, sellerIds) {
    if (sellerIds.length === 0) return new Map();
    const rows = await db
      .select({ sellerId: stores.sellerId, id: stores.id })
      .from(stores)
      .where(inArray(stores.sellerId, [...sellerIds]))
      .orderBy(asc(stores.createdAt));
    const first = new Map<string, string>();
    for (const row of rows) if (!first.has(row.sellerId)) first.set(row.sellerId, row.id);
    return first;
  },
  async followVerification(tx, sellerId, status, now) {
    await tx.update(stores).set({ verificationStatus: status, updatedAt: now }).where(eq(stores.sellerId, sellerId));
  },
};
