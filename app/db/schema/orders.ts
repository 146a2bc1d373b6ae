import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { rfqResponses, rfqs } from "./rfqs";

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rfqId: uuid("rfq_id").references(() => rfqs.id, { onDelete: "set null" }),
    // one order per accepted quote: the unique constraint makes acceptance exactly-once
    quoteId: uuid("quote_id")
      .unique()
      .references(() => rfqResponses.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    unit: text("unit").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    status: text("status").notNull().default("placed"),
    // what the seller said when marking it shipped, and why and by whom it was cancelled
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    cancelReason: text("cancel_reason"),
    cancelledBy: text("cancelled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_quantity_check", sql`${t.quantity} > 0`),
    check("orders_amount_check", sql`${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`),
    check("orders_status_check", sql`${t.status} in ('placed', 'shipped', 'received', 'cancelled')`),
    index("orders_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    index("orders_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
  ],
);
