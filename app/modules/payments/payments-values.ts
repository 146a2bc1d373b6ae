import {
  DISPUTE_DECISIONS,
  FUNDABLE_ORDER_STATUSES,
  LEDGER_KINDS,
  MILESTONE_CONDITIONS,
  MILESTONE_STATES,
} from "~/lib/status-lists";
/** payments's values, labels and helpers: browser-safe without zod (payments.schema.ts re-exports them, route JS budgets). */
import type { PaymentTerms } from "~/modules/trade/trade-terms.schema";

export type MilestoneCondition = (typeof MILESTONE_CONDITIONS)[number];

export type MilestoneState = (typeof MILESTONE_STATES)[number];

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Whether the buyer may fund a milestone of an order in this status. */
export function isFundable(orderStatus: string): boolean {
  return (FUNDABLE_ORDER_STATUSES as readonly string[]).includes(orderStatus);
}

export type MilestonePlan = {
  position: number;
  label: string;
  percent: number;
  amountCents: number;
  condition: MilestoneCondition;
};

/**
 * The payment terms as escrow milestones (decision record 0028): 100 % advance; 30 % advance + 70 % against the bill
 * of lading; anything else (letter of credit, net 30/60, other, none) is funded in full into escrow and released when
 * the buyer confirms delivery.
 */
const SPLITS: Record<
  "advance_100" | "advance_30_bl_70" | "escrow_on_delivery",
  { label: string; percent: number; condition: MilestoneCondition }[]
> = {
  advance_100: [{ label: "100% advance", percent: 100, condition: "on_confirmation" }],
  advance_30_bl_70: [
    { label: "30% advance", percent: 30, condition: "on_confirmation" },
    { label: "70% against bill of lading", percent: 70, condition: "against_bill_of_lading" },
  ],
  escrow_on_delivery: [{ label: "100% into escrow, released on delivery", percent: 100, condition: "on_delivery" }],
};

/** Splits the total by the terms' percentages with largest-remainder rounding: the amounts are whole cents and sum exactly to the total. */
export function planMilestones(paymentTerms: PaymentTerms | null, totalCents: number): MilestonePlan[] {
  const split =
    paymentTerms === "advance_100" || paymentTerms === "advance_30_bl_70"
      ? SPLITS[paymentTerms]
      : SPLITS.escrow_on_delivery;
  const exact = split.map((part) => (totalCents * part.percent) / 100);
  const remainder = totalCents - exact.reduce((sum, value) => sum + Math.floor(value), 0);
  // the `remainder` parts with the largest fractions get one cent more (ties: the earlier part)
  const roundedUp = new Set(
    exact
      .map((value, i) => ({ i, fraction: value - Math.floor(value) }))
      .sort((a, b) => b.fraction - a.fraction || a.i - b.i)
      .slice(0, remainder)
      .map(({ i }) => i),
  );
  return split
    .map((part, i) => ({
      position: i + 1,
      label: part.label,
      percent: part.percent,
      amountCents: Math.floor((totalCents * part.percent) / 100) + (roundedUp.has(i) ? 1 : 0),
      condition: part.condition,
    }))
    .filter((m) => m.amountCents > 0);
}

export const MILESTONE_CONDITION_LABEL: Record<MilestoneCondition, string> = {
  on_confirmation: "Due on confirmation; released to the supplier at shipment",
  against_bill_of_lading: "Released to the supplier when the bill of lading is entered at shipment",
  on_delivery: "Released to the supplier when the buyer confirms delivery",
};

export const MILESTONE_STATE_LABEL: Record<MilestoneState, string> = {
  awaiting_funds: "Awaiting funds",
  processing: "Payment processing",
  held: "Held in escrow",
  released: "Released to supplier",
  refunded: "Refunded to buyer",
  void: "Not due",
};

export type Balance = { funded: number; released: number; refunded: number; held: number };

export type MilestoneView = {
  id: string;
  position: number;
  label: string;
  percent: number;
  amountCents: number;
  condition: MilestoneCondition;
  state: MilestoneState;
  balance: Balance;
  cardLast4: string | null;
  lastFailure: string | null;
};

/** Passes the Luhn check every real card number passes. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The expiry's month and four-digit year; an expired card is refused by the provider's check too. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())!;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export { DISPUTE_DECISIONS };

export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const DISPUTE_DECISION_LABEL: Record<DisputeDecision, string> = {
  release: "Release to the supplier",
  partial_refund: "Partial refund to the buyer",
  full_refund: "Full refund to the buyer",
};
