/*
 * Arithmetic on minor units in either currency of a quote (issue #21): cents for USD, paise for INR, always
 * integers, and amounts typed by people read into them. Formatting is ./money's.
 */

export type { MoneyCurrency } from "./money";

/** Parses a decimal dollar amount typed by a user ("12.5", "1,200.00") into integer cents, or null. */
export function parseUsdToCents(input: string): number | null {
  const cleaned = input.replace(/[,$\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Parses a typed amount ("4,25,000.50", "₹ 1,200", "$12.5") into integer minor units, or null. */
export function parseAmountToMinor(input: string): number | null {
  return parseUsdToCents(input.replace(/₹/g, ""));
}

/** An INR-per-USD rate as written ("88.45", "88.4512"), scaled by 10^4; null unless positive with ≤ 4 decimals. */
export function parseRate(rate: string): bigint | null {
  const cleaned = rate.trim();
  if (!/^\d{1,8}(\.\d{1,4})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const scaled = BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, "0"));
  return scaled > 0n ? scaled : null;
}

/**
 * numerator / denominator rounded half away from zero (0.5 → 1, -0.5 → -1, 2.5 → 3): the rule of
 * commercial invoices, stated once here and tested. Not banker's rounding.
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

function rateOrThrow(inrPerUsd: string): bigint {
  const scaled = parseRate(inrPerUsd);
  if (scaled === null) throw new RangeError(`not an INR/USD rate: ${inrPerUsd}`);
  return scaled;
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError("amount out of range");
  return Number(value);
}

/** Paise → US cents at a rate in rupees per dollar ("88.45"), in integer arithmetic, rounded half away from zero. */
export function inrPaiseToUsdCents(paise: number, inrPerUsd: string): number {
  // cents = paise / rate = paise × 10^4 / (rate × 10^4)
  return toSafeNumber(divideRoundHalfAwayFromZero(BigInt(paise) * 10_000n, rateOrThrow(inrPerUsd)));
}

/** US cents → paise at a rate in rupees per dollar, in integer arithmetic, rounded half away from zero. */
export function usdCentsToInrPaise(cents: number, inrPerUsd: string): number {
  return toSafeNumber(divideRoundHalfAwayFromZero(BigInt(cents) * rateOrThrow(inrPerUsd), 10_000n));
}

/** A total for a quantity from a unit price: exact. */
export function totalFromUnit(unitMinor: number, quantity: number): number {
  return toSafeNumber(BigInt(unitMinor) * BigInt(quantity));
}

/** A unit price from a total and a quantity, rounded half away from zero to the minor unit. */
export function unitFromTotal(totalMinor: number, quantity: number): number {
  return toSafeNumber(divideRoundHalfAwayFromZero(BigInt(totalMinor), BigInt(quantity)));
}
