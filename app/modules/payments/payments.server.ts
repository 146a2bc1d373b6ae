import { calendarDateIn } from "~/lib/dates";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/postgres-errors";
import { paymentCharges, paymentMilestones, paymentWebhookEvents } from "~/db/schema/payments";
import { formatMoney } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import type { JobData } from "~/modules/jobs/job-queue.server";
import { notify, type Notifier, type PhraseValue } from "~/modules/notifications/notifications.server";
import type { PaymentTerms } from "~/modules/trade/trade-terms.schema";
import { FUNDABLE_ORDER_STATUSES, MILESTONE_CONDITIONS } from "~/lib/status-lists";
import { publishLive } from "~/modules/live/live-events.server";
import { findOrder, orderRows } from "~/modules/orders/orders.server";
import {
  appendLedgerEntryOrThrow,
  countMilestoneEntries,
  lockMilestone,
  lockOrderMilestones,
  milestoneBalance,
} from "./ledger.server";
import type { PaymentProvider } from "./payment-provider.server";
import {
  isFundable,
  mayMoveMilestone,
  parseExpiry,
  milestoneLabelKey,
  planMilestones,
  isEscrowed,
  type FundMilestoneInput,
  type MilestoneCondition,
  type MilestoneState,
  type MilestoneView,
  type RecordLetterOfCreditInput,
} from "./payments.schema";

/** Tells both parties' open pages that the order changed (its payments, status, documents or dispute). */
export async function publishOrderChange(tx: Db, order: { id: string; buyerId: string; sellerId: string }) {
  await publishLive(tx, [order.buyerId, order.sellerId], { type: "order", orderId: order.id });
}

/**
 * The only writer of `payment_milestones.state`: moves the milestone from `from` (the state the caller read, under
 * its lock) to `to`. A conditional UPDATE: a milestone no longer in `from` is left as it is (false). A move that
 * MILESTONE_TRANSITIONS does not list is a mistake in the caller and throws (its transaction rolls back).
 */
export async function setMilestoneState(
  tx: Db,
  milestoneId: string,
  from: MilestoneState,
  to: MilestoneState,
  fields: { offPlatformReference?: string } = {},
): Promise<boolean> {
  if (!mayMoveMilestone(from, to))
    throw new Error(`MILESTONE_TRANSITIONS does not move a milestone from ${from} to ${to}`);
  const moved = await tx
    .update(paymentMilestones)
    .set({ ...fields, state: to, updatedAt: new Date() })
    .where(and(eq(paymentMilestones.id, milestoneId), eq(paymentMilestones.state, from)))
    .returning({ id: paymentMilestones.id });
  return moved.length > 0;
}

/** Creates the order's milestones from its payment terms; runs in the transaction that confirms the order. */
export async function createMilestones(
  tx: Db,
  orderId: string,
  paymentTerms: PaymentTerms | null,
  totalCents: number,
): Promise<void> {
  const plan = planMilestones(paymentTerms, totalCents);
  if (plan.length === 0) return;
  await tx
    .insert(paymentMilestones)
    .values(plan.map((m) => ({ orderId, ...m })))
    .onConflictDoNothing();
}

/** The order's milestones with their balances from the ledger and the last card attempt. */
export async function listMilestones(db: Db, orderId: string): Promise<MilestoneView[]> {
  const rows = await db
    .select()
    .from(paymentMilestones)
    .where(eq(paymentMilestones.orderId, orderId))
    .orderBy(asc(paymentMilestones.position));
  const views: MilestoneView[] = [];
  for (const row of rows) {
    const [last] = await db
      .select({
        status: paymentCharges.status,
        cardLast4: paymentCharges.cardLast4,
        failureMessage: paymentCharges.failureMessage,
      })
      .from(paymentCharges)
      .where(eq(paymentCharges.milestoneId, row.id))
      .orderBy(desc(paymentCharges.createdAt))
      .limit(1);
    views.push({
      id: row.id,
      position: row.position,
      label: row.label,
      percent: row.percent,
      amountCents: row.amountCents,
      condition: row.condition,
      state: row.state,
      dueDays: row.dueDays,
      offPlatformReference: row.offPlatformReference,
      balance: await milestoneBalance(db, row.id),
      cardLast4: last?.status === "succeeded" || last?.status === "pending" ? last.cardLast4 : null,
      lastFailure: last?.status === "failed" ? last.failureMessage : null,
    });
  }
  return views;
}

export type FundResult = { ok: boolean; status: number; message: string; fieldErrors?: Record<string, string> };

/**
 * The buyer funds one milestone by card. Exactly once however often it is posted: under a lock on the milestone, a
 * milestone already paying or paid answers "already" and charges nothing; otherwise one charge row with the attempt's
 * idempotency key is written (unique; one live charge per milestone) before the provider is asked, with that key. A
 * decline is told at once; a success is recorded when the provider's webhook confirms it (receivePaymentWebhook).
 * The charge's check (`payment-reconcile`, RECONCILE_AFTER_SECONDS later) is queued in the transaction that writes
 * the charge, so a crash before the provider is asked, or a lost webhook, cannot leave it pending (record 0044).
 */
export async function fundMilestone(
  db: Db,
  actor: SessionUser,
  card: FundMilestoneInput,
  provider: PaymentProvider,
  jobs: Jobs,
): Promise<FundResult> {
  const { milestoneId } = card;
  if (!isUuid(milestoneId)) return { ok: false, status: 404, message: "Payment not found" };
  const order = orderRows(db);
  const [owned] = await db
    .select({ id: paymentMilestones.id })
    .from(paymentMilestones)
    .innerJoin(order, eq(order.id, paymentMilestones.orderId))
    .where(and(eq(paymentMilestones.id, milestoneId), eq(order.buyerId, actor.id)))
    .limit(1);
  if (!owned) return { ok: false, status: 404, message: "Payment not found" };
  let attempt:
    | { kind: "charge"; chargeId: string; key: string; amountCents: number; orderId: string }
    | { kind: "refused"; status: number; message: string }
    | { kind: "already" };
  try {
    attempt = await db.transaction(async (tx) => {
      const milestone = await lockMilestone(tx, milestoneId);
      if (!milestone) return { kind: "refused" as const, status: 404, message: "Payment not found" };
      const order = await findOrder(tx, milestone.orderId);
      if (!order || !isFundable(order.status))
        return { kind: "refused" as const, status: 409, message: "This payment cannot be made now" };
      if (!isEscrowed(milestone.condition))
        return {
          kind: "refused" as const,
          status: 409,
          message: "This payment is made by letter of credit outside Setu: record its reference instead",
        };
      if (milestone.state === "processing" || milestone.state === "held" || milestone.state === "released")
        return { kind: "already" as const };
      if (milestone.state !== "awaiting_funds")
        return { kind: "refused" as const, status: 409, message: "This payment cannot be made now" };
      const failed = await tx.$count(
        paymentCharges,
        and(eq(paymentCharges.milestoneId, milestoneId), eq(paymentCharges.status, "failed")),
      );
      const key = `charge:${milestoneId}:${failed + 1}`;
      const [charge] = await tx
        .insert(paymentCharges)
        .values({
          milestoneId,
          buyerId: actor.id,
          idempotencyKey: key,
          amountCents: milestone.amountCents,
          status: "pending",
          cardLast4: card.cardNumber.slice(-4),
        })
        .returning({ id: paymentCharges.id });
      await setMilestoneState(tx, milestoneId, "awaiting_funds", "processing");
      await jobs.send(
        tx,
        "payment-reconcile",
        { chargeId: charge!.id },
        { startAfterSeconds: RECONCILE_AFTER_SECONDS },
      );
      return {
        kind: "charge" as const,
        chargeId: charge!.id,
        key,
        amountCents: milestone.amountCents,
        orderId: milestone.orderId,
      };
    });
  } catch (error) {
    // the unique key or the one-live-charge index let another attempt through first
    if (isUniqueViolation(error)) return { ok: true, status: 200, message: "This payment is already being processed" };
    throw error;
  }
  if (attempt.kind === "refused") return { ok: false, status: attempt.status, message: attempt.message };
  if (attempt.kind === "already") return { ok: true, status: 200, message: "This payment is already being processed" };
  const { month, year } = parseExpiry(card.expiry);
  const result = await provider.createCharge({
    idempotencyKey: attempt.key,
    amountCents: attempt.amountCents,
    currency: "USD",
    card: { number: card.cardNumber, expMonth: month, expYear: year, cvc: card.cvc, holder: card.cardholder },
    description: `Setu order ${attempt.orderId.slice(0, 8).toUpperCase()}`,
  });
  if (result.status === "failed") {
    // only while the charge is still pending: a reconciliation may have settled it while the provider answered
    await db.transaction((tx) =>
      applyChargeOutcome(tx, null, attempt.key, {
        status: "failed",
        reference: result.reference,
        message: result.message,
      }),
    );
    return { ok: false, status: 402, message: result.message, fieldErrors: { cardNumber: result.message } };
  }
  await db
    .update(paymentCharges)
    .set({ providerReference: result.reference, updatedAt: new Date() })
    .where(eq(paymentCharges.id, attempt.chargeId));
  return {
    ok: true,
    status: 200,
    message: `Payment of ${formatMoney(attempt.amountCents)} submitted. It shows as held in escrow once the payment provider confirms it.`,
  };
}

export type WebhookResult = { status: number; message: string };

/**
 * The provider's webhook: verified, then recorded once by its event id (a second delivery of the same event changes
 * nothing), and applied in the same transaction: a succeeded charge funds the ledger and the milestone is held,
 * or released or refunded at once when its condition was already met or the order was called off meanwhile.
 */
export async function receivePaymentWebhook(
  db: Db,
  provider: PaymentProvider,
  notifier: Notifier,
  rawBody: string,
  headers: Record<string, string>,
): Promise<WebhookResult> {
  let event;
  try {
    event = provider.verifyWebhook(rawBody, headers);
  } catch {
    return { status: 400, message: "Invalid webhook signature" };
  }
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (recorded.length === 0) return { status: 200, message: "Already processed" };
    const outcome: ChargeOutcome =
      event.type === "charge.failed"
        ? { status: "failed", reference: event.data.reference, message: event.data.message ?? "The payment failed" }
        : { status: "succeeded", reference: event.data.reference };
    return { status: 200, message: await applyChargeOutcome(tx, notifier, event.data.idempotencyKey, outcome) };
  });
}

type ChargeOutcome =
  { status: "succeeded"; reference: string } | { status: "failed"; reference: string | null; message: string };

/**
 * Records what the provider says became of a charge, whoever tells it (its webhook, the reconciliation pass, or the
 * answer to createCharge): once, under the milestone's lock and only while the charge is still pending, so a webhook
 * and a reconciliation racing each other record it once. A succeeded charge funds the ledger and the milestone is
 * held, or released or refunded at once when its condition was already met or the order was called off meanwhile;
 * a failed one frees the milestone for another attempt. Returns what happened, in the webhook's words.
 */
async function applyChargeOutcome(
  tx: Db,
  notifier: Notifier | null,
  idempotencyKey: string,
  outcome: ChargeOutcome,
): Promise<"Recorded" | "Already recorded" | "Unknown charge" | "Unknown milestone"> {
  const [found] = await tx
    .select({ milestoneId: paymentCharges.milestoneId })
    .from(paymentCharges)
    .where(eq(paymentCharges.idempotencyKey, idempotencyKey))
    .limit(1);
  if (!found) return "Unknown charge";
  const milestone = await lockMilestone(tx, found.milestoneId);
  if (!milestone) return "Unknown milestone";
  // read again under the lock: every change of a charge's status is made under it
  const [charge] = await tx
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.idempotencyKey, idempotencyKey))
    .limit(1);
  if (!charge || charge.status !== "pending") return "Already recorded";
  const order = await findOrder(tx, milestone.orderId);
  if (outcome.status === "failed") {
    await tx
      .update(paymentCharges)
      .set({
        status: "failed",
        providerReference: outcome.reference ?? charge.providerReference,
        failureMessage: outcome.message,
        updatedAt: new Date(),
      })
      .where(eq(paymentCharges.id, charge.id));
    await setMilestoneState(tx, milestone.id, "processing", "awaiting_funds");
    if (order) await publishOrderChange(tx, order);
    return "Recorded";
  }
  if (!notifier) throw new Error("A succeeded charge is recorded with a notifier");
  await tx
    .update(paymentCharges)
    .set({ status: "succeeded", providerReference: outcome.reference, updatedAt: new Date() })
    .where(eq(paymentCharges.id, charge.id));
  await appendLedgerEntryOrThrow(tx, {
    orderId: milestone.orderId,
    milestoneId: milestone.id,
    kind: "fund",
    amountCents: charge.amountCents,
    idempotencyKey: `fund:${charge.id}`,
    providerReference: outcome.reference,
    note: `Card ending ${charge.cardLast4 ?? "····"}`,
  });
  await setMilestoneState(tx, milestone.id, milestone.state, "held");
  await notify(tx, notifier, {
    userId: order!.sellerId,
    kind: "order_status",
    title: `The buyer funded "${milestone.label}" into escrow`,
    body: `${formatMoney(charge.amountCents)} for "${milestone.label}" is held in escrow for order ${order!.id.slice(0, 8).toUpperCase()}.`,
    href: `/orders/${order!.id}`,
    eventKey: `funded:${milestone.id}:${charge.id}`,
    // pushed to the supplier's devices in their language (record 0058)
    translated: {
      title: "emails:funded.title",
      body: "emails:funded.body",
      params: {
        label: milestoneLabelPhrase(milestone.label),
        amount: { money: charge.amountCents },
        reference: order!.id.slice(0, 8).toUpperCase(),
      },
    },
  });
  await publishOrderChange(tx, order!);
  // the order was called off while the payment was on its way: straight back to the buyer
  if (order!.status === "cancelled" || order!.status === "declined")
    await refundHeld(tx, notifier.jobs, order!.id, "Refunded: the order was cancelled");
  else await releaseDue(tx, notifier.jobs, order!.id, order!.status);
  return "Recorded";
}

/**
 * How long a charge may stay pending before it is looked up at the provider: its webhook normally arrives within a
 * few seconds. The per-charge check runs this long after the charge is written; the sweep takes every older one.
 */
export const RECONCILE_AFTER_SECONDS = 30;
/** The sweep (every minute, and as an instance starts) catches charges whose own check was lost or failed. */
export const RECONCILE_CRON = "* * * * *";
/** What the buyer reads when the charge never reached the provider (a crash between recording it and sending it). */
export const CHARGE_NOT_RECEIVED_MESSAGE =
  "The payment did not reach the payment provider, so nothing was charged. Please try again.";

export type ReconcileResult = { checked: number; succeeded: number; failed: number; waiting: number };

/**
 * Settles charges left pending longer than RECONCILE_AFTER_SECONDS (by the database's clock): one (`chargeId`, the
 * check queued with it) or every one. Each is looked up at the provider by its idempotency key, outside any
 * transaction; what the provider answers is recorded as its webhook would be (applyChargeOutcome, so a webhook
 * arriving at the same moment records nothing twice). A charge the provider never received is failed there and here
 * (its key voided at the provider first, so it can never be charged later): the buyer may pay again.
 */
export async function reconcilePendingCharges(
  db: Db,
  provider: PaymentProvider,
  notifier: Notifier,
  options: { chargeId?: string } = {},
): Promise<ReconcileResult> {
  const pending = await db
    .select({ id: paymentCharges.id, idempotencyKey: paymentCharges.idempotencyKey })
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.status, "pending"),
        sql`${paymentCharges.createdAt} <= now() - make_interval(secs => ${RECONCILE_AFTER_SECONDS})`,
        options.chargeId ? eq(paymentCharges.id, options.chargeId) : undefined,
      ),
    )
    .orderBy(asc(paymentCharges.createdAt))
    .limit(500);
  const result: ReconcileResult = { checked: pending.length, succeeded: 0, failed: 0, waiting: 0 };
  for (const charge of pending) {
    const found = await provider.retrieveOrVoidCharge(charge.idempotencyKey);
    if (found.status === "pending") {
      result.waiting++;
      continue;
    }
    const outcome: ChargeOutcome =
      found.status === "succeeded"
        ? { status: "succeeded", reference: found.reference }
        : found.status === "failed"
          ? { status: "failed", reference: found.reference, message: found.message }
          : { status: "failed", reference: null, message: CHARGE_NOT_RECEIVED_MESSAGE };
    const applied = await db.transaction((tx) => applyChargeOutcome(tx, notifier, charge.idempotencyKey, outcome));
    if (applied === "Recorded") result[outcome.status]++;
  }
  return result;
}

/** Escrowed milestones' conditions: every one of them is released by the same rule. */
export const ESCROWED_CONDITIONS: MilestoneCondition[] = MILESTONE_CONDITIONS.filter(isEscrowed);

/**
 * Which milestones an order in this status releases (record 0042): none before the inspection window closes, which
 * is when the order completes (the buyer confirms receipt, INSPECTION_DAYS pass after delivery, or a dispute is
 * decided); then every escrowed one. So whatever a dispute can award is still held when it is opened.
 */
function metConditions(status: string): MilestoneCondition[] {
  return status === "completed" ? ESCROWED_CONDITIONS : [];
}

/** Releases to the supplier what is held on every milestone whose condition the order's status meets. */
export async function releaseDue(tx: Db, jobs: Jobs, orderId: string, status: string): Promise<number> {
  return releaseHeld(tx, jobs, orderId, metConditions(status), "Released: the milestone's condition was met");
}

/** Releases what is held on the order's milestones with the given conditions; returns the cents released. */
export async function releaseHeld(
  tx: Db,
  jobs: Jobs,
  orderId: string,
  conditions: MilestoneCondition[],
  note: string,
): Promise<number> {
  if (conditions.length === 0) return 0;
  const order = await findOrder(tx, orderId);
  let total = 0;
  for (const milestone of await lockOrderMilestones(tx, orderId)) {
    if (!conditions.includes(milestone.condition)) continue;
    const { held } = await milestoneBalance(tx, milestone.id);
    if (held <= 0) continue;
    const n = await countMilestoneEntries(tx, milestone.id, "release");
    const key = `release:${milestone.id}:${n + 1}`;
    const entry = await appendLedgerEntryOrThrow(tx, {
      orderId,
      milestoneId: milestone.id,
      kind: "release",
      amountCents: held,
      idempotencyKey: key,
      note,
    });
    await setMilestoneState(tx, milestone.id, milestone.state, "released");
    await queuePayout(tx, jobs, {
      kind: "release",
      ledgerEntryId: entry.id,
      idempotencyKey: key,
      amountCents: held,
      destination: order!.sellerId,
      chargeReference: null,
    });
    total += held;
  }
  return total;
}

/**
 * Refunds to the buyer up to `limitCents` (all when absent) of what the order holds, milestone by milestone in
 * position order; milestones never funded become void. Returns the cents refunded.
 */
export async function refundHeld(
  tx: Db,
  jobs: Jobs,
  orderId: string,
  note: string,
  limitCents?: number,
): Promise<number> {
  const order = await findOrder(tx, orderId);
  let left = limitCents ?? Number.MAX_SAFE_INTEGER;
  let total = 0;
  for (const milestone of await lockOrderMilestones(tx, orderId)) {
    const { held } = await milestoneBalance(tx, milestone.id);
    if (held <= 0) {
      if (limitCents === undefined && milestone.state === "awaiting_funds")
        await setMilestoneState(tx, milestone.id, "awaiting_funds", "void");
      continue;
    }
    const amount = Math.min(held, left);
    if (amount <= 0) continue;
    const n = await countMilestoneEntries(tx, milestone.id, "refund");
    const key = `refund:${milestone.id}:${n + 1}`;
    const [charge] = await tx
      .select({ reference: paymentCharges.providerReference })
      .from(paymentCharges)
      .where(and(eq(paymentCharges.milestoneId, milestone.id), eq(paymentCharges.status, "succeeded")))
      .limit(1);
    const entry = await appendLedgerEntryOrThrow(tx, {
      orderId,
      milestoneId: milestone.id,
      kind: "refund",
      amountCents: amount,
      idempotencyKey: key,
      providerReference: charge?.reference ?? null,
      note,
    });
    if (amount === held) await setMilestoneState(tx, milestone.id, milestone.state, "refunded");
    await queuePayout(tx, jobs, {
      kind: "refund",
      ledgerEntryId: entry.id,
      idempotencyKey: key,
      amountCents: amount,
      destination: order!.buyerId,
      chargeReference: charge?.reference ?? null,
    });
    left -= amount;
    total += amount;
  }
  return total;
}

/** Payouts reach the provider through the job queue, sent in the ledger's transaction: recorded money always moves, once (its idempotency key). */
async function queuePayout(tx: Db, jobs: Jobs, payout: JobData["payment-payout"]) {
  await jobs.send(tx, "payment-payout", payout);
}

type Jobs = Notifier["jobs"];

/** The job's work: carries out one release or refund at the provider, with the ledger entry's key. */
export async function carryOutPayout(provider: PaymentProvider, payout: JobData["payment-payout"]): Promise<void> {
  if (payout.kind === "release")
    await provider.transfer({
      idempotencyKey: payout.idempotencyKey,
      amountCents: payout.amountCents,
      destination: payout.destination,
    });
  else
    await provider.refund({
      idempotencyKey: payout.idempotencyKey,
      chargeReference: payout.chargeReference,
      amountCents: payout.amountCents,
    });
}

/**
 * Whether production may start: every milestone due on confirmation is held or released, and every letter of credit
 * has its reference recorded. Returns what is missing, or null.
 */
export async function advanceMissing(tx: Db, orderId: string): Promise<string | null> {
  const due = await tx
    .select({ condition: paymentMilestones.condition, state: paymentMilestones.state })
    .from(paymentMilestones)
    .where(
      and(
        eq(paymentMilestones.orderId, orderId),
        inArray(paymentMilestones.condition, ["on_confirmation", "letter_of_credit"]),
      ),
    );
  if (due.some((m) => m.condition === "letter_of_credit" && m.state !== "off_platform"))
    return "The buyer has not recorded the letter of credit yet: production starts once it is recorded";
  if (due.some((m) => m.condition === "on_confirmation" && m.state !== "held" && m.state !== "released"))
    return "The buyer has not funded the advance yet: production starts once it is held in escrow";
  return null;
}

export type RecordLetterOfCreditResult = {
  ok: boolean;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
};

/**
 * The buyer records the letter of credit that pays a milestone outside Setu (its issuing bank and number). Once,
 * on a confirmed order not yet shipped; the supplier is told. No money is recorded in the ledger.
 */
export async function recordLetterOfCredit(
  db: Db,
  actor: SessionUser,
  input: RecordLetterOfCreditInput,
  notifier: Notifier,
): Promise<RecordLetterOfCreditResult> {
  if (!isUuid(input.milestoneId)) return { ok: false, status: 404, message: "Payment not found" };
  return db.transaction(async (tx) => {
    const milestone = await lockMilestone(tx, input.milestoneId);
    const found = milestone ? await findOrder(tx, milestone.orderId) : null;
    const order = found?.buyerId === actor.id ? found : null;
    if (!milestone || !order) return { ok: false, status: 404, message: "Payment not found" };
    if (milestone.condition !== "letter_of_credit" || milestone.state !== "awaiting_funds")
      return { ok: false, status: 409, message: "This payment cannot be recorded as a letter of credit now" };
    if (!["confirmed", "in_production", "ready_to_ship"].includes(order.status))
      return { ok: false, status: 409, message: "This payment cannot be recorded as a letter of credit now" };
    await setMilestoneState(tx, milestone.id, "awaiting_funds", "off_platform", {
      offPlatformReference: input.lcReference,
    });
    await notify(tx, notifier, {
      userId: order.sellerId,
      kind: "order_status",
      title: "The buyer recorded the letter of credit",
      body: `Letter of credit for order ${order.id.slice(0, 8).toUpperCase()}: ${input.lcReference}. Check it with your bank before production starts.`,
      href: `/orders/${order.id}`,
      eventKey: `lc:${milestone.id}`,
      translated: {
        title: "emails:letterOfCredit.title",
        body: "emails:letterOfCredit.body",
        params: { reference: order.id.slice(0, 8).toUpperCase(), lc: input.lcReference },
      },
    });
    await publishOrderChange(tx, order);
    return { ok: true, status: 200, message: "Letter of credit recorded. The supplier has been told." };
  });
}

/** Milestones the buyer still has to fund, across their orders (for "action needed" lists). */
export async function milestonesToFund(db: Db, actor: SessionUser) {
  const orders = orderRows(db);
  return db
    .select({
      orderId: orders.id,
      milestoneId: paymentMilestones.id,
      label: paymentMilestones.label,
      amountCents: paymentMilestones.amountCents,
    })
    .from(paymentMilestones)
    .innerJoin(orders, eq(orders.id, paymentMilestones.orderId))
    .where(
      and(
        eq(orders.buyerId, actor.id),
        eq(paymentMilestones.state, "awaiting_funds"),
        inArray(orders.status, [...FUNDABLE_ORDER_STATUSES]),
      ),
    );
}

/** How many days before a net payment's due date the buyer is reminded; overdue payments are reminded once more. */
export const NET_REMINDER_DAYS = 3;
/** The reminder pass runs hourly, whichever instance comes first (each reminder is sent once: its event key). */
export const NET_REMINDER_CRON = "23 * * * *";

/**
 * Reminds buyers of net-term payments due within NET_REMINDER_DAYS, and once more when overdue: a notification and
 * an e-mail each, once per milestone and stage. Returns how many reminders were sent.
 */
export async function remindNetPaymentsDue(db: Db, notifier: Notifier, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + NET_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  const orders = orderRows(db);
  const dueAt = sql<Date>`${orders.deliveredAt} + ${paymentMilestones.dueDays} * interval '1 day'`;
  const due = await db
    .select({
      milestoneId: paymentMilestones.id,
      label: paymentMilestones.label,
      amountCents: paymentMilestones.amountCents,
      orderId: orders.id,
      buyerId: orders.buyerId,
      dueAt: sql<string>`(${dueAt})::text`,
    })
    .from(paymentMilestones)
    .innerJoin(orders, eq(orders.id, paymentMilestones.orderId))
    .where(
      and(
        eq(paymentMilestones.condition, "net_after_delivery"),
        eq(paymentMilestones.state, "awaiting_funds"),
        isNotNull(orders.deliveredAt),
        inArray(orders.status, [...FUNDABLE_ORDER_STATUSES]),
        // as text: postgres.js cannot bind a Date that Drizzle passes through a sql template
        sql`${dueAt} <= ${horizon.toISOString()}::timestamptz`,
      ),
    );
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const m of due) {
      const dueDate = calendarDateIn(m.dueAt, "UTC");
      const overdue = new Date(m.dueAt) <= now;
      const reference = m.orderId.slice(0, 8).toUpperCase();
      const title = overdue
        ? `Payment overdue: ${formatMoney(m.amountCents)} for order ${reference}`
        : `Payment due on ${dueDate}: ${formatMoney(m.amountCents)} for order ${reference}`;
      const body = `"${m.label}" (${formatMoney(m.amountCents)}) ${overdue ? "was" : "is"} due on ${dueDate} (UTC) under the order's net terms. Pay it into escrow on the order's page; it is released to the supplier when the inspection window has closed.`;
      const told = await notify(tx, notifier, {
        userId: m.buyerId,
        kind: "order_status",
        title,
        body,
        href: `/orders/${m.orderId}`,
        eventKey: reminderKey(m.milestoneId, overdue),
        email: { subject: title, text: body },
      });
      if (told) sent++;
    }
    return sent;
  });
}

function reminderKey(milestoneId: string, overdue: boolean) {
  return `net-due:${milestoneId}:${overdue ? "overdue" : "soon"}`;
}

/**
 * A milestone's label (PAYMENT_SCHEDULES' English, stored on the milestone) as a phrase of the `emails` namespace, for
 * a notice in the recipient's language (record 0058); a label the schedules do not have goes as it is.
 */
export function milestoneLabelPhrase(label: string): PhraseValue {
  const key = milestoneLabelKey(label);
  return key ? { key: `emails:milestone.label.${key}` } : label;
}
