import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import {
  CHARGE_STATUSES,
  DISPUTE_DECISIONS,
  DISPUTE_STATUSES,
  LEDGER_KINDS,
  MILESTONE_CONDITIONS,
  MILESTONE_STATES,
  SIMULATOR_CHARGE_STATUSES,
} from "../../lib/status-lists";
import { user } from "./auth";
import { orders } from "./orders";

/**
 * What the buyer owes an order, in escrow steps: the payment terms become milestones when the supplier confirms
 * (decision record 0028). Amounts are USD cents and sum exactly to the order's total. `state` is the workflow step;
 * the money itself (held, released, refunded) is read from the ledger, never stored here.
 */
export const paymentMilestones = pgTable(
  "payment_milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    percent: integer("percent").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    condition: text("condition").notNull().$type<(typeof MILESTONE_CONDITIONS)[number]>(),
    state: text("state").notNull().default("awaiting_funds").$type<(typeof MILESTONE_STATES)[number]>(),
    // net terms: the milestone is due this many days after delivery
    dueDays: integer("due_days"),
    // a letter of credit: the issuing bank and reference the buyer recorded (no money of it passes through Setu)
    offPlatformReference: text("off_platform_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_milestones_order_position_idx").on(t.orderId, t.position),
    check("payment_milestones_amount_check", sql`${t.amountCents} > 0`),
    check("payment_milestones_due_days_check", sql`${t.dueDays} is null or ${t.dueDays} between 1 and 365`),
    check("payment_milestones_condition_check", isOneOf(t.condition, MILESTONE_CONDITIONS)),
    check("payment_milestones_state_check", isOneOf(t.state, MILESTONE_STATES)),
  ],
);

/**
 * One attempt to charge the buyer's card for a milestone. The idempotency key is per milestone attempt
 * (`charge:{milestone}:{n}`, n counting failed attempts), unique, and the provider receives it; at most one attempt
 * per milestone is pending or succeeded (a partial unique index), so two tabs or a double click charge once.
 * No card data is kept but the last four digits.
 */
export const paymentCharges = pgTable(
  "payment_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => paymentMilestones.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status").notNull().default("pending").$type<(typeof CHARGE_STATUSES)[number]>(),
    providerReference: text("provider_reference"),
    cardLast4: text("card_last4"),
    failureMessage: text("failure_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_charges_one_live_idx")
      .on(t.milestoneId)
      .where(sql`${t.status} in ('pending', 'succeeded')`),
    check("payment_charges_amount_check", sql`${t.amountCents} > 0`),
    check("payment_charges_status_check", isOneOf(t.status, CHARGE_STATUSES)),
    // the reconciliation pass looks for pending charges older than a grace period (payments.server.ts)
    index("payment_charges_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The payment simulator's own book: what the provider knows of each charge, by the idempotency key it was given.
 * Not Setu's data (a real provider keeps this on its side); it is durable so that the simulator, like a real
 * provider, still knows a charge after our process crashed, and can be asked for it (decision record 0044).
 * `void`: asked for a charge it never received, the simulator refuses that key from then on.
 */
export const simulatorCharges = pgTable(
  "simulator_charges",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    reference: text("reference").notNull(),
    status: text("status").notNull().$type<(typeof SIMULATOR_CHARGE_STATUSES)[number]>(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("simulator_charges_status_check", isOneOf(t.status, SIMULATOR_CHARGE_STATUSES))],
);

/**
 * The escrow ledger, append-only: money into escrow (fund), out to the supplier (release) or back to the buyer
 * (refund). Balances are sums over it; every write checks, under a lock on the milestone, that held stays ≥ 0.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => paymentMilestones.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<(typeof LEDGER_KINDS)[number]>(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerReference: text("provider_reference"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_entries_amount_check", sql`${t.amountCents} > 0`),
    check("ledger_entries_kind_check", isOneOf(t.kind, LEDGER_KINDS)),
    index("ledger_entries_order_idx").on(t.orderId, t.createdAt),
    index("ledger_entries_milestone_idx").on(t.milestoneId),
  ],
);

/** Webhook events the provider delivered, by their id: a second delivery of the same event changes nothing. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A buyer's dispute on a shipped or delivered order, decided by an administrator. */
export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    openedBy: text("opened_by").references(() => user.id, { onDelete: "set null" }),
    // the status the order had when disputed (shipped or delivered)
    fromStatus: text("from_status").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open").$type<(typeof DISPUTE_STATUSES)[number]>(),
    decision: text("decision").$type<(typeof DISPUTE_DECISIONS)[number]>(),
    refundCents: bigint("refund_cents", { mode: "number" }),
    // settled_off_platform: what the parties agreed outside Setu (recorded, not paid by Setu)
    settlementCents: bigint("settlement_cents", { mode: "number" }),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("disputes_one_open_idx")
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
    check("disputes_status_check", isOneOf(t.status, DISPUTE_STATUSES)),
    check("disputes_decision_check", sql`${t.decision} is null or ${isOneOf(t.decision, DISPUTE_DECISIONS)}`),
    check("disputes_refund_check", sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
    check("disputes_settlement_check", sql`${t.settlementCents} is null or ${t.settlementCents} >= 0`),
    index("disputes_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** Files the buyer gave as evidence, stored privately; the admin and the order's two parties may download them. */
export const disputeEvidence = pgTable("dispute_evidence", {
  id: uuid("id").primaryKey().defaultRandom(),
  disputeId: uuid("dispute_id")
    .notNull()
    .references(() => disputes.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
