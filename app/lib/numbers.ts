import type { Locale } from "./locale";

const formats = new Map<Locale, Intl.NumberFormat>();

/**
 * A count or quantity for reading: "12,000" in English (en-US, as the spec writes them); in Hindi hi-IN, with lakh
 * and crore grouping ("1,20,000") and the same Latin digits.
 */
export function formatNumber(value: number, locale: Locale = "en"): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "hi" ? "hi-IN" : "en-US");
    formats.set(locale, format);
  }
  return format.format(value);
}
