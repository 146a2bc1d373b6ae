import { z } from "zod";

export const ORDER_STATUSES = [
  "placed",
  "confirmed",
  "declined",
  "in_production",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
  "disputed",
] as const;
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
  cancelReason: string | null;
  /** who cancelled it: the viewer themself, or the other party */
  cancelledByViewer: boolean | null;
};

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

export type OrderAction = "ship" | "receive" | "cancel";

/** Which actions the user may take on an order in its current status. */
export function allowedOrderActions(order: Pick<OrderView, "role" | "status">): OrderAction[] {
  if (order.status === "placed") return order.role === "seller" ? ["ship", "cancel"] : ["cancel"];
  if (order.status === "shipped" && order.role === "buyer") return ["receive"];
  return [];
}

/**
 * What each action asks for before it happens (issue #26: no irreversible change in one click): the seller names the
 * carrier and tracking number when shipping; whoever cancels says why, and the other party is told.
 */
export const orderActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("ship"),
    orderId: z.string(),
    carrier: z.string().trim().min(1, "Please enter the carrier").max(80, "Carrier must be at most 80 characters"),
    trackingNumber: z
      .string()
      .trim()
      .min(1, "Please enter the tracking number")
      .max(60, "Tracking number must be at most 60 characters")
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, "A tracking number has letters, digits, spaces, dots, slashes and dashes"),
  }),
  z.object({ action: z.literal("receive"), orderId: z.string() }),
  z.object({
    action: z.literal("cancel"),
    orderId: z.string(),
    reason: z.string().trim().min(5, "Please say why you are cancelling (at least 5 characters)").max(500, "Reason must be at most 500 characters"),
  }),
]);
export type OrderActionInput = z.infer<typeof orderActionSchema>;

/** What the confirmation says will happen, by action and by who the viewer is. */
export const ORDER_ACTION_CONFIRM: Record<OrderAction, { label: string; title: string; consequence: (role: "buyer" | "seller") => string; submit: string }> = {
  ship: {
    label: "Mark as shipped",
    title: "Mark this order as shipped?",
    consequence: () => "The buyer is told the order has shipped, with the carrier and tracking number below. The order can no longer be cancelled.",
    submit: "Confirm shipment",
  },
  receive: {
    label: "Mark as received",
    title: "Confirm you received the goods?",
    consequence: () => "The supplier is told the goods arrived. Check the shipment against the order first: this cannot be undone.",
    submit: "Confirm receipt",
  },
  cancel: {
    label: "Cancel order",
    title: "Cancel this order?",
    consequence: (role) => `The order is cancelled for good and the ${role === "buyer" ? "supplier" : "buyer"} is told, with your reason.`,
    submit: "Cancel order",
  },
};
