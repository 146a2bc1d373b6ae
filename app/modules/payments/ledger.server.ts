import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ledgerEntries, paymentMilestones } from "~/db/schema/payments";
import type { Balance, LedgerKind } from "./payments.schema";

export type LedgerEntryInput = {
  orderId: string;
  milestoneId: string;
  kind: LedgerKind;
  amountCents: number;
  idempotencyKey: string;
  providerReference?: string | null;
  note?: string | null;
};

export type LedgerWrite = { ok: true; id: string; duplicate: boolean } | { ok: false; message: string };

export class LedgerRefused extends Error {}

/** Sums the ledger into funded, released, refunded and held (funded − released − refunded). */
export function toBalance(sums: { kind: string; total: number }[]): Balance {
  const of = (kind: LedgerKind) => sums.filter((s) => s.kind === kind).reduce((a, s) => a + Number(s.total), 0);
  const funded = of("fund");
  const released = of("release");
  const refunded = of("refund");
  return { funded, released, refunded, held: funded - released - refunded };
}

/** A milestone's balance, derived from its ledger entries. */
export async function milestoneBalance(db: Db, milestoneId: string): Promise<Balance> {
  const sums = await db
    .select({
      kind: ledgerEntries.kind,
      total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.milestoneId, milestoneId))
    .groupBy(ledgerEntries.kind);
  return toBalance(sums);
}

/** An order's balance over all its milestones. */
export async function orderBalance(db: Db, orderId: string): Promise<Balance> {
  const sums = await db
    .select({
      kind: ledgerEntries.kind,
      total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.kind);
  return toBalance(sums);
}

/** The balances of several orders in one statement (an order with no entries has a zero balance). */
export async function orderBalances(db: Db, orderIds: string[]): Promise<Map<string, Balance>> {
  const sums =
    orderIds.length === 0
      ? []
      : await db
          .select({
            orderId: ledgerEntries.orderId,
            kind: ledgerEntries.kind,
            total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`.mapWith(Number),
          })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.orderId, orderIds))
          .groupBy(ledgerEntries.orderId, ledgerEntries.kind);
  return new Map(orderIds.map((id) => [id, toBalance(sums.filter((s) => s.orderId === id))]));
}

/** Locks a milestone's row for the rest of the transaction: every ledger write on it waits its turn. */
export async function lockMilestone(tx: Db, milestoneId: string) {
  const [row] = await tx.select().from(paymentMilestones).where(eq(paymentMilestones.id, milestoneId)).for("update");
  return row ?? null;
}

/** Locks all of an order's milestones, in position order (the same order everywhere, so two writers never deadlock). */
export async function lockOrderMilestones(tx: Db, orderId: string) {
  return tx
    .select()
    .from(paymentMilestones)
    .where(eq(paymentMilestones.orderId, orderId))
    .orderBy(asc(paymentMilestones.position))
    .for("update");
}

/**
 * The one way into the ledger. Under a lock on the milestone: an entry whose idempotency key exists is that entry
 * (nothing new is written); a fund may not take the funded total above the milestone's amount; a release or refund
 * may not exceed what is held. Must run inside the transaction of the change it records.
 */
export async function appendLedgerEntry(tx: Db, entry: LedgerEntryInput): Promise<LedgerWrite> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0)
    return { ok: false, message: "The amount must be a positive number of cents" };
  const milestone = await lockMilestone(tx, entry.milestoneId);
  if (!milestone || milestone.orderId !== entry.orderId) return { ok: false, message: "Milestone not found" };
  const [existing] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey))
    .limit(1);
  if (existing) return { ok: true, id: existing.id, duplicate: true };
  const balance = await milestoneBalance(tx, entry.milestoneId);
  if (entry.kind === "fund" && balance.funded + entry.amountCents > milestone.amountCents)
    return { ok: false, message: "This would fund more than the milestone's amount" };
  if (entry.kind !== "fund" && entry.amountCents > balance.held)
    return { ok: false, message: `Only ${balance.held} cents are held for this milestone` };
  const [inserted] = await tx
    .insert(ledgerEntries)
    .values({
      orderId: entry.orderId,
      milestoneId: entry.milestoneId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      idempotencyKey: entry.idempotencyKey,
      providerReference: entry.providerReference ?? null,
      note: entry.note ?? null,
    })
    .returning({ id: ledgerEntries.id });
  return { ok: true, id: inserted!.id, duplicate: false };
}

/** appendLedgerEntry for callers whose own checks make a refusal a bug: it rolls the transaction back. */
export async function appendLedgerEntryOrThrow(
  tx: Db,
  entry: LedgerEntryInput,
): Promise<{ id: string; duplicate: boolean }> {
  const result = await appendLedgerEntry(tx, entry);
  if (!result.ok) throw new LedgerRefused(result.message);
  return result;
}

/** The number of entries a milestone has, to number the next deterministic idempotency key. */
export async function countMilestoneEntries(tx: Db, milestoneId: string, kind: LedgerKind): Promise<number> {
  return tx.$count(ledgerEntries, and(eq(ledgerEntries.milestoneId, milestoneId), eq(ledgerEntries.kind, kind)));
}
