import { isOneOf } from "../sql-helpers";
import { SUBCATEGORY_PATHS, TOP_CATEGORY_SLUGS } from "../../lib/categories";
import { QUOTE_STATUSES, RFQ_STATUSES } from "../../lib/status-lists";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./products";

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
    // a subcategory of the category (issue #41.2), or null: suppliers of it are matched closer
    subcategory: text("subcategory"),
    quantity: integer("quantity").notNull(),
    unit: text("unit").notNull().default("pieces"),
    // budget_range {min, max} in USD cents; either bound may be absent
    budgetMinCents: bigint("budget_min_cents", { mode: "number" }),
    budgetMaxCents: bigint("budget_max_cents", { mode: "number" }),
    deadline: date("deadline", { mode: "string" }).notNull(),
    deliveryLocation: text("delivery_location").notNull(),
    // the US port the goods are landed at, for landed-cost estimates (null: guessed from delivery_location)
    destinationPort: text("destination_port"),
    // the instant the deadline closes: the end of the deadline day in the buyer's time zone (issue #21);
    // older RFQs close at the end of the day in UTC (decision record 0002)
    closesAt: timestamp("closes_at", { withTimezone: true }),
    timeZone: text("time_zone"),
    specifications: jsonb("specifications").$type<{ details: string } | null>(),
    status: text("status").notNull().default("published").$type<(typeof RFQ_STATUSES)[number]>(),
    // the buyer takes quotes from verified suppliers only (issue #26)
    verifiedSuppliersOnly: boolean("verified_suppliers_only").notNull().default(false),
    // the buyer posted without its company name: suppliers see "Anonymous US buyer" until an order is made (issue #41)
    buyerAnonymous: boolean("buyer_anonymous").notNull().default(false),
    // a direct inquiry (issue #41.3, decision record 0054): asked from this product's page, addressed to its supplier;
    // only that supplier and the suppliers in rfq_invitations see it and may quote; never in the public list
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    addressedSellerId: text("addressed_seller_id").references(() => user.id, { onDelete: "cascade" }),
    // the buyer asked that similar verified suppliers be invited too (the match-rfq job invites them)
    inviteSimilar: boolean("invite_similar").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rfqs_quantity_check", sql`${t.quantity} > 0`),
    check(
      "rfqs_budget_check",
      sql`(${t.budgetMinCents} is null or ${t.budgetMinCents} >= 0) and (${t.budgetMaxCents} is null or ${t.budgetMaxCents} >= 0) and (${t.budgetMinCents} is null or ${t.budgetMaxCents} is null or ${t.budgetMinCents} <= ${t.budgetMaxCents})`,
    ),
    check("rfqs_status_check", isOneOf(t.status, RFQ_STATUSES)),
    // a top category of the tree (app/lib/categories.ts)
    check("rfqs_category_check", isOneOf(t.category, TOP_CATEGORY_SLUGS)),
    check(
      "rfqs_subcategory_check",
      sql`${t.subcategory} is null or ${isOneOf(sql`${t.category} || '/' || ${t.subcategory}`, SUBCATEGORY_PATHS)}`,
    ),
    check("rfqs_unit_check", sql`${t.unit} in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets')`),
    index("rfqs_status_created_idx").on(t.status, t.createdAt, t.id),
    index("rfqs_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    index("rfqs_status_deadline_idx").on(t.status, t.deadline),
    index("rfqs_addressed_seller_idx")
      .on(t.addressedSellerId, t.createdAt)
      .where(sql`${t.addressedSellerId} is not null`),
    // similar suppliers are invited only to a direct inquiry
    check("rfqs_invite_similar_check", sql`not ${t.inviteSimilar} or ${t.addressedSellerId} is not null`),
  ],
);

/**
 * The suppliers invited to quote on a direct inquiry besides the one it is addressed to (issue #41.3): similar
 * verified suppliers the matching module chose when the buyer asked for them. Owned by rfqs, which decides who may
 * see and quote on an RFQ; matching writes it only through inviteToRfq (decision record 0054).
 */
export const rfqInvitations = pgTable(
  "rfq_invitations",
  {
    rfqId: uuid("rfq_id")
      .notNull()
      .references(() => rfqs.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.sellerId] }),
    index("rfq_invitations_seller_idx").on(t.sellerId, t.createdAt),
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
    // Structured trade terms (issue #21); null on quotes made before them ("USD, terms in text").
    // price_cents stays the total in USD cents, converted at the stored rate when the quote is in INR.
    incoterm: text("incoterm").$type<"EXW" | "FCA" | "FOB" | "CIF" | "DAP" | "DDP">(),
    // the named place: a port code (ports.code) where the Incoterm names a port, or a place in words
    incotermPlace: text("incoterm_place"),
    incotermPort: text("incoterm_port"),
    shipMode: text("ship_mode").$type<"ocean" | "air">(),
    currency: text("currency").notNull().default("USD").$type<"USD" | "INR">(),
    // in the quote's currency, minor units (cents or paise)
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }),
    totalMinor: bigint("total_minor", { mode: "number" }),
    // the INR/USD rate in force when the quote was submitted; never recomputed
    fxRateId: uuid("fx_rate_id"),
    fxInrPerUsd: numeric("fx_inr_per_usd", { precision: 12, scale: 4 }),
    fxRateDate: date("fx_rate_date", { mode: "string" }),
    leadTimeDays: integer("lead_time_days"),
    paymentTerms: text("payment_terms").$type<
      "advance_100" | "advance_30_bl_70" | "lc_at_sight" | "net_30" | "net_60" | "other"
    >(),
    paymentTermsOther: text("payment_terms_other"),
    validUntil: date("valid_until", { mode: "string" }),
    sampleAvailable: boolean("sample_available"),
    samplePriceMinor: bigint("sample_price_minor", { mode: "number" }),
    hsCode: text("hs_code"),
    unitWeightGrams: integer("unit_weight_grams"),
    // the goods as the invoices will describe them: what they are, their material or composition, and who makes
    // them (name and address; null when the seller does) (issue #41); null on quotes made before
    goodsDescription: text("goods_description"),
    material: text("material"),
    manufacturer: text("manufacturer"),
    status: text("status").notNull().default("submitted").$type<(typeof QUOTE_STATUSES)[number]>(),
    // a seller's new quote on the same RFQ revises its live one: the old row becomes 'superseded' (issue #26)
    supersedesId: uuid("supersedes_id").references((): AnyPgColumn => rfqResponses.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rfq_responses_price_check", sql`${t.priceCents} > 0`),
    // one live quote per seller per RFQ, whatever two tabs or instances submit at once
    uniqueIndex("rfq_responses_one_live_idx")
      .on(t.rfqId, t.sellerId)
      .where(sql`${t.status} = 'submitted'`),
    check("rfq_responses_quantity_check", sql`${t.quantity} > 0`),
    check("rfq_responses_status_check", isOneOf(t.status, QUOTE_STATUSES)),
    check(
      "rfq_responses_incoterm_check",
      sql`${t.incoterm} is null or ${t.incoterm} in ('EXW', 'FCA', 'FOB', 'CIF', 'DAP', 'DDP')`,
    ),
    check("rfq_responses_currency_check", sql`${t.currency} in ('USD', 'INR')`),
    check("rfq_responses_ship_mode_check", sql`${t.shipMode} is null or ${t.shipMode} in ('ocean', 'air')`),
    check(
      "rfq_responses_payment_terms_check",
      sql`${t.paymentTerms} is null or ${t.paymentTerms} in ('advance_100', 'advance_30_bl_70', 'lc_at_sight', 'net_30', 'net_60', 'other')`,
    ),
    check("rfq_responses_hs_code_check", sql`${t.hsCode} is null or ${t.hsCode} ~ '^[0-9]{6,10}$'`),
    check(
      "rfq_responses_terms_amounts_check",
      sql`(${t.unitPriceMinor} is null or ${t.unitPriceMinor} > 0) and (${t.totalMinor} is null or ${t.totalMinor} > 0) and (${t.samplePriceMinor} is null or ${t.samplePriceMinor} >= 0) and (${t.leadTimeDays} is null or ${t.leadTimeDays} > 0) and (${t.unitWeightGrams} is null or ${t.unitWeightGrams} > 0) and (${t.fxInrPerUsd} is null or ${t.fxInrPerUsd} > 0)`,
    ),
    check("rfq_responses_inr_rate_check", sql`${t.currency} = 'USD' or ${t.fxInrPerUsd} is not null`),
    index("rfq_responses_rfq_created_idx").on(t.rfqId, t.createdAt, t.id),
    index("rfq_responses_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
  ],
);
