/**
 * Each status list, declared once (record 0039): the tables' column types and check constraints (`app/db/schema`),
 * the domain's zod schemas and the pages' labels all read these arrays. Browser-safe: no Drizzle import.
 */
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

/** The order statuses in which the buyer may fund a milestone. */
export const FUNDABLE_ORDER_STATUSES = [
  "confirmed",
  "in_production",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/**
 * When a milestone is due (record 0042): at confirmation, when the supplier ships (bill of lading), before delivery
 * (orders confirmed before record 0042 only), a number of days after delivery (net terms), or outside Setu (a letter
 * of credit). Whatever is due when, escrowed money is released only when the inspection window closes.
 */
export const MILESTONE_CONDITIONS = [
  "on_confirmation",
  "against_bill_of_lading",
  "on_delivery",
  "net_after_delivery",
  "letter_of_credit",
] as const;
/** `off_platform`: a letter of credit the buyer recorded; no money of it passes through Setu. */
export const MILESTONE_STATES = [
  "awaiting_funds",
  "processing",
  "held",
  "released",
  "refunded",
  "void",
  "off_platform",
] as const;

/**
 * The buyer's inspection window: escrow stays held until this many days after delivery (or until the buyer confirms
 * receipt sooner), so a dispute opened any time before can still be refunded. Orders complete by themselves then.
 */
export const INSPECTION_DAYS = 14;
export const CHARGE_STATUSES = ["pending", "succeeded", "failed"] as const;
/** what the payment simulator recorded for an idempotency key (void: asked for it before it ever arrived) */
export const SIMULATOR_CHARGE_STATUSES = ["succeeded", "failed", "void"] as const;
export const LEDGER_KINDS = ["fund", "release", "refund"] as const;
export const DISPUTE_STATUSES = ["open", "decided"] as const;
export const DISPUTE_DECISIONS = ["release", "partial_refund", "full_refund", "settled_off_platform"] as const;
export const REPORT_STATUSES = ["open", "resolved"] as const;
export const VERIFICATION_STATUSES = ["pending", "verified", "rejected"] as const;
export const VERIFICATION_SUBMISSION_KINDS = ["verification", "change"] as const;
export const PRODUCT_STATUSES = ["active", "inactive"] as const;
export const STORE_STATUSES = ["active", "hidden"] as const;
/** An RFQ is published when created (there are no drafts); one past its deadline stays published, its quoting closed by the clock. */
export const RFQ_STATUSES = ["published", "awarded", "closed"] as const;
export const QUOTE_STATUSES = ["submitted", "accepted", "declined", "withdrawn", "superseded"] as const;
