import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { additionalDuties, dutyRates, freightRates, ports, tradeFees, usZipPorts } from "~/db/schema/trade";
import {
  estimateLandedCost,
  type AdditionalDutyRow,
  type DutyRateRow,
  type FeeRate,
  type FreightLane,
  type LandedCostEstimate,
  type LandedCostInput,
} from "./landed-cost";
import type { ShipMode } from "./trade-terms.schema";
import {
  destinationFor,
  laneKey,
  originFor,
  resolveUsPort,
  type Port,
  type UsPortMatch,
  type ZipPortRange,
} from "./us-port";

/**
 * Reads of the trade reference tables (issue #21) for landed-cost estimates: what is in force on a day, in a
 * fixed number of statements whatever the number of quotes or HS codes.
 */

export type FeesInForce = { mpf: FeeRate | null; hmf: FeeRate | null; insurance: FeeRate | null };

/** 'YYYY-MM-DD' of an instant, in UTC: the day rates must be in force on. */
export function tradeDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A row is in force on a day from its effective_from (inclusive) to its effective_to (exclusive, if any). */
function inForceOn(table: { effectiveFrom: AnyPgColumn; effectiveTo: AnyPgColumn }, date: string) {
  return and(lte(table.effectiveFrom, date), or(isNull(table.effectiveTo), gt(table.effectiveTo, date)));
}

/** MPF, HMF and the insurance rate in force on the date: per kind, the row with the latest start on or before it. One statement. */
export async function feesInForce(db: Db, date: string): Promise<FeesInForce> {
  const rows = await db
    .selectDistinctOn([tradeFees.kind], {
      kind: tradeFees.kind,
      ratePercent: tradeFees.ratePercent,
      minCents: tradeFees.minCents,
      maxCents: tradeFees.maxCents,
      source: tradeFees.source,
      effectiveFrom: tradeFees.effectiveFrom,
    })
    .from(tradeFees)
    .where(inForceOn(tradeFees, date))
    .orderBy(tradeFees.kind, desc(tradeFees.effectiveFrom));
  const fees: FeesInForce = { mpf: null, hmf: null, insurance: null };
  for (const { kind, ...fee } of rows) fees[kind] = fee;
  return fees;
}

/** Every prefix (2 to 10 digits) of the HS codes: the rows that can match them. */
export function hsPrefixes(hsCodes: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const code of hsCodes)
    if (code && /^[0-9]{6,10}$/.test(code)) for (let n = 2; n <= code.length; n++) out.add(code.slice(0, n));
  return [...out];
}

/** The general duty rates in force on the date for any prefix of the codes (the longest is chosen per code later). One statement. */
export async function dutyRatesFor(
  db: Db,
  hsCodes: Iterable<string | null | undefined>,
  date: string,
): Promise<DutyRateRow[]> {
  const prefixes = hsPrefixes(hsCodes);
  if (prefixes.length === 0) return [];
  return db
    .select({
      hsPrefix: dutyRates.hsPrefix,
      description: dutyRates.description,
      ratePercent: dutyRates.ratePercent,
      effectiveFrom: dutyRates.effectiveFrom,
      effectiveTo: dutyRates.effectiveTo,
      source: dutyRates.source,
      asOf: dutyRates.asOf,
    })
    .from(dutyRates)
    .where(and(inArray(dutyRates.hsPrefix, prefixes), inForceOn(dutyRates, date)));
}

/** The additional duties on goods of the origin in force on the date. One statement. */
export async function additionalDutiesInForce(
  db: Db,
  date: string,
  originCountry = "IN",
): Promise<AdditionalDutyRow[]> {
  return db
    .select({
      hsPrefix: additionalDuties.hsPrefix,
      excludedHsPrefixes: additionalDuties.excludedHsPrefixes,
      ratePercent: additionalDuties.ratePercent,
      description: additionalDuties.description,
      effectiveFrom: additionalDuties.effectiveFrom,
      effectiveTo: additionalDuties.effectiveTo,
      source: additionalDuties.source,
    })
    .from(additionalDuties)
    .where(and(eq(additionalDuties.originCountry, originCountry), inForceOn(additionalDuties, date)))
    .orderBy(asc(additionalDuties.effectiveFrom), asc(additionalDuties.description));
}

/** The ports and the ZIP-to-port table (a few dozen rows each). Two statements. */
export async function portTables(db: Db): Promise<{ ports: Port[]; zips: ZipPortRange[] }> {
  const [portRows, zips] = await Promise.all([
    db.select().from(ports).orderBy(ports.code),
    db
      .select({ zip3From: usZipPorts.zip3From, zip3To: usZipPorts.zip3To, portCode: usZipPorts.portCode })
      .from(usZipPorts)
      .orderBy(usZipPorts.zip3From),
  ]);
  return { ports: portRows, zips };
}

export type LaneRequest = { origin: string; destination: string; mode: ShipMode };

/** The freight rate of each lane in force on the date (the latest on or before it), all lanes in one statement. */
export async function lanesFor(db: Db, requests: LaneRequest[], date: string): Promise<Map<string, FreightLane>> {
  const unique = [...new Map(requests.map((r) => [laneKey(r.origin, r.destination, r.mode), r])).values()];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([freightRates.originPort, freightRates.destinationPort, freightRates.mode], {
      originPort: freightRates.originPort,
      destinationPort: freightRates.destinationPort,
      mode: freightRates.mode,
      perKgCents: freightRates.perKgCents,
      perContainerCents: freightRates.perContainerCents,
      containerPayloadKg: freightRates.containerPayloadKg,
      transitDays: freightRates.transitDays,
      effectiveFrom: freightRates.effectiveFrom,
      source: freightRates.source,
    })
    .from(freightRates)
    .where(
      and(
        sql`(${freightRates.originPort}, ${freightRates.destinationPort}, ${freightRates.mode}) in (${sql.join(
          unique.map((r) => sql`(${r.origin}, ${r.destination}, ${r.mode})`),
          sql`, `,
        )})`,
        lte(freightRates.effectiveFrom, date),
      ),
    )
    .orderBy(
      freightRates.originPort,
      freightRates.destinationPort,
      freightRates.mode,
      desc(freightRates.effectiveFrom),
    );
  return new Map(rows.map((row) => [laneKey(row.originPort, row.destinationPort, row.mode), row]));
}

/** Everything an estimate needs that does not depend on the lane: five statements, whatever the number of HS codes. */
export type TradeTables = {
  date: string;
  ports: Port[];
  zips: ZipPortRange[];
  fees: FeesInForce;
  dutyRates: DutyRateRow[];
  additionalDuties: AdditionalDutyRow[];
};

export async function tradeTables(
  db: Db,
  hsCodes: Iterable<string | null | undefined>,
  date: string,
): Promise<TradeTables> {
  const [portData, fees, duties, extras] = await Promise.all([
    portTables(db),
    feesInForce(db, date),
    dutyRatesFor(db, hsCodes, date),
    additionalDutiesInForce(db, date),
  ]);
  return { date, ...portData, fees, dutyRates: duties, additionalDuties: extras };
}

/** One shipment to estimate: its terms, and the US port the buyer's goods go to. */
export type ShipmentTerms = Pick<
  LandedCostInput,
  "incoterm" | "shipMode" | "quantity" | "goodsValueCents" | "unitWeightGrams" | "hsCode" | "buyerFreightCents"
> & {
  /** the quote's port: an Indian port of loading (FOB, FCA), or a US port (CIF) */
  incotermPort: string | null;
  /** the US port of the buyer's delivery location */
  usPort: string;
};

export type PlannedRoute = { origin: string; originDefaulted: boolean; destination: string; mode: ShipMode };

/**
 * The lane the estimate prices: from the quote's Indian port (or DEFAULT_ORIGIN_PORT: EXW at a factory, CIF, DAP,
 * DDP) to the US port (a CIF quote's own port of destination; otherwise the buyer's), or their airports by air.
 */
export function planRoute(terms: ShipmentTerms, tables: Pick<TradeTables, "ports">): PlannedRoute {
  const quotePort = terms.incotermPort ? tables.ports.find((p) => p.code === terms.incotermPort) : undefined;
  const origin = originFor(quotePort?.country === "IN" ? quotePort.code : null, terms.shipMode, tables.ports);
  const usPort = terms.incoterm === "CIF" && quotePort?.country === "US" ? quotePort.code : terms.usPort;
  return {
    origin: origin.code,
    originDefaulted: origin.defaulted,
    destination: destinationFor(usPort, terms.shipMode, tables.ports),
    mode: terms.shipMode,
  };
}

export function estimateShipment(
  terms: ShipmentTerms,
  route: PlannedRoute,
  tables: TradeTables,
  lanes: Map<string, FreightLane>,
): LandedCostEstimate {
  return estimateLandedCost({
    incoterm: terms.incoterm,
    shipMode: terms.shipMode,
    quantity: terms.quantity,
    goodsValueCents: terms.goodsValueCents,
    unitWeightGrams: terms.unitWeightGrams,
    hsCode: terms.hsCode,
    lane: lanes.get(laneKey(route.origin, route.destination, route.mode)) ?? null,
    buyerFreightCents: terms.buyerFreightCents,
    insurance: tables.fees.insurance,
    mpf: tables.fees.mpf,
    hmf: tables.fees.hmf,
    dutyRates: tables.dutyRates,
    additionalDuties: tables.additionalDuties,
    date: tables.date,
  });
}

/** The US port of a delivery location, or the RFQ's stated port when it has one. */
export function usPortOf(
  location: string,
  statedPort: string | null,
  tables: Pick<TradeTables, "ports" | "zips">,
): UsPortMatch {
  if (statedPort && tables.ports.some((p) => p.code === statedPort && p.country === "US"))
    return { code: statedPort, how: "port", matched: statedPort };
  return resolveUsPort(location, tables.ports, tables.zips);
}

export function portName(code: string, tables: Pick<TradeTables, "ports">): string {
  return tables.ports.find((p) => p.code === code)?.name ?? code;
}

/** Where each figure comes from and since when, to print under an estimate. */
export type ReferenceSource = { label: string; source: string; since: string; dateKind: "since" | "as of" };

export function referenceSources(
  tables: TradeTables,
  lanes: { source: string; effectiveFrom: string }[],
): ReferenceSource[] {
  const out: ReferenceSource[] = [];
  const { mpf, hmf, insurance } = tables.fees;
  if (mpf)
    out.push({ label: "Merchandise Processing Fee", source: mpf.source, since: mpf.effectiveFrom, dateKind: "since" });
  if (hmf)
    out.push({ label: "Harbor Maintenance Fee", source: hmf.source, since: hmf.effectiveFrom, dateKind: "since" });
  if (insurance)
    out.push({ label: "Cargo insurance", source: insurance.source, since: insurance.effectiveFrom, dateKind: "since" });
  const asOf = tables.dutyRates.reduce<string | null>(
    (latest, d) => (latest === null || d.asOf > latest ? d.asOf : latest),
    null,
  );
  if (asOf)
    out.push({
      label: "US duty rates",
      source: [...new Set(tables.dutyRates.map((d) => d.source))].slice(0, 2).join("; "),
      since: asOf,
      dateKind: "as of",
    });
  for (const lane of new Map(lanes.map((l) => [l.source + l.effectiveFrom, l])).values())
    out.push({ label: "Freight", source: lane.source, since: lane.effectiveFrom, dateKind: "since" });
  return out;
}
