import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";
import { parseRate } from "~/lib/money-minor";
import { FX_RATE_SOURCES } from "./fx-rates-values";

export * from "./fx-rates-values";

export const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);

export const fxRateSchema = z.object({
  rateDate: isoDate("Choose the date the rate applies to"),
  inrPerUsd: z
    .string()
    .trim()
    .refine((v) => parseRate(v) !== null, "Enter rupees per US dollar, like 88.45 (up to 4 decimals)")
    .refine(
      (v) => parseRate(v) === null || (parseRate(v)! >= 10_000n && parseRate(v)! <= 10_000_000n),
      "A rate between ₹1 and ₹1,000 per dollar, please",
    ),
  source: z.enum(FX_RATE_SOURCES, "Choose where the rate comes from"),
  note: z
    .string()
    .trim()
    .max(500, "Keep the note under 500 characters")
    .optional()
    .transform((v) => v || null),
});

export type FxRateInput = z.infer<typeof fxRateSchema>;
/** The rate form's fields, as the route reads them for fxRateSchema. */
export const FX_RATE_FIELDS = ["rateDate", "inrPerUsd", "source", "note"] as const;
