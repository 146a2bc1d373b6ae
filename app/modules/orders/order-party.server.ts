import { and, eq, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
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

/**
 * Whether an order joins this seller to this RFQ's buyer, as an SQL condition on the two (columns or values): a buyer
 * who posted anonymously is named to a supplier once their order exists (record 0047).
 */
export function orderOnRfqWith(rfqId: SQLWrapper, sellerId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} where ${orders.rfqId} = ${rfqId} and ${orders.sellerId} = ${sellerId})`;
}

/**
 * An order as the subject of a conversation, a subquery of at most one row on its id (`title`): its RFQ's title when
 * it came from one (`rfqTitleOf`, the RFQ domain's scalar subquery), else its quantity.
 */
export function orderSubjectCardOf(orderId: SQLWrapper, rfqTitleOf: (rfqId: SQLWrapper) => SQL): SQL {
  return sql`select coalesce('Order: ' || ${rfqTitleOf(orders.rfqId)}, 'Order of ' || ${orders.quantity} || ' ' || ${orders.unit}) as title from ${orders} where ${orders.id} = ${orderId}`;
}
