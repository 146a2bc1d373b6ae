import { aliasedTable, and, asc, desc, eq, sql } from "drizzle-orm";
import { orderPartyOf } from "~/modules/orders/order-party.server";
import { queryRows, type Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema/orders";
import { profiles } from "~/db/schema/profiles";
import { rfqs } from "~/db/schema/rfqs";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { isUuid } from "~/lib/uuid";
import { enqueueOrderDocuments } from "~/modules/order-documents/order-documents.server";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
import {
  advanceMissing,
  createMilestones,
  publishOrderChange,
  refundHeld,
  releaseDue,
} from "~/modules/payments/payments.server";
import { planMilestones, scheduleLines } from "~/modules/payments/payments-values";
import { formatMoney } from "~/lib/money";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import {
  cancelledByLabel,
  ORDER_STATUS_LABEL,
  ORDER_TRANSITIONS,
  type OrderActionInput,
  type OrderDetail,
  type OrderRole,
  type OrderStatus,
  type OrderView,
} from "./orders.schema";

const buyerProfile = aliasedTable(profiles, "buyer_profile");
const sellerProfile = aliasedTable(profiles, "seller_profile");

/** The user's orders as buyer and as seller, newest first, in one query. */
export async function listOrders(db: Db, actor: SessionUser, limit = 100): Promise<OrderView[]> {
  const rows = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      buyerCompany: buyerProfile.companyName,
      sellerCompany: sellerProfile.companyName,
      rfqId: orders.rfqId,
      rfqTitle: rfqs.title,
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
    .leftJoin(buyerProfile, eq(buyerProfile.userId, orders.buyerId))
    .leftJoin(sellerProfile, eq(sellerProfile.userId, orders.sellerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
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
      buyerCompany: buyerProfile.companyName,
      sellerCompany: sellerProfile.companyName,
      rfqTitle: rfqs.title,
    })
    .from(orders)
    .leftJoin(buyerProfile, eq(buyerProfile.userId, orders.buyerId))
    .leftJoin(sellerProfile, eq(sellerProfile.userId, orders.sellerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
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
export async function recordOrderEvent(
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

/** Tells one party of an order what changed, linking to the order's page. */
export async function notifyOrderParty(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  userId: string,
  toStatus: OrderStatus,
  said: string,
  eventSuffix = "",
) {
  const [order] = await tx
    .select({ title: rfqs.title })
    .from(orders)
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(eq(orders.id, orderId));
  const what = order?.title ? `Your order for "${order.title}"` : "Your order";
  const label = ORDER_STATUS_LABEL[toStatus].toLowerCase();
  const body = `${what} is now ${label}.${said}`;
  await notify(tx, notifier, {
    userId,
    kind: "order_status",
    title: `${what} is ${label}`,
    body,
    href: `/orders/${orderId}`,
    eventKey: `order:${orderId}:${toStatus}${eventSuffix}`,
    email: { subject: `${what} is ${label}`, text: `${body}\n\nView the order:` },
  });
}

export type OrderActionResult = { ok: boolean; message: string; status: number; fieldErrors?: Record<string, string> };

class TransitionRefused extends Error {}

/**
 * Moves an order one step along ORDER_TRANSITIONS. Refusals: 404 when the order is not the actor's (or does not
 * exist), 409 when the table does not allow it now (the form was read by orderActionSchema). The change is one
 * conditional UPDATE in a transaction that also writes the timeline entry, moves escrow money as the new status
 * requires (milestones at confirmation, releases at shipment and completion, refunds on cancellation), and notifies
 * the other party.
 */
export async function updateOrderStatus(
  db: Db,
  actor: SessionUser,
  orderId: string,
  command: OrderActionInput,
  notifier: Notifier,
): Promise<OrderActionResult> {
  if (!isUuid(orderId)) return { ok: false, message: "Order not found", status: 404 };
  const action = command.action;
  const step = ORDER_TRANSITIONS[action];
  const [row] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderPartyOf(actor)))
    .limit(1);
  if (!row) return { ok: false, message: "Order not found", status: 404 };
  const role: OrderRole = row.buyerId === actor.id ? "buyer" : "seller";
  const cannot = {
    ok: false,
    message: `This order cannot be ${step.done.replace(/^Order (marked as )?/, "").toLowerCase()} now`,
    status: 409,
  };
  if (!step.by.includes(role) || !step.from.includes(row.status)) return cannot;
  const now = new Date();
  const details =
    command.action === "ship"
      ? {
          carrier: command.carrier,
          billOfLading: command.billOfLading,
          trackingUrl: command.trackingUrl || null,
          estimatedArrival: command.estimatedArrival,
        }
      : command.action === "cancel" || command.action === "decline"
        ? { cancelReason: command.reason, cancelledBy: actor.id }
        : command.action === "deliver"
          ? { deliveredAt: now }
          : command.action === "complete"
            ? { completedAt: now }
            : {};
  const note =
    command.action === "ship"
      ? `Carrier: ${command.carrier}. Bill of lading / air waybill: ${command.billOfLading}. Estimated arrival: ${command.estimatedArrival}.`
      : "reason" in command
        ? command.reason
        : "note" in command && command.note
          ? command.note
          : null;
  try {
    const changed = await db.transaction(async (tx) => {
      const updated = await tx
        .update(orders)
        .set({ status: step.to, updatedAt: now, ...details })
        .where(and(eq(orders.id, orderId), eq(orders.status, row.status)))
        .returning({ id: orders.id, paymentTerms: orders.paymentTerms, totalCents: orders.totalCents });
      if (updated.length === 0) return false;
      if (command.action === "confirm")
        await createMilestones(tx, orderId, updated[0]!.paymentTerms, updated[0]!.totalCents);
      if (command.action === "start_production") {
        const missing = await advanceMissing(tx, orderId);
        if (missing) throw new TransitionRefused(missing);
      }
      if (command.action === "cancel")
        await refundHeld(
          tx,
          notifier.jobs,
          orderId,
          `Refunded: the order was cancelled by the ${role === "buyer" ? "buyer" : "supplier"}`,
        );
      if (command.action === "ship" || command.action === "complete")
        await releaseDue(tx, notifier.jobs, orderId, step.to);
      // the proforma invoice at confirmation; the commercial invoice and packing list at shipment (issued once each)
      if (command.action === "confirm") await enqueueOrderDocuments(tx, notifier.jobs, orderId, "confirmed");
      if (command.action === "ship") await enqueueOrderDocuments(tx, notifier.jobs, orderId, "shipped");
      await recordOrderEvent(tx, { orderId, actorId: actor.id, fromStatus: row.status, toStatus: step.to, note });
      const said =
        command.action === "ship"
          ? ` Carrier: ${command.carrier}. Bill of lading: ${command.billOfLading}. Estimated arrival: ${command.estimatedArrival}.`
          : "reason" in command
            ? ` The ${role === "buyer" ? "buyer" : "supplier"} gave this reason: ${command.reason}`
            : command.action === "confirm"
              ? ` The payment schedule: ${scheduleLines(
                  planMilestones(updated[0]!.paymentTerms, updated[0]!.totalCents),
                  formatMoney,
                ).join(" ")}`
              : "";
      await notifyOrderParty(tx, notifier, orderId, role === "buyer" ? row.sellerId : row.buyerId, step.to, said);
      await publishOrderChange(tx, { id: orderId, buyerId: row.buyerId, sellerId: row.sellerId });
      return true;
    });
    if (!changed) return { ok: false, message: "This order changed meanwhile; please reload", status: 409 };
  } catch (error) {
    if (error instanceof TransitionRefused) return { ok: false, message: error.message, status: 409 };
    throw error;
  }
  return { ok: true, message: step.done, status: 200 };
}

/** How long after delivery an order completes by itself when the buyer neither confirms nor disputes: the inspection window. */
export const AUTO_COMPLETE_DAYS = INSPECTION_DAYS;
/** The pass runs hourly, whichever instance comes first. */
export const AUTO_COMPLETE_CRON = "17 * * * *";

/**
 * Completes every order delivered more than 14 days ago, in one statement that also writes the system's timeline
 * entries; in the same transaction the on-delivery escrow is released and both parties are told. Returns the ids.
 */
export async function completeDeliveredOrders(db: Db, notifier: Notifier, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const done = await queryRows<{ order_id: string; buyer_id: string; seller_id: string }>(
      tx,
      sql`with done as (
            update ${orders} set status = 'completed', completed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
            where status = 'delivered' and delivered_at <= ${cutoff}::timestamptz
            returning id, buyer_id, seller_id
          ), logged as (
            insert into ${orderEvents} (order_id, actor_id, from_status, to_status, note, created_at)
            select id, null, 'delivered', 'completed', ${`Completed automatically ${AUTO_COMPLETE_DAYS} days after delivery`}, ${at}::timestamptz from done
            returning order_id
          )
          select done.id as order_id, done.buyer_id, done.seller_id from done join logged on logged.order_id = done.id`,
    );
    for (const order of done) {
      await releaseDue(tx, notifier.jobs, order.order_id, "completed");
      const said = ` It was completed automatically ${AUTO_COMPLETE_DAYS} days after delivery.`;
      await notifyOrderParty(tx, notifier, order.order_id, order.buyer_id, "completed", said);
      await notifyOrderParty(tx, notifier, order.order_id, order.seller_id, "completed", said);
      await publishOrderChange(tx, { id: order.order_id, buyerId: order.buyer_id, sellerId: order.seller_id });
    }
    return done.map((o) => o.order_id);
  });
}
