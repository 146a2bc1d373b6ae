import { eq, inArray } from "drizzle-orm";
import { rfqs } from "~/db/schema/rfqs";
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
  // an order placed under an RFQ takes its title, as acceptQuote's order does
  const rfqIds = [...new Set(list.flatMap((o) => (o.rfqId && o.title === undefined ? [o.rfqId] : [])))];
  const titles = new Map(
    rfqIds.length === 0
      ? []
      : (await db.select({ id: rfqs.id, title: rfqs.title }).from(rfqs).where(inArray(rfqs.id, rfqIds))).map((r) => [
          r.id,
          r.title,
        ]),
  );
  const rows = list.map((o) => (o.rfqId && o.title === undefined ? { ...o, title: titles.get(o.rfqId) ?? null } : o));
  return db.insert(orders).values(rows.map(buildOrder)).returning();
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

/**
 * Puts an order straight into a status (with the fields that go with it), as a fixture arranges a test. The app never
 * does this: it moves an order only through `moveOrder` (orders.server), checked against ORDER_TRANSITIONS.
 */
export async function forceOrderStatus(
  db: Db,
  orderId: string,
  status: OrderRow["status"],
  fields: Partial<Omit<typeof orders.$inferInsert, "status">> = {},
) {
  await db
    .update(orders)
    .set({ ...fields, status })
    .where(eq(orders.id, orderId));
}

/** Puts a milestone straight into a state, as a fixture; the app goes through `setMilestoneState` (payments.server). */
export async function forceMilestoneState(
  db: Db,
  milestoneId: string,
  state: (typeof paymentMilestones.$inferSelect)["state"],
) {
  await db.update(paymentMilestones).set({ state }).where(eq(paymentMilestones.id, milestoneId));
}
