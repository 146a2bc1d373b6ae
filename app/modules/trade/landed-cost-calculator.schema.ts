import { z } from "zod";
import { parseUsdToCents } from "~/lib/money-minor";
import type { LandedCostEstimate } from "./landed-cost";
import { SHIP_MODES } from "./trade-terms.schema";

/** The buyer's own freight figure for the whole shipment (their forwarder's quote), in USD: empty is none. */
export const buyerFreightSchema = z
  .string()
  .trim()
  .max(20, "Enter the freight as an amount in US dollars, like 1800")
  .transform((value, ctx) => {
    if (!value) return null;
    const cents = parseUsdToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "Enter the freight as an amount in US dollars, like 1800" });
      return z.NEVER;
    }
    return cents;
  });

/** The product page's "Estimate landed cost" form (a GET form: the estimate is a page of its own, bookmarkable). */
export const MAX_CALCULATOR_QUANTITY = 10_000_000;

export const landedCostCalculatorSchema = z.object({
  qty: z
    .string()
    .trim()
    .regex(/^[0-9]{1,9}$/, "Enter the quantity as a whole number, like 500")
    .transform(Number)
    .refine(
      (n) => n > 0 && n <= MAX_CALCULATOR_QUANTITY,
      `Enter a quantity from 1 to ${MAX_CALCULATOR_QUANTITY.toLocaleString("en-US")}`,
    ),
  to: z
    .string()
    .trim()
    .min(1, "Enter a US ZIP code, city or port")
    .max(120, "Keep the destination under 120 characters"),
  mode: z.enum(SHIP_MODES).catch("ocean"),
  freight: buyerFreightSchema,
});

export type LandedCostCalculatorInput = z.output<typeof landedCostCalculatorSchema>;

/** The form's fields as typed (for showing them again) and, once valid, the parsed input or the first error per field. */
export function readCalculatorParams(params: URLSearchParams) {
  const raw = {
    qty: (params.get("qty") ?? "").slice(0, 200),
    to: (params.get("to") ?? "").slice(0, 200),
    mode: params.get("mode") === "air" ? "air" : "ocean",
    freight: (params.get("freight") ?? "").slice(0, 40),
  };
  if (!params.has("qty") && !params.has("to")) return { raw, submitted: false as const };
  const parsed = landedCostCalculatorSchema.safeParse(raw);
  if (parsed.success)
    return { raw, submitted: true as const, input: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { raw, submitted: true as const, input: null, errors };
}

/** The product page's landed-cost calculator as the product domain answers it (productLandedCost). */
export type ProductLandedCost = {
  /** the fields as typed, to show them again */
  raw: { qty: string; to: string; mode: string; freight: string };
  errors: Record<string, string>;
  result: {
    estimate: LandedCostEstimate;
    unitPriceCents: number;
    /** the price break used, or null for the product's lowest listed price */
    tierMinQuantity: number | null;
    belowMoq: boolean;
    usPort: { code: string; name: string; how: "zip" | "port" | "state" | "default" };
    route: { originName: string; originDefaulted: boolean; destinationName: string };
    hsCode: string | null;
    unitWeightGrams: number | null;
    sources: { label: string; source: string; since: string; dateKind: "since" | "as of" }[];
    date: string;
  } | null;
};
