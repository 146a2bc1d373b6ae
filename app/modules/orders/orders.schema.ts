export type OrderStatus = "placed" | "shipped" | "received" | "cancelled";

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
};

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  placed: "Placed",
  shipped: "Shipped",
  received: "Received",
  cancelled: "Cancelled",
};

export type OrderAction = "ship" | "receive" | "cancel";

/** Which actions the user may take on an order in its current status. */
export function allowedOrderActions(order: Pick<OrderView, "role" | "status">): OrderAction[] {
  if (order.status === "placed") return order.role === "seller" ? ["ship", "cancel"] : ["cancel"];
  if (order.status === "shipped" && order.role === "buyer") return ["receive"];
  return [];
}
