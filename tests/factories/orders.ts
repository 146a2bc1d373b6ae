import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { paymentMilestones } from "~/db/schema/payments";
import { planMilestones } from "~/modules/payments/payments.schema";

export type OrderRow = typeof orders.$inferSelect;
export type OrderOverrides = Partial<typeof orders.$inferInsert> & { buyerId: string; sellerId: string };

/** The values of one valid order row: 100 pieces at $5.00, placed. The total follows the quantity and unit price unless given. */
export function buildOrder(overrides: OrderOverrides): typeof orders.$inferInsert {
  const quantity = overrides.quantity ?? 100;
  const unitPriceCents = overrides.unitPriceCents ?? 500;
  return {
    quantity,
    unit: "pieces",
    unitPriceCents,
    totalCents: quantity * unitPriceCents,
    status: "placed",
    ...overrides,
  };
}

export async function createOrder(db: Db, overrides: OrderOverrides): Promise<OrderRow> {
  const [row] = await createOrders(db, [overrides]);
  return row!; // an INSERT … RETURNING of one row returns one row
}

export async function createOrders(db: Db, list: OrderOverrides[]): Promise<OrderRow[]> {
  if (list.length === 0) return [];
  return db.insert(orders).values(list.map(buildOrder)).returning();
}

/** The order's escrow milestones as confirmation creates them (planMilestones of its payment terms). */
export async function createOrderMilestones(
  db: Db,
  order: Pick<OrderRow, "id" | "paymentTerms" | "totalCents">,
  state: (typeof paymentMilestones.$inferInsert)["state"] = "awaiting_funds",
) {
  const plan = planMilestones(order.paymentTerms, order.totalCents);
  return db
    .insert(paymentMilestones)
    .values(plan.map((m) => ({ orderId: order.id, ...m, state })))
    .returning();
}
