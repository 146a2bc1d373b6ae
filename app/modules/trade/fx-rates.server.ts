import { and, desc, eq, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { fxRates } from "~/db/schema/trade";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { formatRateDate, FX_RATE_SOURCE_LABELS, trimRate, type FxRate, type FxRateInput } from "./fx-rates.schema";

/** A stored rate's source (null for none) as a scalar subquery on its id: a quote names the rate it was priced at. */
export function fxRateSourceOf(fxRateId: SQLWrapper): SQL<FxRate["source"] | null> {
  return nestedSql(
    sql<FxRate["source"] | null>`(select ${fxRates.source} from ${fxRates} where ${fxRates.id} = ${fxRateId})`,
  );
}

export type FxRateRow = FxRate & { note: string | null; createdAt: string };
export type FxRateResult =
  | { ok: true; message: string; value: { id: string } }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

/**
 * The INR/USD rate in force on a date ("YYYY-MM-DD"): the latest rate dated on or before it; of two on the
 * same date, the one recorded last. null when none is (the quote form then says to quote in USD).
 */
export async function rateInForce(db: Db, date: string): Promise<FxRate | null> {
  const [row] = await db
    .select({ id: fxRates.id, rateDate: fxRates.rateDate, inrPerUsd: fxRates.inrPerUsd, source: fxRates.source })
    .from(fxRates)
    .where(lte(fxRates.rateDate, date))
    .orderBy(desc(fxRates.rateDate), desc(fxRates.createdAt), desc(fxRates.id))
    .limit(1);
  return row ? { ...row, inrPerUsd: trimRate(row.inrPerUsd) } : null;
}

/** Every rate, newest first, for administrators; null for anyone else. */
export async function listFxRates(
  db: Db,
  actor: Pick<SessionUser, "isAdmin">,
  limit = 200,
): Promise<FxRateRow[] | null> {
  if (!actor.isAdmin) return null;
  const rows = await db
    .select()
    .from(fxRates)
    .orderBy(desc(fxRates.rateDate), desc(fxRates.createdAt), desc(fxRates.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    rateDate: r.rateDate,
    inrPerUsd: trimRate(r.inrPerUsd),
    source: r.source,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * An administrator records a rate (`input`: the form read by fxRateSchema). One rate per date and source; a rate
 * cannot be dated after today (UTC).
 */
export async function addFxRate(
  db: Db,
  actor: Pick<SessionUser, "id" | "isAdmin">,
  input: FxRateInput,
  now = new Date(),
): Promise<FxRateResult> {
  if (!actor.isAdmin) return { ok: false, status: 404, message: "Not found", fieldErrors: {} };
  if (input.rateDate > now.toISOString().slice(0, 10)) {
    const message = "A rate cannot be dated after today";
    return { ok: false, status: 400, message, fieldErrors: { rateDate: message } };
  }
  const inserted = await db
    .insert(fxRates)
    .values({
      rateDate: input.rateDate,
      inrPerUsd: input.inrPerUsd,
      source: input.source,
      note: input.note,
      createdBy: actor.id,
    })
    .onConflictDoNothing({ target: [fxRates.rateDate, fxRates.source] })
    .returning({ id: fxRates.id });
  if (inserted.length === 0) {
    const [existing] = await db
      .select({ inrPerUsd: fxRates.inrPerUsd })
      .from(fxRates)
      .where(and(eq(fxRates.rateDate, input.rateDate), eq(fxRates.source, input.source)))
      .limit(1);
    const message = `${FX_RATE_SOURCE_LABELS[input.source]} for ${formatRateDate(input.rateDate)} is already recorded${existing ? ` (₹${trimRate(existing.inrPerUsd)})` : ""}`;
    return { ok: false, status: 409, message, fieldErrors: { rateDate: message } };
  }
  return {
    ok: true,
    message: `Rate of ₹${trimRate(input.inrPerUsd)} = $1 for ${formatRateDate(input.rateDate)} added`,
    value: { id: inserted[0]!.id },
  };
}
