import { z } from "zod";
import type { PaymentTerms } from "~/modules/trade/trade-terms.schema";

export type MilestoneCondition = "on_confirmation" | "against_bill_of_lading" | "on_delivery";
export type MilestoneState = "awaiting_funds" | "processing" | "held" | "released" | "refunded" | "void";
export type LedgerKind = "fund" | "release" | "refund";

export type MilestonePlan = { position: number; label: string; percent: number; amountCents: number; condition: MilestoneCondition };

/**
 * The payment terms as escrow milestones (decision record 0028): 100 % advance; 30 % advance + 70 % against the bill
 * of lading; anything else (letter of credit, net 30/60, other, none) is funded in full into escrow and released when
 * the buyer confirms delivery.
 */
const SPLITS: Record<"advance_100" | "advance_30_bl_70" | "escrow_on_delivery", { label: string; percent: number; condition: MilestoneCondition }[]> = {
  advance_100: [{ label: "100% advance", percent: 100, condition: "on_confirmation" }],
  advance_30_bl_70: [
    { label: "30% advance", percent: 30, condition: "on_confirmation" },
    { label: "70% against bill of lading", percent: 70, condition: "against_bill_of_lading" },
  ],
  escrow_on_delivery: [{ label: "100% into escrow, released on delivery", percent: 100, condition: "on_delivery" }],
};

/** Splits the total by the terms' percentages with largest-remainder rounding: the amounts are whole cents and sum exactly to the total. */
export function planMilestones(paymentTerms: PaymentTerms | null, totalCents: number): MilestonePlan[] {
  const split = paymentTerms === "advance_100" || paymentTerms === "advance_30_bl_70" ? SPLITS[paymentTerms] : SPLITS.escrow_on_delivery;
  const exact = split.map((part) => (totalCents * part.percent) / 100);
  const amounts = exact.map(Math.floor);
  let remainder = totalCents - amounts.reduce((a, b) => a + b, 0);
  const byFraction = exact.map((value, i) => ({ i, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of byFraction) {
    if (remainder <= 0) break;
    amounts[i] += 1;
    remainder -= 1;
  }
  return split.map((part, i) => ({ position: i + 1, label: part.label, percent: part.percent, amountCents: amounts[i], condition: part.condition })).filter((m) => m.amountCents > 0);
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
function luhn(digits: string): boolean {
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

/** The card form: checked in the browser and on the server; the number goes to the provider and only its last four digits are kept. */
export const fundMilestoneSchema = z.object({
  milestoneId: z.string(),
  cardholder: z.string().trim().min(2, "Please enter the name on the card").max(100, "The name must be at most 100 characters"),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, "Please enter the card number (12 to 19 digits)")
        .refine(luhn, "This card number is not valid"),
    ),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Please enter the expiry as MM/YY"),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Please enter the 3 or 4 digit security code"),
});
export type FundMilestoneInput = z.infer<typeof fundMilestoneSchema>;

/** The expiry's month and four-digit year; an expired card is refused by the provider's check too. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())!;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export const DISPUTE_DECISIONS = ["release", "partial_refund", "full_refund"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const DISPUTE_DECISION_LABEL: Record<DisputeDecision, string> = {
  release: "Release to the supplier",
  partial_refund: "Partial refund to the buyer",
  full_refund: "Full refund to the buyer",
};

export const openDisputeSchema = z.object({
  orderId: z.string(),
  reason: z.string().trim().min(10, "Please describe the problem (at least 10 characters)").max(2000, "The reason must be at most 2,000 characters"),
});

export const decideDisputeSchema = z.object({
  disputeId: z.string(),
  decision: z.enum(DISPUTE_DECISIONS, { message: "Please choose a decision" }),
  refundAmount: z.string().trim().optional(),
  note: z.string().trim().min(5, "Please explain the decision to both parties (at least 5 characters)").max(1000, "The note must be at most 1,000 characters"),
});
