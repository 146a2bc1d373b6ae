import { divideRoundHalfAwayFromZero, inrPaiseToUsdCents, unitFromTotal } from "~/lib/money-minor";
import type { Incoterm, ShipMode } from "./trade-terms-values";

/**
 * Landed-cost arithmetic (issue #21): what a US buyer pays on top of a quoted price to get the goods into the
 * USA under the quote's Incoterm. Pure and browser-safe; every amount is an integer number of US cents.
 *
 * Percentages arrive as the database's decimal strings ("0.3464", "6.7") and are applied in scaled-integer
 * (BigInt) arithmetic: no float ever touches money. The one rounding rule (money's, ~/lib/money-minor): **each
 * line is rounded to the nearest cent, halves up, once** (a percentage of its base, a conversion, the per-unit
 * figure); totals are sums of rounded lines.
 *
 * Who pays what, by Incoterm (the buyer's share):
 * - EXW, FCA, FOB: main freight to the US port, cargo insurance, duty, MPF, HMF. EXW/FCA: costs in India
 *   before the main carriage (pick-up, export clearance, loading) are NOT included, and the estimate says so.
 * - CIF: duty, MPF, HMF. The US customs value is the transaction value without the international freight and
 *   insurance (19 U.S.C. 1401a), so the freight and insurance estimate is deducted from the CIF price; the
 *   deduction is capped at half the price (the customs value is never below half of it): a larger
 *   estimate more likely means the estimate is off than that freight cost more than the goods.
 * - DAP: duty, MPF, HMF, on a customs value found as for CIF (the DAP price includes the freight too).
 * - DDP: nothing: the supplier pays freight, duty and fees.
 * Always left out, and said: US customs broker fees and, except under DAP/DDP, delivery from the US port.
 */

/** A fee's or duty's rate as stored: a decimal percentage string ("0.3464" is 0.3464 %). */
export type PercentString = string;

export type FeeRate = {
  ratePercent: PercentString;
  minCents: number | null;
  maxCents: number | null;
  source: string;
  effectiveFrom: string;
};

export type DutyRateRow = {
  hsPrefix: string;
  description: string;
  ratePercent: PercentString;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: string;
  asOf: string;
};

export type AdditionalDutyRow = {
  hsPrefix: string | null;
  excludedHsPrefixes: string[];
  ratePercent: PercentString;
  description: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: string;
};

export type FreightLane = {
  originPort: string;
  destinationPort: string;
  mode: ShipMode;
  perKgCents: number | null;
  perContainerCents: number | null;
  containerPayloadKg: number | null;
  transitDays: number;
  effectiveFrom: string;
  source: string;
};

export type LandedCostInput = {
  incoterm: Incoterm;
  shipMode: ShipMode;
  /** units shipped */
  quantity: number;
  /** the quoted price of the whole quantity in USD cents (unit price × quantity) */
  goodsValueCents: number;
  unitWeightGrams: number | null;
  hsCode: string | null;
  /** the lane's rate (null: no lane in the table) */
  lane: FreightLane | null;
  /** the buyer's own freight figure for the whole shipment, in cents; used instead of the lane's */
  buyerFreightCents?: number | null;
  insurance: FeeRate | null;
  mpf: FeeRate | null;
  hmf: FeeRate | null;
  /** general duty rates (any prefixes: the longest matching one in force on `date` is chosen) */
  dutyRates: DutyRateRow[];
  additionalDuties: AdditionalDutyRow[];
  /** 'YYYY-MM-DD': the day the rates must be in force */
  date: string;
};

export type DutyLine = {
  kind: "general" | "additional";
  description: string;
  ratePercent: PercentString;
  /** the HS prefix the rate is for (null: every HS code) */
  hsPrefix: string | null;
  amountCents: number;
  source: string;
  /** the day the rate table was checked against its source (general rates) */
  asOf: string | null;
};

export type FreightEstimate = {
  amountCents: number;
  /** how it was found: the buyer's own figure, per kg, or by the container */
  basis: "buyer" | "per-kg" | "containers";
  chargeableKg: number | null;
  containers: number | null;
  lane: FreightLane | null;
};

export type MissingInput =
  "hs-code" | "duty-rate" | "weight" | "freight-lane" | "mpf-rate" | "hmf-rate" | "insurance-rate";

export type LandedCostEstimate = {
  incoterm: Incoterm;
  shipMode: ShipMode;
  quantity: number;
  goodsValueCents: number;
  /** the value duty, MPF and HMF are charged on (for CIF/DAP: the price less freight and insurance) */
  customsValueCents: number;
  /** null: the buyer does not pay it under this Incoterm, or it could not be estimated (see `missing`) */
  freight: FreightEstimate | null;
  insuranceCents: number | null;
  duties: DutyLine[];
  dutyCents: number;
  mpfCents: number | null;
  hmfCents: number | null;
  /** freight + insurance + duty + MPF + HMF: what the buyer pays on top of the price */
  extrasCents: number;
  totalCents: number;
  perUnitCents: number;
  /** always true: every figure is an estimate */
  estimate: true;
  /** false when a part the buyer pays could not be estimated: the total is then too low */
  complete: boolean;
  missing: MissingInput[];
  notes: string[];
  rates: { insurance: FeeRate | null; mpf: FeeRate | null; hmf: FeeRate | null };
};

/** Marine cargo insurance is bought on 110 % of the CIF value (the Institute Cargo Clauses' customary minimum). */
export const INSURED_SHARE_PERCENT = 110n;
/** The customs value of a CIF/DAP quote is never taken below this share of the quoted price. */
export const CUSTOMS_VALUE_FLOOR_PERCENT = 50n;

const PERCENT_SCALE = 1_000_000n; // six decimals: the database keeps four

const BUYER_PAYS: Record<Incoterm, { freight: boolean; duty: boolean }> = {
  EXW: { freight: true, duty: true },
  FCA: { freight: true, duty: true },
  FOB: { freight: true, duty: true },
  CIF: { freight: false, duty: true },
  DAP: { freight: false, duty: true },
  DDP: { freight: false, duty: false },
};

/** "6.7" → 6_700_000n (percent × 10⁶). Throws on anything that is not a non-negative decimal. */
export function percentToScaled(percent: PercentString): bigint {
  const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(percent);
  if (!match) throw new Error(`Not a percentage: ${percent}`);
  const fraction = (match[2] ?? "").padEnd(6, "0");
  if (/[1-9]/.test(fraction.slice(6))) throw new Error(`A percentage has at most 6 decimals: ${percent}`);
  return BigInt(match[1]!) * PERCENT_SCALE + BigInt(fraction.slice(0, 6));
}

/**
 * n ÷ d to the nearest integer, halves up: money's one rounding rule (~/lib/money-minor, half away from zero, the
 * same for the non-negative amounts here), under the name this module's callers know.
 */
export const divideRoundHalfUp = divideRoundHalfAwayFromZero;

/** `percent` % of `cents`, to the nearest cent, halves up. */
export function percentOf(cents: number, percent: PercentString): number {
  return Number(divideRoundHalfUp(BigInt(cents) * percentToScaled(percent), 100n * PERCENT_SCALE));
}

/** A fee with its bounds: the percentage of the base, raised to the minimum and lowered to the maximum. */
export function boundedFee(baseCents: number, fee: FeeRate): number {
  let amount = percentOf(baseCents, fee.ratePercent);
  if (fee.minCents !== null && amount < fee.minCents) amount = fee.minCents;
  if (fee.maxCents !== null && amount > fee.maxCents) amount = fee.maxCents;
  return amount;
}

/** Rupees in paise to US cents at a stored rate: money's one conversion (~/lib/money-minor), for this module's callers. */
export { inrPaiseToUsdCents };

function inForce(row: { effectiveFrom: string; effectiveTo: string | null }, date: string) {
  return row.effectiveFrom <= date && (row.effectiveTo === null || row.effectiveTo > date);
}

/** The general rate for an HS code: of the rows in force on the date, the longest prefix of the code (then the latest). */
export function generalDutyRate(hsCode: string, rows: DutyRateRow[], date: string): DutyRateRow | null {
  let best: DutyRateRow | null = null;
  for (const row of rows) {
    if (!hsCode.startsWith(row.hsPrefix) || !inForce(row, date)) continue;
    if (
      !best ||
      row.hsPrefix.length > best.hsPrefix.length ||
      (row.hsPrefix.length === best.hsPrefix.length && row.effectiveFrom > best.effectiveFrom)
    )
      best = row;
  }
  return best;
}

/** The additional duties on an HS code: in force, for every code or a prefix of it, and not excluded by any listed prefix. */
export function applicableAdditionalDuties(
  hsCode: string,
  rows: AdditionalDutyRow[],
  date: string,
): AdditionalDutyRow[] {
  return rows.filter(
    (row) =>
      inForce(row, date) &&
      (row.hsPrefix === null || hsCode.startsWith(row.hsPrefix)) &&
      !row.excludedHsPrefixes.some((excluded) => hsCode.startsWith(excluded)),
  );
}

/**
 * Main-carriage freight for the shipment from the lane's rates: per chargeable kg (the total weight rounded up
 * to a whole kg) and, by ocean, by the 40-foot container (containers = ⌈total kg ÷ payload⌉), whichever is
 * cheaper. Null when a weight or the lane is missing.
 */
export function laneFreight(lane: FreightLane, unitWeightGrams: number, quantity: number): FreightEstimate | null {
  const grams = BigInt(unitWeightGrams) * BigInt(quantity);
  const chargeableKg = (grams + 999n) / 1000n;
  const options: FreightEstimate[] = [];
  if (lane.perKgCents !== null)
    options.push({
      amountCents: Number(chargeableKg * BigInt(lane.perKgCents)),
      basis: "per-kg",
      chargeableKg: Number(chargeableKg),
      containers: null,
      lane,
    });
  if (lane.mode === "ocean" && lane.perContainerCents !== null && lane.containerPayloadKg) {
    const payloadGrams = BigInt(lane.containerPayloadKg) * 1000n;
    const containers = (grams + payloadGrams - 1n) / payloadGrams;
    options.push({
      amountCents: Number(containers * BigInt(lane.perContainerCents)),
      basis: "containers",
      chargeableKg: Number(chargeableKg),
      containers: Number(containers),
      lane,
    });
  }
  if (options.length === 0) return null;
  return options.reduce((a, b) => (b.amountCents < a.amountCents ? b : a));
}

/** Insurance premium: rate × 110 % of the insured value (goods + freight), one rounding. */
function insurancePremium(insuredCents: number, insurance: FeeRate): number {
  const base = BigInt(insuredCents) * INSURED_SHARE_PERCENT;
  return Number(divideRoundHalfUp(base * percentToScaled(insurance.ratePercent), 100n * 100n * PERCENT_SCALE));
}

export function estimateLandedCost(input: LandedCostInput): LandedCostEstimate {
  const { incoterm, shipMode, quantity, goodsValueCents } = input;
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new Error("quantity must be a positive whole number");
  if (!Number.isSafeInteger(goodsValueCents) || goodsValueCents < 0)
    throw new Error("goods value must be a non-negative whole number of cents");
  const pays = BUYER_PAYS[incoterm];
  const missing = new Set<MissingInput>();
  const notes: string[] = [];

  // freight and insurance from India to the US port: paid by the buyer (EXW/FCA/FOB), or inside the price (CIF/DAP)
  let freight: FreightEstimate | null = null;
  let insuranceCents: number | null = null;
  if (incoterm !== "DDP") {
    if (input.buyerFreightCents !== null && input.buyerFreightCents !== undefined) {
      freight = {
        amountCents: input.buyerFreightCents,
        basis: "buyer",
        chargeableKg: null,
        containers: null,
        lane: input.lane,
      };
    } else if (!input.lane) {
      missing.add("freight-lane");
    } else if (!input.unitWeightGrams) {
      missing.add("weight");
    } else {
      freight = laneFreight(input.lane, input.unitWeightGrams, quantity);
      if (!freight) missing.add("freight-lane");
    }
    // insured value: the goods and freight (a CIF or DAP price already holds its freight)
    if (input.insurance)
      insuranceCents = insurancePremium(
        goodsValueCents + (pays.freight ? (freight?.amountCents ?? 0) : 0),
        input.insurance,
      );
    else missing.add("insurance-rate");
  }

  // the customs value: the price, less the international freight and insurance a CIF or DAP price includes
  let customsValueCents = goodsValueCents;
  if (incoterm === "CIF" || incoterm === "DAP") {
    const floor = Number(divideRoundHalfUp(BigInt(goodsValueCents) * CUSTOMS_VALUE_FLOOR_PERCENT, 100n));
    if (freight) {
      const deducted = goodsValueCents - freight.amountCents - (insuranceCents ?? 0);
      customsValueCents = Math.max(floor, deducted);
      notes.push(
        deducted < floor
          ? "Customs value: half the quoted price (the freight and insurance estimate is more than half the price, so it was not deducted in full)."
          : `Customs value: the ${incoterm} price less the estimated freight and insurance (US duty is charged on the value before international freight).`,
      );
    } else {
      notes.push(
        `Customs value: the full ${incoterm} price, as the freight in it could not be estimated; duty and fees may be overstated.`,
      );
    }
  }

  // duty, MPF and HMF on the customs value: paid by the buyer unless DDP
  const duties: DutyLine[] = [];
  let mpfCents: number | null = null;
  let hmfCents: number | null = null;
  if (pays.duty) {
    if (!input.hsCode) {
      missing.add("hs-code");
    } else {
      const general = generalDutyRate(input.hsCode, input.dutyRates, input.date);
      if (general)
        duties.push({
          kind: "general",
          description: general.description,
          ratePercent: general.ratePercent,
          hsPrefix: general.hsPrefix,
          amountCents: percentOf(customsValueCents, general.ratePercent),
          source: general.source,
          asOf: general.asOf,
        });
      else missing.add("duty-rate");
      for (const extra of applicableAdditionalDuties(input.hsCode, input.additionalDuties, input.date)) {
        duties.push({
          kind: "additional",
          description: extra.description,
          ratePercent: extra.ratePercent,
          hsPrefix: extra.hsPrefix,
          amountCents: percentOf(customsValueCents, extra.ratePercent),
          source: extra.source,
          asOf: null,
        });
      }
    }
    if (input.mpf) mpfCents = boundedFee(customsValueCents, input.mpf);
    else missing.add("mpf-rate");
    if (shipMode === "ocean") {
      if (input.hmf) hmfCents = boundedFee(customsValueCents, input.hmf);
      else missing.add("hmf-rate");
    }
  }

  if (incoterm === "EXW" || incoterm === "FCA")
    notes.push("Costs in India before the main carriage (pick-up, export clearance, loading) are not included.");
  if (pays.freight || incoterm === "CIF")
    notes.push("Delivery from the US port to your door and US port charges are not included.");
  if (pays.duty) notes.push("A customs broker's fees are not included. A formal entry is assumed.");
  if (incoterm === "DDP") notes.push("Delivered duty paid: the supplier pays freight, duty and fees.");
  if (shipMode === "air" && pays.duty) notes.push("By air: no Harbor Maintenance Fee.");

  const paidFreight = pays.freight ? (freight?.amountCents ?? 0) : 0;
  const paidInsurance = pays.freight ? (insuranceCents ?? 0) : 0;
  const dutyCents = duties.reduce((sum, d) => sum + d.amountCents, 0);
  const extrasCents = paidFreight + paidInsurance + dutyCents + (mpfCents ?? 0) + (hmfCents ?? 0);
  const totalCents = goodsValueCents + extrasCents;
  // what is missing only matters where the buyer pays it (a CIF quote without weight still has its duty)
  const counts = [...missing].filter((m) =>
    m === "weight" || m === "freight-lane" || m === "insurance-rate" ? pays.freight : true,
  );
  return {
    incoterm,
    shipMode,
    quantity,
    goodsValueCents,
    customsValueCents,
    freight: pays.freight ? freight : null,
    insuranceCents: pays.freight ? insuranceCents : null,
    duties,
    dutyCents,
    mpfCents,
    hmfCents,
    extrasCents,
    totalCents,
    perUnitCents: unitFromTotal(totalCents, quantity),
    estimate: true,
    complete: counts.length === 0,
    missing: counts,
    notes,
    rates: { insurance: input.insurance, mpf: input.mpf, hmf: input.hmf },
  };
}

export const MISSING_INPUT_LABELS: Record<MissingInput, string> = {
  "hs-code": "No HS code: duty not estimated",
  "duty-rate": "No US duty rate for this HS code in Setu's table: general duty not estimated",
  weight: "No unit weight: freight and insurance not estimated",
  "freight-lane": "No freight rate for this lane: freight not estimated",
  "mpf-rate": "No Merchandise Processing Fee rate in force",
  "hmf-rate": "No Harbor Maintenance Fee rate in force",
  "insurance-rate": "No insurance rate in force",
};
