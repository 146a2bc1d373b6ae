/*
 * The one place money is formatted for display (decision record 0041). Amounts are integer minor units (US cents,
 * Indian paise) and reach Intl as an exact decimal string, so no float ever holds a price.
 * - Unit prices and exact amounts (quotes, orders, escrow) show cents: $0.65, ₹12,34,567.00.
 * - `whole: true` is for figures that are clearly totals (an RFQ budget, revenue on a dashboard): $1,235.
 */

import type { Locale } from "./locale";

export type MoneyCurrency = "USD" | "INR";

type Style = "exact" | "whole" | "compact";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * en-US dollars in every language; rupees with lakh and crore grouping (₹12,34,567.00) in en-IN or hi-IN (the same
 * digits; a compact figure reads "₹1.2L" or "₹1.2 लाख"); exact, whole or compact, made once each.
 */
function formatOf(currency: MoneyCurrency, style: Style, locale: Locale): Intl.NumberFormat {
  const key = `${currency}:${style}:${locale}`;
  let format = formats.get(key);
  if (!format) {
    const digits =
      style === "whole"
        ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : style === "compact"
          ? { notation: "compact" as const, maximumFractionDigits: 1 }
          : {};
    const tag = currency === "USD" ? "en-US" : locale === "hi" ? "hi-IN" : "en-IN";
    format = new Intl.NumberFormat(tag, { style: "currency", currency, ...digits });
    formats.set(key, format);
  }
  return format;
}

/** -1234567 → "-12345.67": minor units as an exact decimal string (a form field's value, a CSV cell). */
export function minorToDecimalString(minor: number | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * An amount in minor units (or a Money value, which brings its currency): "$1,234.50" (en-US) or "₹12,34,567.00" (en-IN). With `whole`, rounded half away from
 * zero to whole dollars or rupees ("$1,235"): only for totals, never for a unit price. With `compact`, a headline
 * figure ("$1.2M"). `locale` is the reader's language (English unless said).
 */
export function formatMoney(
  amount: number | { readonly minor: number; readonly currency: MoneyCurrency },
  currency: MoneyCurrency = "USD",
  { whole = false, compact = false, locale = "en" }: { whole?: boolean; compact?: boolean; locale?: Locale } = {},
): string {
  if (typeof amount !== "number") return formatMoney(amount.minor, amount.currency, { whole, compact, locale });
  const minor = amount;
  const format = formatOf(currency, compact ? "compact" : whole ? "whole" : "exact", locale);
  // Intl formats a decimal string exactly (Intl.NumberFormat v3, rounding halfExpand); the cast is for older lib typings
  return format.format(minorToDecimalString(minor) as unknown as number);
}

/** A price per unit, always with cents (or paise): "$0.65", "$12.00". */
export function formatUnitPrice(minor: number, currency: MoneyCurrency = "USD", locale: Locale = "en"): string {
  return formatMoney(minor, currency, { locale });
}

/** A unit price range with cents: "$0.65 – $1.05"; equal ends show once ("$12.00"). */
export function formatPriceRange(
  minMinor: number,
  maxMinor: number,
  currency: MoneyCurrency = "USD",
  locale: Locale = "en",
): string {
  return minMinor === maxMinor
    ? formatUnitPrice(minMinor, currency, locale)
    : `${formatUnitPrice(minMinor, currency, locale)} – ${formatUnitPrice(maxMinor, currency, locale)}`;
}

/** "₹88.45": a rate of rupees per dollar, as few decimals as it needs (2 to 4). */
export function formatRate(inrPerUsd: string): string {
  const rate = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return `₹${rate.format(inrPerUsd.trim() as unknown as number)}`;
}
