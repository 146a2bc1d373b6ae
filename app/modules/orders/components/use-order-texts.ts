import { useTranslation } from "~/i18n/use-translation";
import type { CancelledBy, OrderRole, OrderStatus } from "../orders-values";

const WHO = {
  you: "you",
  "the buyer": "buyer",
  "the supplier": "supplier",
  "an administrator": "admin",
} as const satisfies Record<CancelledBy, string>;

/**
 * "Declined by the buyer: <reason>" / "Cancelled by you: <reason>" in the reader's language, for the orders list and
 * an order's page; the reason is as its writer typed it.
 */
export function useCancelledBy() {
  const { t } = useTranslation(["orders"]);
  return (order: { status: OrderStatus; role: OrderRole; cancelledBy: CancelledBy | null }, reason: string): string => {
    const who = order.cancelledBy ?? (order.role === "buyer" ? "the supplier" : "the buyer");
    return t(order.status === "declined" ? "orders:ended.declined" : "orders:ended.cancelled", {
      who: t(`orders:by.${WHO[who]}`),
      reason,
    });
  };
}
