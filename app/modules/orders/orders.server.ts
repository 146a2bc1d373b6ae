import { and, asc, desc, eq, inArray, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { orderPartyOf } from "~/modules/orders/order-party.server";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema/orders";
import { companyNameOf } from "~/modules/accounts/profiles.server";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { isUuid } from "~/lib/uuid";
import { notify, type Notifier, type Phrase } from "~/modules/notifications/notifications.server";
import { unitFromTotal } from "~/lib/money-minor";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import {
  cancelledByLabel,
  mayMoveOrder,
  ORDER_STATUS_LABEL,
  orderStatusesInto,
  type OrderDetail,
  type OrderMover,
  type OrderRole,
  type OrderStatus,
  type OrderView,
} from "./orders.schema";

/** The user's orders as buyer and as seller, newest first, in one query. */
export async function listOrders(db: Db, actor: SessionUser, limit = 100): Promise<OrderView[]> {
  const rows = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      buyerCompany: companyNameOf(orders.buyerId),
      sellerCompany: companyNameOf(orders.sellerId),
      rfqId: orders.rfqId,
      rfqTitle: orders.title,
      quantity: orders.quantity,
      unit: orders.unit,
      unitPriceCents: orders.unitPriceCents,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      billOfLading: orders.billOfLading,
      cancelReason: orders.cancelReason,
      cancelledBy: orders.cancelledBy,
    })
    .from(orders)
    .where(orderPartyOf(actor))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => {
    const role = r.buyerId === actor.id ? "buyer" : "seller";
    return {
      id: r.id,
      role,
      status: r.status,
      counterpartCompany: (role === "buyer" ? r.sellerCompany : r.buyerCompany) || "Company",
      rfqId: r.rfqId,
      rfqTitle: r.rfqTitle,
      quantity: r.quantity,
      unit: r.unit,
      unitPriceCents: r.unitPriceCents,
      totalCents: r.totalCents,
      createdAt: r.createdAt.toISOString(),
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
      billOfLading: r.billOfLading,
      cancelReason: r.cancelReason,
      cancelledBy: cancelledByLabel(r.cancelledBy, r, actor.id),
    };
  });
}

/** One order as its page shows it, with its timeline; null when it does not exist or the user is neither party. */
export async function getOrderDetail(db: Db, actor: SessionUser, orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: orders,
      buyerCompany: companyNameOf(orders.buyerId),
      sellerCompany: companyNameOf(orders.sellerId),
      rfqTitle: orders.title,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderPartyOf(actor)))
    .limit(1);
  if (!row) return null;
  const o = row.order;
  const role: OrderRole = o.buyerId === actor.id ? "buyer" : "seller";
  const buyerCompany = row.buyerCompany || "Buyer";
  const sellerCompany = row.sellerCompany || "Supplier";
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return {
    id: o.id,
    role,
    status: o.status,
    counterpartCompany: role === "buyer" ? sellerCompany : buyerCompany,
    buyerCompany,
    sellerCompany,
    rfqId: o.rfqId,
    rfqTitle: row.rfqTitle,
    quantity: o.quantity,
    unit: o.unit,
    unitPriceCents: o.unitPriceCents,
    totalCents: o.totalCents,
    createdAt: o.createdAt.toISOString(),
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    billOfLading: o.billOfLading,
    cancelReason: o.cancelReason,
    cancelledBy: cancelledByLabel(o.cancelledBy, o, actor.id),
    incoterm: o.incoterm,
    incotermPlace: o.incotermPlace,
    shipMode: o.shipMode,
    currency: o.currency,
    totalMinor: o.totalMinor,
    fxInrPerUsd: o.fxInrPerUsd,
    fxRateDate: o.fxRateDate,
    paymentTerms: o.paymentTerms,
    paymentTermsOther: o.paymentTermsOther,
    leadTimeDays: o.leadTimeDays,
    hsCode: o.hsCode,
    goodsDescription: o.goodsDescription,
    material: o.material,
    shipToName: o.shipToName,
    shipToAddress: o.shipToAddress,
    notifyParty: o.notifyParty,
    vesselOrFlight: o.vesselOrFlight,
    portOfDischarge: o.portOfDischarge,
    trackingUrl: o.trackingUrl,
    estimatedArrival: o.estimatedArrival,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    completedAt: o.completedAt?.toISOString() ?? null,
    events: events.map((e) => ({
      id: e.id,
      actorName:
        e.actorId === null
          ? "Setu (automatic)"
          : e.actorId === o.buyerId
            ? buyerCompany
            : e.actorId === o.sellerId
              ? sellerCompany
              : "Setu administrator",
      fromStatus: e.fromStatus as OrderStatus | null,
      toStatus: e.toStatus as OrderStatus,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/** Appends one entry to the order's timeline; in the transaction of the change it records. */
async function recordOrderEvent(
  tx: Db,
  event: {
    orderId: string;
    actorId: string | null;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note?: string | null;
  },
) {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    actorId: event.actorId,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note ?? null,
  });
}

/** The value of every order placed on Setu and not cancelled, in USD cents (the home page's figure); null for none. */
export async function placedOrderValue(db: Db): Promise<string | null> {
  const [trade] = await db
    .select({ total: sql<string | null>`sum(${orders.totalCents})` })
    .from(orders)
    .where(sql`${orders.status} <> 'cancelled'`);
  return trade?.total ?? null;
}

type OrderInsert = typeof orders.$inferInsert;

/** An accepted quote's terms as the order keeps them (the RFQ module reads its quote and passes them). */
export type OrderFromQuote = Pick<OrderInsert, "buyerId" | "sellerId" | "quantity" | "unit" | "totalCents"> &
  Pick<
    OrderInsert,
    | "rfqId"
    | "title"
    | "quoteId"
    | "incoterm"
    | "incotermPlace"
    | "incotermPort"
    | "shipMode"
    | "currency"
    | "totalMinor"
    | "fxInrPerUsd"
    | "fxRateDate"
    | "paymentTerms"
    | "paymentTermsOther"
    | "leadTimeDays"
    | "hsCode"
    | "unitWeightGrams"
    | "goodsDescription"
    | "material"
    | "manufacturer"
    | "shipToName"
    | "shipToAddress"
    | "notifyParty"
  >;

/**
 * Places the order of an accepted quote, with its 'placed' timeline entry (the buyer's). Runs in the transaction
 * that accepts the quote (rfqs' acceptQuote); orders.quote_id is unique, so a quote makes one order at most.
 */
export async function createOrderFromQuote(tx: Db, quote: OrderFromQuote): Promise<{ id: string }> {
  const [order] = await tx
    .insert(orders)
    .values({
      ...quote,
      unitPriceCents: unitFromTotal(quote.totalCents, quote.quantity),
      status: "placed",
    })
    .returning({ id: orders.id });
  await recordOrderEvent(tx, {
    orderId: order!.id,
    actorId: quote.buyerId,
    fromStatus: null,
    toStatus: "placed",
    note: "Quote accepted",
  });
  return order!;
}

/** The order a quote made, if any. */
export async function orderIdOfQuote(db: Db, quoteId: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quoteId)).limit(1);
  return row?.id ?? null;
}

/** Who makes a move: a party or an administrator (by their user id, kept on the timeline), or Setu itself. */
export type OrderMoverRef = { role: Exclude<OrderMover, "system">; id: string } | { role: "system" };

/** What a move may write beside the status: what its step records. */
export type OrderMoveFields = Pick<
  Partial<OrderInsert>,
  | "carrier"
  | "vesselOrFlight"
  | "portOfDischarge"
  | "billOfLading"
  | "trackingUrl"
  | "estimatedArrival"
  | "deliveredAt"
  | "completedAt"
  | "cancelReason"
  | "cancelledBy"
>;

export type MovedOrder = {
  id: string;
  buyerId: string;
  sellerId: string;
  paymentTerms: (typeof orders.$inferSelect)["paymentTerms"];
  totalCents: number;
  fromStatus: OrderStatus;
};

/** A move: done, refused by ORDER_TRANSITIONS, or lost to another change made meanwhile (the status is no longer `from`). */
export type OrderMove = { ok: true; order: MovedOrder } | { ok: false; reason: "not-allowed" | "changed" };

type MoveOptions = { set?: OrderMoveFields; note?: string | null; now?: Date };

/**
 * The only writer of `orders.status`: moves the orders `where` selects from each status in `from` to `to`, if
 * ORDER_TRANSITIONS lets `mover` make that move, and writes each one's timeline entry. One conditional UPDATE per
 * from-status (`… WHERE status = from`), so of two changes racing from the same status exactly one wins.
 */
async function moveOrders(
  tx: Db,
  where: SQL | undefined,
  from: readonly OrderStatus[],
  to: OrderStatus,
  mover: OrderMoverRef,
  { set, note = null, now = new Date() }: MoveOptions,
): Promise<MovedOrder[]> {
  const moved: MovedOrder[] = [];
  for (const fromStatus of from) {
    if (!mayMoveOrder(fromStatus, to, mover.role))
      throw new Error(`ORDER_TRANSITIONS does not let ${mover.role} move an order from ${fromStatus} to ${to}`);
    const rows = await tx
      .update(orders)
      .set({ ...set, status: to, updatedAt: now })
      .where(and(where, eq(orders.status, fromStatus)))
      .returning({
        id: orders.id,
        buyerId: orders.buyerId,
        sellerId: orders.sellerId,
        paymentTerms: orders.paymentTerms,
        totalCents: orders.totalCents,
      });
    if (rows.length === 0) continue;
    await tx.insert(orderEvents).values(
      rows.map((row) => ({
        orderId: row.id,
        actorId: mover.role === "system" ? null : mover.id,
        fromStatus,
        toStatus: to,
        note,
        createdAt: now,
      })),
    );
    moved.push(...rows.map((row) => ({ ...row, fromStatus })));
  }
  return moved;
}

/**
 * Moves one order from `from` (the status the caller read) to `to`, as `mover`, with its timeline entry: refused
 * ("not-allowed") when ORDER_TRANSITIONS does not list the move for the mover, lost ("changed") when the order is no
 * longer in `from`. Runs in the caller's transaction, beside what the move causes (escrow, notices).
 */
export async function moveOrder(
  tx: Db,
  orderId: string,
  to: OrderStatus,
  mover: OrderMoverRef,
  options: MoveOptions & { from: OrderStatus },
): Promise<OrderMove> {
  if (!mayMoveOrder(options.from, to, mover.role)) return { ok: false, reason: "not-allowed" };
  const [order] = await moveOrders(tx, eq(orders.id, orderId), [options.from], to, mover, options);
  return order ? { ok: true, order } : { ok: false, reason: "changed" };
}

/**
 * What a party of an order is told beside the new status: the English sentence, and the same as a phrase of the
 * `emails` namespace for a recipient who reads another language (record 0058). A plain string is said as it is.
 */
export type OrderNoticeDetail = string | { text: string; translated: Phrase };

/** Tells one party of an order what changed, linking to the order's page (in their language: record 0058). */
export async function notifyOrderParty(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  userId: string,
  toStatus: OrderStatus,
  said: OrderNoticeDetail,
  eventSuffix = "",
) {
  const [order] = await tx.select({ title: orders.title }).from(orders).where(eq(orders.id, orderId));
  const what = order?.title ? `Your order for "${order.title}"` : "Your order";
  const label = ORDER_STATUS_LABEL[toStatus].toLowerCase();
  const saidText = typeof said === "string" ? said : said.text;
  const body = `${what} is now ${label}.${saidText}`;
  const params = {
    what: order?.title
      ? { key: "emails:order.what" as const, params: { title: order.title } }
      : { key: "emails:order.whatUntitled" as const },
    status: { key: `emails:order.status.${toStatus}` as const },
    said: typeof said === "string" ? said : said.translated,
  };
  const translatedBody = { key: "emails:order.body" as const, params };
  await notify(tx, notifier, {
    userId,
    kind: "order_status",
    title: `${what} is ${label}`,
    body,
    href: `/orders/${orderId}`,
    eventKey: `order:${orderId}:${toStatus}${eventSuffix}`,
    translated: { title: "emails:order.title", body: "emails:order.body", params },
    email: {
      subject: `${what} is ${label}`,
      text: `${body}\n\nView the order:`,
      translated: {
        subject: "emails:order.title",
        text: "emails:order.text",
        params: { ...params, body: translatedBody },
      },
    },
  });
}

/** How long after delivery an order completes by itself when the buyer neither confirms nor disputes: the inspection window. */
export const AUTO_COMPLETE_DAYS = INSPECTION_DAYS;
/** The pass runs hourly, whichever instance comes first. */
export const AUTO_COMPLETE_CRON = "17 * * * *";

/**
 * Setu's move of ORDER_TRANSITIONS for every order delivered more than AUTO_COMPLETE_DAYS ago (from the statuses it
 * lists for the system): one set-based conditional UPDATE that also writes the system's timeline entries, in the
 * caller's transaction (order-flow's completeDeliveredOrders releases the escrow and tells both parties).
 */
export async function completeDeliveredMoves(tx: Db, now: Date): Promise<MovedOrder[]> {
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 24 * 60 * 60 * 1000);
  return moveOrders(
    tx,
    lte(orders.deliveredAt, cutoff),
    orderStatusesInto("completed", "system"),
    "completed",
    { role: "system" },
    { set: { completedAt: now }, note: `Completed automatically ${AUTO_COMPLETE_DAYS} days after delivery`, now },
  );
}

/** An order's row as stored, read by the domains that print or hang things on it (the papers); null when none. */
export async function findOrder(db: Db, orderId: string): Promise<typeof orders.$inferSelect | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/**
 * An order's status read under a row lock (FOR UPDATE), in the caller's transaction: a change that must not race a
 * move of the order (the papers' packing details) holds it until it commits. Null when there is no such order.
 */
export async function lockOrderStatus(tx: Db, orderId: string): Promise<OrderStatus | null> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
  return row?.status ?? null;
}

/** Of these orders, the ones not yet over (not completed, cancelled or declined), each with its buyer. */
export async function openOrderBuyers(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, buyerId: orders.buyerId })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), notInArray(orders.status, ["completed", "cancelled", "declined"])));
  return new Map(rows.map((row) => [row.id, row.buyerId]));
}

/** An order's row read under a row lock (FOR UPDATE), in the caller's transaction (a dispute's decision); null when none. */
export async function lockOrder(tx: Db, orderId: string): Promise<typeof orders.$inferSelect | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/**
 * The order columns other domains join on in their own statement (record 0049), as a subquery aliased `order_rows`:
 * the parties, where the order stands, its value, delivery and RFQ. A set-based read (the milestones a buyer has to
 * fund, the net payments due) joins it instead of the orders table, and stays one statement.
 */
export function orderRows(db: Pick<Db, "select">) {
  return db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      totalCents: orders.totalCents,
      deliveredAt: orders.deliveredAt,
      rfqId: orders.rfqId,
      title: orders.title,
    })
    .from(orders)
    .as("order_rows");
}
