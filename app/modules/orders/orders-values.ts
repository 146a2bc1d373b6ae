/** orders's values, labels and helpers: browser-safe without zod (orders.schema.ts re-exports them, route JS budgets). */

import type { OrderAction } from "./orders.schema";

import { INSPECTION_DAYS, ORDER_STATUSES } from "~/lib/status-lists";

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

/**
 * The order's lifecycle in one table, read by the server (which checks every change against it) and the page (which
 * offers what it allows): from which statuses, to which, who may, what it asks for, and how the page asks.
 * Opening a dispute is here too; its form (reason, evidence files) is handled by the payments module.
 */
export const ORDER_TRANSITIONS: Record<
  OrderAction,
  {
    from: readonly OrderStatus[];
    to: OrderStatus;
    by: readonly OrderRole[];
    fields: readonly string[];
    label: string;
    done: string;
    irreversible: boolean;
  }
> = {
  confirm: {
    from: ["placed"],
    to: "confirmed",
    by: ["seller"],
    fields: ["note"],
    label: "Confirm order",
    done: "Order confirmed",
    irreversible: false,
  },
  decline: {
    from: ["placed"],
    to: "declined",
    by: ["seller"],
    fields: ["reason"],
    label: "Decline order",
    done: "Order declined",
    irreversible: true,
  },
  start_production: {
    from: ["confirmed"],
    to: "in_production",
    by: ["seller"],
    fields: ["note"],
    label: "Start production",
    done: "Order in production",
    irreversible: false,
  },
  ready: {
    from: ["in_production"],
    to: "ready_to_ship",
    by: ["seller"],
    fields: ["note"],
    label: "Mark ready to ship",
    done: "Order ready to ship",
    irreversible: false,
  },
  ship: {
    from: ["ready_to_ship"],
    to: "shipped",
    by: ["seller"],
    fields: ["carrier", "billOfLading", "trackingUrl", "estimatedArrival"],
    label: "Mark as shipped",
    done: "Order marked as shipped",
    irreversible: true,
  },
  deliver: {
    from: ["shipped"],
    to: "delivered",
    by: ["seller", "buyer"],
    fields: ["note"],
    label: "Mark as delivered",
    done: "Order marked as delivered",
    irreversible: true,
  },
  complete: {
    from: ["delivered"],
    to: "completed",
    by: ["buyer"],
    fields: ["note"],
    label: "Confirm and complete",
    done: "Order completed",
    irreversible: true,
  },
  cancel: {
    from: ["placed", "confirmed", "in_production", "ready_to_ship"],
    to: "cancelled",
    by: ["buyer", "seller"],
    fields: ["reason"],
    label: "Cancel order",
    done: "Order cancelled",
    irreversible: true,
  },
  dispute: {
    from: ["shipped", "delivered"],
    to: "disputed",
    by: ["buyer"],
    fields: ["reason", "evidence"],
    label: "Open a dispute",
    done: "Dispute opened",
    irreversible: true,
  },
};

export function isOrderAction(value: unknown): value is OrderAction {
  // hasOwn, not `in`: "toString" or "constructor" must not pass for an action
  return typeof value === "string" && Object.hasOwn(ORDER_TRANSITIONS, value);
}

/** Which actions the user may take on an order in its current status, in the table's order. */
export function allowedOrderActions(order: { role: OrderRole; status: OrderStatus }): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) => {
    const step = ORDER_TRANSITIONS[action];
    return step.from.includes(order.status) && step.by.includes(order.role);
  });
}

/** What the confirmation says will happen, by action and by who the viewer is. */
export const ORDER_ACTION_CONFIRM: Record<
  OrderAction,
  { title: string; consequence: (role: OrderRole) => string; submit: string }
> = {
  confirm: {
    title: "Confirm this order?",
    consequence: () =>
      "The buyer is told you accept the order on the quoted terms, with the payment schedule below, and is asked to make the first payment.",
    submit: "Confirm order",
  },
  decline: {
    title: "Decline this order?",
    consequence: () => "The order is closed for good and the buyer is told, with your reason.",
    submit: "Decline order",
  },
  start_production: {
    title: "Start production?",
    consequence: () => "The buyer is told production has started.",
    submit: "Start production",
  },
  ready: {
    title: "Mark the goods ready to ship?",
    consequence: () => "The buyer is told the goods are ready to ship.",
    submit: "Mark ready",
  },
  ship: {
    title: "Mark this order as shipped?",
    consequence: () =>
      `The buyer is told the order has shipped, with the carrier and bill of lading below, and a payment due against the bill of lading becomes due. Escrowed payments stay held until the buyer's inspection window closes (${INSPECTION_DAYS} days after delivery). The order can no longer be cancelled.`,
    submit: "Confirm shipment",
  },
  deliver: {
    title: "Mark the goods as delivered?",
    consequence: (role) =>
      role === "buyer"
        ? `The supplier is told the goods arrived. You then have ${INSPECTION_DAYS} days to inspect them: confirm receipt or open a dispute.`
        : `The buyer is told the goods arrived, and then has ${INSPECTION_DAYS} days to inspect them: confirm receipt or open a dispute.`,
    submit: "Mark delivered",
  },
  complete: {
    title: "Confirm you received the goods as ordered?",
    consequence: () =>
      "The order is completed and the funds held in escrow are released to the supplier. This cannot be undone.",
    submit: "Complete order",
  },
  cancel: {
    title: "Cancel this order?",
    consequence: (role) =>
      `The order is cancelled for good and the ${role === "buyer" ? "supplier" : "buyer"} is told, with your reason. Any funds held in escrow are refunded to the buyer.`,
    submit: "Cancel order",
  },
  dispute: {
    title: "Open a dispute?",
    // the order page states what is refundable now (disputeConsequence, payments-values); this is its fallback
    consequence: () =>
      "Funds held in escrow stay held until a Setu administrator decides: release to the supplier, or a refund to you of up to what is held.",
    submit: "Open dispute",
  },
};
