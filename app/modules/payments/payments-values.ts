import {
  DISPUTE_DECISIONS,
  FUNDABLE_ORDER_STATUSES,
  LEDGER_KINDS,
  MILESTONE_CONDITIONS,
  MILESTONE_STATES,
  INSPECTION_DAYS,
} from "~/lib/status-lists";
import { allocateMinor } from "~/lib/money-minor";
/** payments's values, labels and helpers: browser-safe without zod (payments.schema.ts re-exports them, route JS budgets). */
import type { PaymentTerms } from "~/modules/trade/trade-terms.schema";

export type MilestoneCondition = (typeof MILESTONE_CONDITIONS)[number];

export type MilestoneState = (typeof MILESTONE_STATES)[number];

export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A milestone's workflow in one table (record 0048): from each state, the states it may move to. `setMilestoneState`
 * (payments.server) is the only writer of `payment_milestones.state` and refuses a move not listed. The money itself
 * is the ledger's; the state is the step shown to people.
 */
export const MILESTONE_TRANSITIONS: Record<MilestoneState, readonly MilestoneState[]> = {
  // the buyer pays by card (processing), records a letter of credit (off_platform), or the order is called off (void)
  awaiting_funds: ["processing", "off_platform", "void"],
  // the provider confirms the charge (held) or it fails (awaiting funds again)
  processing: ["held", "awaiting_funds"],
  // the inspection window closes or a dispute is decided: released to the supplier, or refunded to the buyer
  held: ["released", "refunded"],
  released: [],
  refunded: [],
  void: [],
  off_platform: [],
};

/** Whether a milestone may move from one state to another. */
export function mayMoveMilestone(from: MilestoneState, to: MilestoneState): boolean {
  return MILESTONE_TRANSITIONS[from].includes(to);
}

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
  /** net terms: due this many days after delivery */
  dueDays: number | null;
};

/** A schedule part's name in the locale files (orders:milestones.label.*, emails:milestone.label.*). */
export type MilestoneLabelKey =
  "advance100" | "advance30" | "balance70" | "letterOfCredit100" | "net30" | "net60" | "escrow100";

type PlanPart = {
  key: MilestoneLabelKey;
  label: string;
  percent: number;
  condition: MilestoneCondition;
  dueDays?: number;
};

/**
 * Each payment term as an explicit schedule (decision record 0042): when each part is due, and the one release rule
 * of escrow (held until the inspection window closes, INSPECTION_DAYS after delivery or when the buyer confirms
 * receipt). Both parties see it before a quote is accepted; the order page, the proforma and the e-mails print it.
 * A letter of credit is paid outside Setu: the buyer records its reference. Other or unstated terms are funded in
 * full into escrow at confirmation, and the quote says so before it is accepted.
 */
export const PAYMENT_SCHEDULES: Record<PaymentTerms | "none", PlanPart[]> = {
  advance_100: [{ key: "advance100", label: "100% advance", percent: 100, condition: "on_confirmation" }],
  advance_30_bl_70: [
    { key: "advance30", label: "30% advance", percent: 30, condition: "on_confirmation" },
    { key: "balance70", label: "70% against bill of lading", percent: 70, condition: "against_bill_of_lading" },
  ],
  lc_at_sight: [
    {
      key: "letterOfCredit100",
      label: "100% by letter of credit at sight",
      percent: 100,
      condition: "letter_of_credit",
    },
  ],
  net_30: [{ key: "net30", label: "100% net 30 days", percent: 100, condition: "net_after_delivery", dueDays: 30 }],
  net_60: [{ key: "net60", label: "100% net 60 days", percent: 100, condition: "net_after_delivery", dueDays: 60 }],
  other: [{ key: "escrow100", label: "100% into escrow at confirmation", percent: 100, condition: "on_confirmation" }],
  none: [{ key: "escrow100", label: "100% into escrow at confirmation", percent: 100, condition: "on_confirmation" }],
};

/**
 * A stored milestone's label (as PAYMENT_SCHEDULES wrote it) as its key in the locale files, for the page and the
 * e-mails in the reader's language; none for a label no schedule has (it is shown as stored).
 */
export function milestoneLabelKey(label: string): MilestoneLabelKey | undefined {
  for (const parts of Object.values(PAYMENT_SCHEDULES))
    for (const part of parts) if (part.label === label) return part.key;
  return undefined;
}

/** Splits the total by the terms' percentages with largest-remainder rounding: the amounts are whole cents and sum exactly to the total. */
export function planMilestones(paymentTerms: PaymentTerms | null, totalCents: number): MilestonePlan[] {
  const split = PAYMENT_SCHEDULES[paymentTerms ?? "none"];
  const amounts = allocateMinor(
    totalCents,
    split.map((part) => part.percent),
  );
  return split
    .map((part, i) => ({
      position: i + 1,
      label: part.label,
      percent: part.percent,
      amountCents: amounts[i]!,
      condition: part.condition,
      dueDays: part.dueDays ?? null,
    }))
    .filter((m) => m.amountCents > 0);
}

function shortDue(part: PlanPart): string {
  switch (part.condition) {
    case "on_confirmation":
      return "due at confirmation";
    case "against_bill_of_lading":
      return "due at shipment, against the bill of lading";
    case "on_delivery":
      return "due before delivery";
    case "net_after_delivery":
      return `due ${part.dueDays} days after delivery`;
    case "letter_of_credit":
      return "by letter of credit at sight";
  }
}

/** The schedule a payment term makes, in one sentence: shown with the quote, before anyone accepts it. */
export function scheduleSummary(paymentTerms: PaymentTerms | null): string {
  const parts = PAYMENT_SCHEDULES[paymentTerms ?? "none"];
  if (parts.every((part) => !isEscrowed(part.condition)))
    return "Paid outside Setu by a letter of credit at sight, recorded by the buyer before production starts. Setu holds no money for this order.";
  const due = parts.map((part) => `${part.percent}% ${shortDue(part)}`).join(", ");
  const other =
    paymentTerms === "other" || paymentTerms === null
      ? " Setu's escrow cannot follow other terms: the whole amount is paid into escrow at confirmation."
      : "";
  return `On Setu: ${due}; held in escrow until the inspection window closes (${INSPECTION_DAYS} days after delivery), then released to the supplier.${other}`;
}

/** Whether the milestone's money passes through Setu's escrow (a letter of credit does not). */
export function isEscrowed(condition: MilestoneCondition): boolean {
  return condition !== "letter_of_credit";
}

/** When a milestone is due, said to both parties. */
export function milestoneDueText(m: { condition: MilestoneCondition; dueDays: number | null }): string {
  switch (m.condition) {
    case "on_confirmation":
      return "Due when the supplier confirms the order; production starts once it is held in escrow";
    case "against_bill_of_lading":
      return "Due when the supplier ships and enters the bill of lading";
    case "on_delivery":
      return "Due before delivery";
    case "net_after_delivery":
      return `Due ${m.dueDays ?? 30} days after delivery`;
    case "letter_of_credit":
      return "Paid outside Setu by a letter of credit at sight: the buyer records its reference before production starts";
  }
}

/** What happens to a milestone's money once paid: the one release rule of escrow, or none for a letter of credit. */
export function milestoneReleaseText(m: { condition: MilestoneCondition }): string {
  return isEscrowed(m.condition)
    ? `Kept in escrow until the inspection window closes (${INSPECTION_DAYS} days after delivery, or sooner when the buyer confirms receipt), then released to the supplier`
    : "Setu holds none of this money: it is paid between the banks";
}

/** One line per milestone: "30% advance, $3,000.00: due …; held …". The order page, the proforma and e-mails use it. */
export function scheduleLines(
  plan: { label: string; amountCents: number; condition: MilestoneCondition; dueDays: number | null }[],
  formatAmount: (cents: number) => string,
): string[] {
  return plan.map(
    (m) => `${m.label}, ${formatAmount(m.amountCents)}: ${milestoneDueText(m)}. ${milestoneReleaseText(m)}.`,
  );
}

/** The due date of a net milestone once the order is delivered (ISO date, UTC), else null. */
export function netDueDate(m: { condition: MilestoneCondition; dueDays: number | null }, deliveredAt: string | null) {
  if (m.condition !== "net_after_delivery" || !deliveredAt || m.dueDays === null) return null;
  const due = new Date(Date.parse(deliveredAt) + m.dueDays * 24 * 60 * 60 * 1000);
  return due.toISOString().slice(0, 10);
}

export type Balance = { funded: number; released: number; refunded: number; held: number };

export type MilestoneView = {
  id: string;
  position: number;
  label: string;
  percent: number;
  amountCents: number;
  condition: MilestoneCondition;
  state: MilestoneState;
  dueDays: number | null;
  offPlatformReference: string | null;
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

/** A card's expiry as people type it: "12/29", "12 / 29", "1229", "12-29" or "12/2029". */
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*[/-]?\s*(\d{2}|20\d{2})$/;

/** The expiry's month and four-digit year; an expired card is refused by the provider's check too. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const match = EXPIRY_PATTERN.exec(expiry.trim())!;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

export { DISPUTE_DECISIONS, INSPECTION_DAYS };

export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const DISPUTE_DECISION_LABEL: Record<DisputeDecision, string> = {
  release: "Release to the supplier",
  partial_refund: "Partial refund to the buyer",
  full_refund: "Full refund to the buyer",
  settled_off_platform: "Settled outside Setu",
};

/** What a dispute opened now could move: held in escrow, not yet paid (escrowed), already released, by letter of credit. */
export function disputeAmounts(milestones: MilestoneView[]) {
  const sum = (list: MilestoneView[], of: (m: MilestoneView) => number) => list.reduce((a, m) => a + of(m), 0);
  const escrowed = milestones.filter((m) => isEscrowed(m.condition));
  return {
    held: sum(escrowed, (m) => m.balance.held),
    unpaid: sum(
      escrowed.filter((m) => m.state === "awaiting_funds" || m.state === "processing"),
      (m) => m.amountCents,
    ),
    released: sum(escrowed, (m) => m.balance.released),
    letterOfCredit: sum(
      milestones.filter((m) => !isEscrowed(m.condition)),
      (m) => m.amountCents,
    ),
  };
}

/** The dispute dialog's promise: what is refundable now, and nothing Setu cannot pay. */
export function disputeConsequence(milestones: MilestoneView[], formatAmount: (cents: number) => string): string {
  const { held, unpaid, released, letterOfCredit } = disputeAmounts(milestones);
  const parts: string[] = [];
  if (held > 0)
    parts.push(
      `Refundable now: ${formatAmount(held)}, held in escrow. It stays held until a Setu administrator decides: release it to the supplier, or refund you up to ${formatAmount(held)}.`,
    );
  else if (letterOfCredit > 0)
    parts.push(
      "This order is paid by letter of credit outside Setu: Setu holds none of its money and cannot refund it. A Setu administrator can record a settlement you and the supplier agree.",
    );
  else
    parts.push(
      "Refundable now: nothing, as Setu holds no money for this order. A Setu administrator can record a settlement you and the supplier agree.",
    );
  if (unpaid > 0)
    parts.push(
      `The ${formatAmount(unpaid)} you have not paid yet cannot be paid while the dispute is open, and is no longer due if the administrator refunds you in full.`,
    );
  if (released > 0)
    parts.push(`${formatAmount(released)} already released to the supplier cannot be refunded through Setu.`);
  return parts.join(" ");
}
