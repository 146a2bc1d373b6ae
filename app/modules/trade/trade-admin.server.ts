import { isUniqueViolation } from "~/db/postgres-errors";
import type { CommandResult } from "~/lib/command-result";
import { and, asc, desc, eq, gt, isNull, like, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { additionalDuties, dutyRates, freightRates, htsCodes, ports, tradeFees } from "~/db/schema/trade";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { HTS_IMPORT_MAX_BYTES, parseHtsExport } from "./hts-import.server";
import type {
  addAdditionalDutySchema,
  addDutyRateSchema,
  addFeeSchema,
  addFreightRateSchema,
  endRowSchema,
  importHtsSchema,
} from "./trade-admin.schema";

/**
 * Administrators keep the trade reference data (issue #21) at /admin/trade-data. Each change adds a dated row
 * (the newest start on or before a day wins) or gives an open row its last day: history is never rewritten, so an
 * estimate made last month can be explained with last month's figures. Every function checks the actor; each command
 * takes its form's values as the route parsed them with the form's schema (record 0039).
 */

const DUTY_ROWS_SHOWN = 100;

const notAdmin: CommandResult = { ok: false, status: 404, message: "Not found", fieldErrors: {} };

/** What the page shows: every fee row, the duty rows under an HS prefix (the newest first, a page of them), every additional duty and lane. */
export async function tradeDataOverview(db: Db, actor: SessionUser, hsFilter: string) {
  if (!actor.isAdmin) return null;
  const prefix = hsFilter.replace(/[^0-9]/g, "").slice(0, 10);
  const [fees, duties, dutyCount, extras, lanes, portList] = await Promise.all([
    db.select().from(tradeFees).orderBy(asc(tradeFees.kind), desc(tradeFees.effectiveFrom)),
    db
      .select()
      .from(dutyRates)
      .where(prefix ? like(dutyRates.hsPrefix, `${prefix}%`) : undefined)
      .orderBy(asc(dutyRates.hsPrefix), desc(dutyRates.effectiveFrom))
      .limit(DUTY_ROWS_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dutyRates)
      .where(prefix ? like(dutyRates.hsPrefix, `${prefix}%`) : undefined),
    db.select().from(additionalDuties).orderBy(desc(additionalDuties.effectiveFrom), asc(additionalDuties.description)),
    db
      .select()
      .from(freightRates)
      .orderBy(
        asc(freightRates.originPort),
        asc(freightRates.destinationPort),
        asc(freightRates.mode),
        desc(freightRates.effectiveFrom),
      ),
    db.select().from(ports).orderBy(asc(ports.country), asc(ports.code)),
  ]);
  return {
    fees: fees.map(({ updatedAt, updatedBy: _by, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })),
    duties,
    dutyCount: Number(dutyCount[0]?.n ?? 0),
    dutyFilter: prefix,
    extras,
    lanes,
    ports: portList,
  };
}

export async function addFee(db: Db, actor: SessionUser, v: z.output<typeof addFeeSchema>): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  try {
    await db.insert(tradeFees).values({
      kind: v.kind,
      ratePercent: v.ratePercent,
      minCents: v.min,
      maxCents: v.max,
      effectiveFrom: v.effectiveFrom,
      source: v.source,
      updatedBy: actor.id,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = "A row for this fee already starts on that day: choose another day";
    return { ok: false, status: 409, message, fieldErrors: { effectiveFrom: message } };
  }
  return { ok: true, message: "Fee added: it applies from its first day", value: undefined };
}

export async function addDutyRate(
  db: Db,
  actor: SessionUser,
  v: z.output<typeof addDutyRateSchema>,
): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  try {
    await db.insert(dutyRates).values({ ...v, asOf: v.effectiveFrom });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = "This HS prefix already has a rate starting on that day";
    return { ok: false, status: 409, message, fieldErrors: { effectiveFrom: message } };
  }
  return { ok: true, message: `Duty rate for ${v.hsPrefix} added`, value: undefined };
}

export async function addAdditionalDuty(
  db: Db,
  actor: SessionUser,
  v: z.output<typeof addAdditionalDutySchema>,
): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  await db.insert(additionalDuties).values({ ...v, hsPrefix: v.hsPrefix || null, originCountry: "IN" });
  return { ok: true, message: "Additional duty added", value: undefined };
}

/** Gives an open duty row (general or additional) its end: the first day it no longer applies. */
export async function endDutyRow(
  db: Db,
  actor: SessionUser,
  { id, effectiveTo }: z.output<typeof endRowSchema>,
  table: "duty" | "additional",
): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  const t = table === "duty" ? dutyRates : additionalDuties;
  const ended = await db
    .update(t)
    .set({ effectiveTo })
    .where(and(eq(t.id, id), isNull(t.effectiveTo), gt(sql`${effectiveTo}::date`, t.effectiveFrom)))
    .returning({ id: t.id });
  if (ended.length === 0) {
    const message = "Only a row without an end can be ended, on a day after it starts";
    return { ok: false, status: 409, message, fieldErrors: { effectiveTo: message } };
  }
  return { ok: true, message: "Row ended: it no longer applies from that day", value: undefined };
}

export async function addFreightRate(
  db: Db,
  actor: SessionUser,
  v: z.output<typeof addFreightRateSchema>,
): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  const known = await db
    .select({ code: ports.code, country: ports.country })
    .from(ports)
    .where(sql`${ports.code} in (${v.originPort}, ${v.destinationPort})`);
  const country = new Map(known.map((k) => [k.code, k.country]));
  if (country.get(v.originPort) !== "IN")
    return {
      ok: false,
      status: 400,
      message: "Choose an Indian port of origin",
      fieldErrors: { originPort: "Choose an Indian port of origin" },
    };
  if (country.get(v.destinationPort) !== "US")
    return {
      ok: false,
      status: 400,
      message: "Choose a US port of destination",
      fieldErrors: { destinationPort: "Choose a US port of destination" },
    };
  try {
    await db.insert(freightRates).values({
      originPort: v.originPort,
      destinationPort: v.destinationPort,
      mode: v.mode,
      perKgCents: v.perKg,
      perContainerCents: v.perContainer,
      containerPayloadKg: v.containerPayloadKg,
      transitDays: v.transitDays,
      effectiveFrom: v.effectiveFrom,
      source: v.source,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = "This lane already has a rate starting on that day";
    return { ok: false, status: 409, message, fieldErrors: { effectiveFrom: message } };
  }
  return {
    ok: true,
    message: `Freight rate ${v.originPort} → ${v.destinationPort} by ${v.mode} added`,
    value: undefined,
  };
}

/**
 * Imports the USITC HTS export's general rates as duty rows starting on the given day (a row of the same prefix
 * and day is replaced: importing one file twice changes nothing). One transaction: all or nothing. `file` is the
 * posted file (null when the form posted none, or text in its place).
 */
export async function importHtsRates(
  db: Db,
  actor: SessionUser,
  { effectiveFrom, source }: z.output<typeof importHtsSchema>,
  file: File | null,
): Promise<CommandResult> {
  if (!actor.isAdmin) return notAdmin;
  if (!file || file.size === 0)
    return {
      ok: false,
      status: 400,
      message: "Choose the HTS export file (CSV or JSON)",
      fieldErrors: { file: "Choose the HTS export file (CSV or JSON)" },
    };
  if (file.size > HTS_IMPORT_MAX_BYTES) {
    const message = `The file is larger than ${HTS_IMPORT_MAX_BYTES / 1024 / 1024} MB: export a few chapters at a time`;
    return { ok: false, status: 413, message, fieldErrors: { file: message } };
  }
  const parsed = parseHtsExport(await file.text());
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, fieldErrors: { file: parsed.message } };
  if (parsed.rates.length === 0 && parsed.lines.length === 0) {
    const message = `No ad valorem rate to import (${parsed.skippedSpecific} specific or compound, ${parsed.skippedNoRate} without a rate of their own)`;
    return { ok: false, status: 400, message, fieldErrors: { file: message } };
  }
  await db.transaction(async (tx) => {
    // every 10-digit line, rate or not: the numbers products and quotes may state
    for (let i = 0; i < parsed.lines.length; i += 1000) {
      await tx
        .insert(htsCodes)
        .values(parsed.lines.slice(i, i + 1000).map((l) => ({ ...l, source, asOf: effectiveFrom })))
        .onConflictDoUpdate({
          target: htsCodes.code,
          set: { description: sql`excluded.description`, source: sql`excluded.source`, asOf: sql`excluded.as_of` },
        });
    }
    for (let i = 0; i < parsed.rates.length; i += 1000) {
      await tx
        .insert(dutyRates)
        .values(parsed.rates.slice(i, i + 1000).map((r) => ({ ...r, effectiveFrom, source, asOf: effectiveFrom })))
        .onConflictDoUpdate({
          target: [dutyRates.hsPrefix, dutyRates.effectiveFrom],
          set: {
            description: sql`excluded.description`,
            ratePercent: sql`excluded.rate_percent`,
            source: sql`excluded.source`,
            asOf: sql`excluded.as_of`,
          },
        });
    }
  });
  const skipped =
    parsed.skippedSpecific > 0
      ? ` Skipped ${parsed.skippedSpecific} lines with specific or compound rates (${parsed.examples.join("; ")}).`
      : "";
  const invalid = parsed.skippedInvalid > 0 ? ` ${parsed.skippedInvalid} lines had no valid HTS number.` : "";
  return {
    ok: true,
    message: `Imported ${parsed.rates.length} duty rates from ${effectiveFrom} and ${parsed.lines.length} 10-digit HTSUS lines.${skipped}${invalid} ${parsed.skippedNoRate} lines had no rate of their own.`,
    value: undefined,
  };
}
