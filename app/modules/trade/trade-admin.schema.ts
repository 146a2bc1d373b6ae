import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";
import { optionalMoney } from "~/lib/money-fields";
import { SHIP_MODES } from "./trade-terms.schema";

/**
 * The /admin/trade-data forms (issue #21): every change adds a dated row or ends one; history is never rewritten.
 * Shared by the browser (Conform) and the domain commands.
 */

const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date`)
    .refine(isCalendarDate, `Enter a real ${label}`);

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, "Enter a percentage like 0.3464 or 25 (at most 4 decimals)")
  .refine((v) => Number(v) <= 1000, "A rate above 1000 % is surely a typo");

const source = z
  .string()
  .trim()
  .min(1, "Say where the figure comes from")
  .max(300, "Keep the source under 300 characters");
const hsPrefix = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.string().regex(/^[0-9]{2,10}$/, "Enter an HS prefix of 2 to 10 digits, like 63 or 6302.60"));
const portCode = (label: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, `Choose the ${label}`);

export const FEE_KINDS = ["mpf", "hmf", "insurance"] as const;
export const FEE_LABELS: Record<(typeof FEE_KINDS)[number], string> = {
  mpf: "Merchandise Processing Fee",
  hmf: "Harbor Maintenance Fee",
  insurance: "Cargo insurance",
};

export const addFeeSchema = z
  .object({
    kind: z.enum(FEE_KINDS, "Choose the fee"),
    ratePercent: percent,
    min: optionalMoney("The minimum"),
    max: optionalMoney("The maximum"),
    effectiveFrom: day("first day"),
    source,
  })
  .refine((v) => v.min === null || v.max === null || v.min <= v.max, {
    message: "The minimum cannot be more than the maximum",
    path: ["max"],
  });

export const addDutyRateSchema = z.object({
  hsPrefix,
  description: z.string().trim().min(1, "Describe the goods").max(500, "Keep the description under 500 characters"),
  ratePercent: percent,
  effectiveFrom: day("first day"),
  source,
});

export const addAdditionalDutySchema = z.object({
  hsPrefix: z
    .string()
    .trim()
    .transform((v) => v.replace(/[.\s]/g, ""))
    .pipe(z.string().regex(/^([0-9]{2,10})?$/, "Leave empty for every HS code, or enter a prefix of 2 to 10 digits")),
  excludedHsPrefixes: z
    .string()
    .trim()
    .max(2000, "Too many exclusions for one row")
    .transform((v) =>
      v
        .split(/[\s,;]+/)
        .map((p) => p.replace(/\./g, ""))
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((p) => /^[0-9]{2,10}$/.test(p)),
      "List excluded prefixes of 2 to 10 digits, separated by commas",
    ),
  ratePercent: percent,
  description: z.string().trim().min(1, "Name the duty").max(300, "Keep the name under 300 characters"),
  effectiveFrom: day("first day"),
  source,
});

export const endRowSchema = z.object({
  id: z.string().trim().uuid("Choose a row"),
  effectiveTo: day("last day"),
});

export const addFreightRateSchema = z
  .object({
    originPort: portCode("Indian port"),
    destinationPort: portCode("US port"),
    mode: z.enum(SHIP_MODES, "Choose ocean or air"),
    perKg: optionalMoney("The price per kg"),
    perContainer: optionalMoney("The price per container"),
    containerPayloadKg: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        if (!/^\d{1,6}$/.test(v) || Number(v) <= 0) {
          ctx.addIssue({ code: "custom", message: "Enter the payload as whole kg, like 26000" });
          return z.NEVER;
        }
        return Number(v);
      }),
    transitDays: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, "Enter the transit time in whole days")
      .transform(Number)
      .refine((n) => n > 0, "Enter the transit time in whole days"),
    effectiveFrom: day("first day"),
    source,
  })
  .refine((v) => v.perKg !== null || v.perContainer !== null, {
    message: "Enter a price per kg, per container, or both",
    path: ["perKg"],
  })
  .refine((v) => v.perContainer === null || v.containerPayloadKg !== null, {
    message: "A container price needs the container's payload",
    path: ["containerPayloadKg"],
  });

export const importHtsSchema = z.object({
  effectiveFrom: day("first day"),
  source,
});

/** Each form's fields, as the route reads them for its schema (the HTS import's file travels beside them). */
export const ADD_FEE_FIELDS = ["kind", "ratePercent", "min", "max", "effectiveFrom", "source"] as const;
export const ADD_DUTY_RATE_FIELDS = ["hsPrefix", "description", "ratePercent", "effectiveFrom", "source"] as const;
export const ADD_ADDITIONAL_DUTY_FIELDS = [
  "hsPrefix",
  "excludedHsPrefixes",
  "ratePercent",
  "description",
  "effectiveFrom",
  "source",
] as const;
export const END_ROW_FIELDS = ["id", "effectiveTo"] as const;
export const ADD_FREIGHT_RATE_FIELDS = [
  "originPort",
  "destinationPort",
  "mode",
  "perKg",
  "perContainer",
  "containerPayloadKg",
  "transitDays",
  "effectiveFrom",
  "source",
] as const;
export const IMPORT_HTS_FIELDS = ["effectiveFrom", "source"] as const;

/** The actions the trade-data page posts, by their `intent`. */
export const TRADE_DATA_INTENTS = [
  "add-fee",
  "add-duty",
  "end-duty",
  "add-additional",
  "end-additional",
  "add-freight",
  "import-hts",
] as const;
export const tradeDataIntentSchema = z.enum(TRADE_DATA_INTENTS, "Unknown action");
