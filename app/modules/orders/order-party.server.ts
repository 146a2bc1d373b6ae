import { and, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";

/** The one ownership condition on orders: the acting user is the order's buyer or its seller. */
export function orderPartyOf(actor: { id: string }): SQL {
  return or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id)) as SQL;
}

/**
 * The order, if `actor` is its buyer or its seller, with the actor's role; null otherwise (a stranger and a missing
 * order look the same: 404). The one ownership check of everything hung on an order (documents, reviews, payments).
 */
export async function orderParty(db: Db, actor: SessionUser, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id, buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderPartyOf(actor)))
    .limit(1);
  return row ? { ...row, role: row.sellerId === actor.id ? ("seller" as const) : ("buyer" as const) } : null;
}
