import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const rfqs = pgTable(
  "rfqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    quantity: integer("quantity").notNull(),
    unit: text("unit").notNull().default("pieces"),
    // budget_range {min, max} in USD cents; either bound may be absent
    budgetMinCents: bigint("budget_min_cents", { mode: "number" }),
    budgetMaxCents: bigint("budget_max_cents", { mode: "number" }),
    deadline: date("deadline", { mode: "string" }).notNull(),
    deliveryLocation: text("delivery_location").notNull(),
    specifications: jsonb("specifications").$type<{ details: string } | null>(),
    status: text("status").notNull().default("published"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rfqs_quantity_check", sql`${t.quantity} > 0`),
    check(
      "rfqs_budget_check",
      sql`(${t.budgetMinCents} is null or ${t.budgetMinCents} >= 0) and (${t.budgetMaxCents} is null or ${t.budgetMaxCents} >= 0) and (${t.budgetMinCents} is null or ${t.budgetMaxCents} is null or ${t.budgetMinCents} <= ${t.budgetMaxCents})`,
    ),
    check(
      "rfqs_status_check",
      sql`${t.status} in ('draft', 'published', 'awarded', 'closed', 'expired')`,
    ),
    check(
      "rfqs_category_check",
      sql`${t.category} in ('electronics', 'machinery', 'automotive', 'textiles', 'chemicals', 'food')`,
    ),
    check("rfqs_unit_check", sql`${t.unit} in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets')`),
    index("rfqs_status_created_idx").on(t.status, t.createdAt, t.id),
    index("rfqs_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    index("rfqs_status_deadline_idx").on(t.status, t.deadline),
  ],
);

export const rfqResponses = pgTable(
  "rfq_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rfqId: uuid("rfq_id")
      .notNull()
      .references(() => rfqs.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    deliveryTimeline: text("delivery_timeline").notNull(),
    terms: text("terms"),
    status: text("status").notNull().default("submitted"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rfq_responses_price_check", sql`${t.priceCents} > 0`),
    check("rfq_responses_quantity_check", sql`${t.quantity} > 0`),
    check(
      "rfq_responses_status_check",
      sql`${t.status} in ('submitted', 'accepted', 'declined', 'withdrawn')`,
    ),
    index("rfq_responses_rfq_created_idx").on(t.rfqId, t.createdAt, t.id),
    index("rfq_responses_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
  ],
);
