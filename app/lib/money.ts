const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Whole US dollars, en-US (spec §9: USD, 0 decimals). */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Exact amount with cents, for quotes and orders. */
export function formatUsdCents(cents: number): string {
  return usdCents.format(cents / 100);
}

export function formatUsdRange(minCents: number, maxCents: number): string {
  const [min, max] = [formatUsd(minCents), formatUsd(maxCents)];
  // whole dollars: $1.20 - $1.45 reads "$1", not "$1 - $1"
  return min === max ? min : `${min} - ${max}`;
}

/** Parses a decimal dollar amount typed by a user ("12.5", "1,200.00") into integer cents, or null. */
export function parseUsdToCents(input: string): number | null {
  const cleaned = input.replace(/[,$\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}
