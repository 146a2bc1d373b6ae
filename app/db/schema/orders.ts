import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import { ORDER_STATUSES } from "../../lib/status-lists";
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
    // the RFQ's title when the order was placed: the order's own name, kept if the RFQ is later edited or deleted
    title: text("title"),
    quantity: integer("quantity").notNull(),
    unit: text("unit").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    status: text("status").notNull().default("placed").$type<(typeof ORDER_STATUSES)[number]>(),
    // the accepted quote's trade terms, copied when the order is placed so that the order keeps them (issue #22)
    incoterm: text("incoterm").$type<"EXW" | "FCA" | "FOB" | "CIF" | "DAP" | "DDP">(),
    incotermPlace: text("incoterm_place"),
    incotermPort: text("incoterm_port"),
    shipMode: text("ship_mode").$type<"ocean" | "air">(),
    currency: text("currency").notNull().default("USD").$type<"USD" | "INR">(),
    // in the order's currency, minor units; total_cents stays the USD figure at the quote's rate
    totalMinor: bigint("total_minor", { mode: "number" }),
    fxInrPerUsd: numeric("fx_inr_per_usd", { precision: 12, scale: 4 }),
    fxRateDate: date("fx_rate_date", { mode: "string" }),
    paymentTerms: text("payment_terms").$type<
      "advance_100" | "advance_30_bl_70" | "lc_at_sight" | "net_30" | "net_60" | "other"
    >(),
    paymentTermsOther: text("payment_terms_other"),
    leadTimeDays: integer("lead_time_days"),
    hsCode: text("hs_code"),
    unitWeightGrams: integer("unit_weight_grams"),
    // the accepted quote's goods, copied with its terms (issue #41)
    goodsDescription: text("goods_description"),
    material: text("material"),
    manufacturer: text("manufacturer"),
    // where the buyer wants the goods, given when accepting the quote: the consignee's name and full address, and
    // the party to notify on arrival (null: the consignee) (issue #41); null on orders placed before
    shipToName: text("ship_to_name"),
    shipToAddress: text("ship_to_address"),
    notifyParty: text("notify_party"),
    // what the seller declared when shipping: the vessel and voyage or the flight, and the US port of discharge
    vesselOrFlight: text("vessel_or_flight"),
    portOfDischarge: text("port_of_discharge"),
    // shipment as the supplier declared it
    billOfLading: text("bill_of_lading"),
    trackingUrl: text("tracking_url"),
    estimatedArrival: date("estimated_arrival", { mode: "string" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
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
    check("orders_status_check", isOneOf(t.status, ORDER_STATUSES)),
    check("orders_currency_check", sql`${t.currency} in ('USD', 'INR')`),
    check("orders_total_minor_check", sql`${t.totalMinor} is null or ${t.totalMinor} >= 0`),
    // the 14-day automatic completion looks for delivered orders by delivery time
    index("orders_status_delivered_idx").on(t.status, t.deliveredAt),
    index("orders_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    index("orders_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
  ],
);

/**
 * What happened to an order, append-only: every status change with who made it (null when the system did, e.g.
 * automatic completion), when, and the note they gave. The order's timeline is read from here.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_created_idx").on(t.orderId, t.createdAt, t.id)],
);
