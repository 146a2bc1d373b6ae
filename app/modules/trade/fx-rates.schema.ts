import { z } from "zod";
import { formatRate, parseRate } from "~/lib/money";

/** Where an INR/USD rate comes from (issue #21). Browser-safe. */
export const FX_RATE_SOURCES = ["fbil", "customs", "manual"] as const;
export type FxRateSource = (typeof FX_RATE_SOURCES)[number];
export const FX_RATE_SOURCE_LABELS: Record<FxRateSource, string> = {
  fbil: "FBIL reference rate",
  customs: "Customs notified rate",
  manual: "Manual rate",
};
/** The short name said beside every conversion. */
const FX_RATE_SOURCE_SHORT: Record<FxRateSource, string> = { fbil: "FBIL", customs: "customs notified", manual: "manual" };

/** A rate as quotes and pages carry it: rupees per dollar as a decimal string, never a float. */
export type FxRate = { id: string; rateDate: string; inrPerUsd: string; source: FxRateSource };

export const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    // a calendar date: "2026-02-30" parses as 2 March, so the date must come back as it was written
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, message);

export const fxRateSchema = z.object({
  rateDate: isoDate("Choose the date the rate applies to"),
  inrPerUsd: z
    .string()
    .trim()
    .refine((v) => parseRate(v) !== null, "Enter rupees per US dollar, like 88.45 (up to 4 decimals)")
    .refine((v) => parseRate(v) === null || (parseRate(v)! >= 10_000n && parseRate(v)! <= 10_000_000n), "A rate between ₹1 and ₹1,000 per dollar, please"),
  source: z.enum(FX_RATE_SOURCES, "Choose where the rate comes from"),
  note: z
    .string()
    .trim()
    .max(500, "Keep the note under 500 characters")
    .optional()
    .transform((v) => v || null),
});
export type FxRateInput = z.infer<typeof fxRateSchema>;

/** "88.4500" as PostgreSQL's numeric gives it → "88.45"; the value is not changed, only its trailing zeros. */
export function trimRate(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

const rateDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "20 Nov 2026" for a "2026-11-20" date. */
export function formatRateDate(date: string): string {
  return rateDay.format(new Date(`${date}T00:00:00Z`));
}

/** What every conversion says of its rate: "₹88.45 = $1 on 20 Nov 2026, FBIL". */
export function describeRate(rate: Pick<FxRate, "inrPerUsd" | "rateDate"> & { source?: FxRateSource | null }): string {
  const source = rate.source ? `, ${FX_RATE_SOURCE_SHORT[rate.source]}` : "";
  return `${formatRate(rate.inrPerUsd)} = $1 on ${formatRateDate(rate.rateDate)}${source}`;
}
