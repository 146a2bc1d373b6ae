/** orders's values, labels and helpers: browser-safe without zod (orders.schema.ts re-exports them, route JS budgets). */

import type { OrderAction } from "./orders.schema";

import { ORDER_STATUSES } from "~/lib/status-lists";

export { ORDER_STATUSES };

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderView = {
  id: string;
  role: "buyer" | "seller";
  status: OrderStatus;
  counterpartCompany: string;
  rfqId: string | null;
  rfqTitle: string | null;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
  createdAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  billOfLading: string | null;
  cancelReason: string | null;
  /** who cancelled or declined it, as the viewer reads it ("administrator": a dispute decided by a full refund) */
  cancelledBy: CancelledBy | null;
};

export type CancelledBy = "you" | "the buyer" | "the supplier" | "an administrator";

/** Who cancelled an order, said to the viewer: themself, the other party, or an administrator deciding a dispute. */
export function cancelledByLabel(
  cancelledBy: string | null,
  order: { buyerId: string; sellerId: string },
  viewerId: string,
): CancelledBy | null {
  if (cancelledBy === null) return null;
  if (cancelledBy === viewerId) return "you";
  if (cancelledBy === order.buyerId) return "the buyer";
  if (cancelledBy === order.sellerId) return "the supplier";
  return "an administrator";
}

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  declined: "Declined",
  in_production: "In production",
  ready_to_ship: "Ready to ship",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
  disputed: "Disputed",
};

/** The colour of an order's status badge: in progress amber, done green, ended grey. */
export const ORDER_STATUS_TONE = {
  placed: "blue",
  confirmed: "blue",
  declined: "grey",
  in_production: "amber",
  ready_to_ship: "amber",
  shipped: "amber",
  delivered: "green",
  completed: "green",
  cancelled: "grey",
  disputed: "amber",
} as const satisfies Record<OrderStatus, string>;

export type OrderRole = "buyer" | "seller";

/** Who moves an order: one of its two parties, an administrator deciding a dispute, or Setu itself (auto-complete). */
export type OrderMover = OrderRole | "admin" | "system";

/**
 * The order's lifecycle in one table (records 0028, 0048): from each status, the statuses it may move to and who may
 * make each move. Every status change, by a party, the hourly auto-complete pass or an administrator deciding a
 * dispute, is checked against it (`moveOrder` in orders.server, the only writer of `orders.status`); a move not listed
 * is refused. The page offers what it allows (`allowedOrderActions`).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderMover[]>>> = {
  placed: { confirmed: ["seller"], declined: ["seller"], cancelled: ["buyer", "seller"] },
  confirmed: { in_production: ["seller"], cancelled: ["buyer", "seller"] },
  in_production: { ready_to_ship: ["seller"], cancelled: ["buyer", "seller"] },
  ready_to_ship: { shipped: ["seller"], cancelled: ["buyer", "seller"] },
  shipped: { delivered: ["seller", "buyer"], disputed: ["buyer"] },
  delivered: { completed: ["buyer", "system"], disputed: ["buyer"] },
  // a dispute decided: released or partly refunded (completed), or refunded in full (cancelled)
  disputed: { completed: ["admin"], cancelled: ["admin"] },
  declined: {},
  completed: {},
  cancelled: {},
};

/** Whether the table lets `mover` move an order from `from` to `to`. */
export function mayMoveOrder(from: OrderStatus, to: OrderStatus, mover: OrderMover): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(mover) ?? false;
}

/** The statuses from which `mover` may move an order to `to`, in the lifecycle's order. */
export function orderStatusesInto(to: OrderStatus, mover: OrderMover): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => mayMoveOrder(from, to, mover));
}

/**
 * What a party may do to an order, as the page offers it: the status each action moves the order to (who may, and
 * from where, is ORDER_TRANSITIONS), what it asks for and how the page asks. Opening a dispute is here too; its form
 * (reason, evidence files) is handled by the payments module.
 */
export const ORDER_ACTIONS: Record<
  OrderAction,
  { to: OrderStatus; fields: readonly string[]; label: string; done: string; irreversible: boolean }
> = {
  confirm: {
    to: "confirmed",
    fields: ["note"],
    label: "Confirm order",
    done: "Order confirmed",
    irreversible: false,
  },
  decline: {
    to: "declined",
    fields: ["reason"],
    label: "Decline order",
    done: "Order declined",
    irreversible: true,
  },
  start_production: {
    to: "in_production",
    fields: ["note"],
    label: "Start production",
    done: "Order in production",
    irreversible: false,
  },
  ready: {
    to: "ready_to_ship",
    fields: ["note"],
    label: "Mark ready to ship",
    done: "Order ready to ship",
    irreversible: false,
  },
  ship: {
    to: "shipped",
    fields: ["carrier", "billOfLading", "trackingUrl", "estimatedArrival"],
    label: "Mark as shipped",
    done: "Order marked as shipped",
    irreversible: true,
  },
  deliver: {
    to: "delivered",
    fields: ["note"],
    label: "Mark as delivered",
    done: "Order marked as delivered",
    irreversible: true,
  },
  complete: {
    to: "completed",
    fields: ["note"],
    label: "Confirm and complete",
    done: "Order completed",
    irreversible: true,
  },
  cancel: {
    to: "cancelled",
    fields: ["reason"],
    label: "Cancel order",
    done: "Order cancelled",
    irreversible: true,
  },
  dispute: {
    to: "disputed",
    fields: ["reason", "evidence"],
    label: "Open a dispute",
    done: "Dispute opened",
    irreversible: true,
  },
};

export function isOrderAction(value: unknown): value is OrderAction {
  // hasOwn, not `in`: "toString" or "constructor" must not pass for an action
  return typeof value === "string" && Object.hasOwn(ORDER_ACTIONS, value);
}

/** Which actions the user may take on an order in its current status, in the table's order. */
export function allowedOrderActions(order: { role: OrderRole; status: OrderStatus }): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) =>
    mayMoveOrder(order.status, ORDER_ACTIONS[action].to, order.role),
  );
}
