/** fx-rates's values, labels and helpers: browser-safe without zod (fx-rates.schema.ts re-exports them, route JS budgets). */
import { formatCalendarDate } from "~/lib/dates";
import { formatRate } from "~/lib/money";

/** Where an INR/USD rate comes from (issue #21). Browser-safe. */
export const FX_RATE_SOURCES = ["fbil", "customs", "manual"] as const;

export type FxRateSource = (typeof FX_RATE_SOURCES)[number];

export const FX_RATE_SOURCE_LABELS: Record<FxRateSource, string> = {
  fbil: "FBIL reference rate",
  customs: "Customs notified rate",
  manual: "Manual rate",
};

/** The short name said beside every conversion. */
const FX_RATE_SOURCE_SHORT: Record<FxRateSource, string> = {
  fbil: "FBIL",
  customs: "customs notified",
  manual: "manual",
};

/** A rate as quotes and pages carry it: rupees per dollar as a decimal string, never a float. */
export type FxRate = { id: string; rateDate: string; inrPerUsd: string; source: FxRateSource };

/** "88.4500" as PostgreSQL's numeric gives it → "88.45"; the value is not changed, only its trailing zeros. */
export function trimRate(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** "20 Nov 2026" for a "2026-11-20" date. */
export function formatRateDate(date: string): string {
  return formatCalendarDate(date, "day-month-year");
}

/** What every conversion says of its rate: "₹88.45 = $1 on 20 Nov 2026, FBIL". */
export function describeRate(rate: Pick<FxRate, "inrPerUsd" | "rateDate"> & { source?: FxRateSource | null }): string {
  const source = rate.source ? `, ${FX_RATE_SOURCE_SHORT[rate.source]}` : "";
  return `${formatRate(rate.inrPerUsd)} = $1 on ${formatRateDate(rate.rateDate)}${source}`;
}
