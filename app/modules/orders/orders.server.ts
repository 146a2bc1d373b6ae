import { aliasedTable, and, desc, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { profiles } from "~/db/schema/profiles";
import { rfqs } from "~/db/schema/rfqs";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { allowedOrderActions, orderActionSchema, type OrderAction, type OrderStatus, type OrderView } from "./orders.schema";
import { isUuid } from "~/lib/uuid";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
import { ORDER_STATUS_LABEL } from "./orders.schema";

const buyerProfile = aliasedTable(profiles, "buyer_profile");
const sellerProfile = aliasedTable(profiles, "seller_profile");

/** The user's orders as buyer and as seller, newest first, in one query. */
export async function listOrders(db: Db, actor: SessionUser, limit = 100): Promise<OrderView[]> {
  const rows = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
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
      cancelReason: orders.cancelReason,
      cancelledBy: orders.cancelledBy,
    })
    .from(orders)
    .leftJoin(buyerProfile, eq(buyerProfile.userId, orders.buyerId))
    .leftJoin(sellerProfile, eq(sellerProfile.userId, orders.sellerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => {
    const role = r.buyerId === actor.id ? "buyer" : "seller";
    return {
      id: r.id,
      role,
      status: r.status as OrderStatus,
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
      cancelReason: r.cancelReason,
      cancelledByViewer: r.cancelledBy === null ? null : r.cancelledBy === actor.id,
    };
  });
}

const NEXT: Record<OrderAction, { from: OrderStatus; to: OrderStatus; message: string }> = {
  ship: { from: "placed", to: "shipped", message: "Order marked as shipped" },
  receive: { from: "shipped", to: "completed", message: "Order marked as received" },
  cancel: { from: "placed", to: "cancelled", message: "Order cancelled" },
};

export type OrderActionResult = { ok: boolean; message: string; status: number; fieldErrors?: Record<string, string> };

/**
 * The seller ships (with carrier and tracking number), the buyer receives, either cancels before shipping (with a
 * reason). Checked against the row in one conditional update; the other party's notice commits with the change.
 */
export async function updateOrderStatus(db: Db, actor: SessionUser, input: Record<string, unknown>, notifier: Notifier): Promise<OrderActionResult> {
  const orderId = typeof input.orderId === "string" ? input.orderId : "";
  if (!isUuid(orderId)) return { ok: false, message: "Order not found", status: 404 };
  // hasOwn, not `in`: "toString" or "constructor" must not pass for an action
  if (typeof input.action !== "string" || !Object.hasOwn(NEXT, input.action)) return { ok: false, message: "Unknown order action", status: 400 };
  const action = input.action as OrderAction;
  const step = NEXT[action];
  const [row] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), or(eq(orders.buyerId, actor.id), eq(orders.sellerId, actor.id))))
    .limit(1);
  if (!row) return { ok: false, message: "Order not found", status: 404 };
  const role = row.buyerId === actor.id ? "buyer" : "seller";
  if (!allowedOrderActions({ role, status: row.status as OrderStatus }).includes(action)) {
    return { ok: false, message: "This order cannot be changed that way now", status: 409 };
  }
  const parsed = orderActionSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, message: Object.values(fieldErrors)[0] ?? "Please check the form", status: 400, fieldErrors };
  }
  const command = parsed.data;
  const details =
    command.action === "ship"
      ? { carrier: command.carrier, trackingNumber: command.trackingNumber }
      : command.action === "cancel"
        ? { cancelReason: command.reason, cancelledBy: actor.id }
        : {};
  const updated = await db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({ status: step.to, updatedAt: new Date(), ...details })
      .where(and(eq(orders.id, orderId), eq(orders.status, step.from)))
      .returning({ id: orders.id });
    if (changed.length === 0) return changed;
    const [order] = await tx.select({ title: rfqs.title }).from(orders).leftJoin(rfqs, eq(rfqs.id, orders.rfqId)).where(eq(orders.id, orderId));
    const what = order?.title ? `Your order for "${order.title}"` : "Your order";
    const said =
      command.action === "ship"
        ? ` Carrier: ${command.carrier}. Tracking number: ${command.trackingNumber}.`
        : command.action === "cancel"
          ? ` The ${role === "buyer" ? "buyer" : "supplier"} gave this reason: ${command.reason}`
          : "";
    const body = `${what} is now ${ORDER_STATUS_LABEL[step.to].toLowerCase()}.${said}`;
    await notify(tx, notifier, {
      userId: role === "buyer" ? row.sellerId : row.buyerId,
      kind: "order_status",
      title: `${what} is ${ORDER_STATUS_LABEL[step.to].toLowerCase()}`,
      body,
      href: "/orders",
      eventKey: `order:${orderId}:${step.to}`,
      email: { subject: `${what} is ${ORDER_STATUS_LABEL[step.to].toLowerCase()}`, text: `${body}\n\nView your orders:` },
    });
    return changed;
  });
  if (updated.length === 0) return { ok: false, message: "This order changed meanwhile; please reload", status: 409 };
  return { ok: true, message: step.message, status: 200 };
}
