/*
 * Money as one value (issue #39 item 3, decision record 0050): integer minor units (US cents, Indian paise) and
 * their currency. Every computation on money goes through this file: one rounding rule (half away from zero, at the
 * minor unit), one INR ↔ USD conversion at the rate stored on the quote (4 decimals, applied in bigint arithmetic,
 * never a float multiply), unit price ↔ total, sums, allocation of a total into parts, and parsing of typed amounts.
 * Formatting is ./money's. Browser-safe and pure.
 */

import type { MoneyCurrency } from "./money";

export type { MoneyCurrency } from "./money";

/** An amount of money: a safe integer of minor units in a currency. */
export type Money = { readonly minor: number; readonly currency: MoneyCurrency };

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError("amount out of range");
  return Number(value);
}

/** A Money value; throws unless `minor` is a safe integer (a float never becomes money silently). */
export function money(minor: number, currency: MoneyCurrency = "USD"): Money {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return { minor, currency };
}

/**
 * numerator / denominator rounded half away from zero (0.5 → 1, -0.5 → -1, 2.5 → 3): the one rounding rule of
 * money on Setu, the rule of commercial invoices, stated once here and tested. Not banker's rounding.
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Rates are kept to 4 decimals (the `numeric(12, 4)` columns) and applied as integers scaled by 10^4. */
export const RATE_SCALE = 10_000n;

/** An INR-per-USD rate as written ("88.45", "88.4512"), scaled by 10^4; null unless positive with ≤ 4 decimals. */
export function parseRate(rate: string): bigint | null {
  const cleaned = rate.trim();
  if (!/^\d{1,8}(\.\d{1,4})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const scaled = BigInt(whole!) * RATE_SCALE + BigInt(fraction.padEnd(4, "0"));
  return scaled > 0n ? scaled : null;
}

function rateOrThrow(inrPerUsd: string): bigint {
  const scaled = parseRate(inrPerUsd);
  if (scaled === null) throw new RangeError(`not an INR/USD rate: ${inrPerUsd}`);
  return scaled;
}

/**
 * The one INR ↔ USD conversion, at a rate of rupees per dollar: cents = paise × 10^4 / (rate × 10^4) and
 * paise = cents × (rate × 10^4) / 10^4, each rounded once, half away from zero. The same currency is returned as is.
 */
export function convertMoney(amount: Money, to: MoneyCurrency, inrPerUsd: string): Money {
  if (amount.currency === to) return amount;
  const rate = rateOrThrow(inrPerUsd);
  const minor = BigInt(amount.minor);
  const converted =
    to === "USD"
      ? divideRoundHalfAwayFromZero(minor * RATE_SCALE, rate)
      : divideRoundHalfAwayFromZero(minor * rate, RATE_SCALE);
  return { minor: toSafeNumber(converted), currency: to };
}

/** Paise → US cents at a rate in rupees per dollar ("88.45"): convertMoney's number form. */
export function inrPaiseToUsdCents(paise: number, inrPerUsd: string): number {
  return convertMoney(money(paise, "INR"), "USD", inrPerUsd).minor;
}

/** US cents → paise at a rate in rupees per dollar: convertMoney's number form. */
export function usdCentsToInrPaise(cents: number, inrPerUsd: string): number {
  return convertMoney(money(cents, "USD"), "INR", inrPerUsd).minor;
}

/** A total for a quantity from a unit price: exact. */
export function totalFromUnit(unitMinor: number, quantity: number): number {
  return toSafeNumber(BigInt(unitMinor) * BigInt(quantity));
}

/** A unit price from a total and a quantity, rounded half away from zero to the minor unit. */
export function unitFromTotal(totalMinor: number, quantity: number): number {
  return toSafeNumber(divideRoundHalfAwayFromZero(BigInt(totalMinor), BigInt(quantity)));
}

/** The sum of amounts in one currency, exact (refuses to add dollars to rupees). */
export function sumMoney(amounts: readonly Money[], currency: MoneyCurrency = amounts[0]?.currency ?? "USD"): Money {
  let total = 0n;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new RangeError(`cannot add ${amount.currency} to ${currency}`);
    total += BigInt(amount.minor);
  }
  return { minor: toSafeNumber(total), currency };
}

/**
 * Splits a non-negative total by whole-number weights (percentages of a payment schedule: 30, 70) into parts that
 * sum exactly to it: each part is rounded down, and the minor units left over go one each to the parts with the
 * largest remainders (ties: the earlier part). The largest-remainder method, in integer arithmetic.
 */
export function allocateMinor(totalMinor: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError("allocate a non-negative whole amount");
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError("weights are non-negative whole numbers");
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) throw new RangeError("weights add up to nothing");
  const total = BigInt(totalMinor);
  const floors = weights.map((w) => (total * BigInt(w)) / sum);
  const remainders = weights.map((w) => (total * BigInt(w)) % sum);
  const left = Number(total - floors.reduce((a, b) => a + b, 0n));
  const roundedUp = new Set(
    remainders
      .map((remainder, i) => ({ i, remainder }))
      .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i))
      .slice(0, left)
      .map(({ i }) => i),
  );
  return floors.map((floor, i) => Number(floor) + (roundedUp.has(i) ? 1 : 0));
}

/** Parses a typed amount ("4,25,000.50", "₹ 1,200", "$12.5") into integer minor units, or null. */
export function parseAmountToMinor(input: string): number | null {
  const cleaned = input.replace(/[,$₹\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const minor = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** Parses a decimal dollar amount typed by a user ("12.5", "1,200.00") into integer cents, or null. */
export function parseUsdToCents(input: string): number | null {
  return input.includes("₹") ? null : parseAmountToMinor(input);
}

/** A typed amount in a currency as Money, or null. */
export function parseMoney(input: string, currency: MoneyCurrency): Money | null {
  const minor = parseAmountToMinor(input);
  return minor === null ? null : { minor, currency };
}

/**
 * A decimal number of dollars or rupees held as a JSON number (a product draft's variant price, 12.5) in minor
 * units: read through its shortest decimal text, never multiplied as a float; more than two decimals are rounded
 * half away from zero. Null for a number that is not finite.
 */
export function minorFromDecimalNumber(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return null;
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  const digits = BigInt(`${whole}${fraction}`);
  const shift = Number(exponent) - fraction.length + 2; // × 10^shift gives minor units
  const minor = shift >= 0 ? digits * 10n ** BigInt(shift) : divideRoundHalfAwayFromZero(digits, 10n ** BigInt(-shift));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return sign === "-" ? -Number(minor) : Number(minor);
}

/** Minor units as a decimal number of dollars or rupees (1250 → 12.5), for data that keeps them so (JSON drafts). */
export function decimalNumberFromMinor(minor: number): number {
  const value = BigInt(money(minor).minor);
  const abs = value < 0n ? -value : value;
  return Number(`${value < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`);
}
