import { z } from "zod";
import { UNITS } from "~/lib/categories";
import { isTimeZone } from "~/lib/deadline";
import { parseUsdToCents } from "~/lib/money";
import type { FxRate, FxRateSource } from "~/modules/trade/fx-rates.schema";
import type { Currency } from "~/modules/trade/trade-terms.schema";
import type { QuoteTradeTerms } from "./quote.schema";
import { RFQ_CATEGORIES, RFQ_SORTS, type RfqSort } from "./rfq-list-options";

export { RFQ_CATEGORIES, RFQ_SORTS, RFQS_PER_PAGE, type RfqSort } from "./rfq-list-options";

/** An optional amount in US dollars as typed ("1500.50"), read into cents; empty is null. */
export const optionalMoney = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const cents = parseUsdToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount in US dollars, like 1500 or 1500.50` });
        return z.NEVER;
      }
      return cents;
    });

export const createRfqSchema = z
  .object({
    title: z.string().trim().min(1, "Please enter a title").max(200, "Title is too long"),
    category: z.enum(RFQ_CATEGORIES.map((c) => c.value) as [string, ...string[]], "Please choose a category"),
    description: z.string().trim().min(1, "Please describe what you need").max(5000, "Description is too long"),
    specifications: z.string().max(10000, "Technical specifications are too long").optional().default(""),
    quantity: z
      .string()
      .trim()
      .regex(/^\d+$/, "Quantity must be a whole number greater than 0")
      .transform(Number)
      .refine((n) => n > 0 && n <= 1_000_000_000, "Quantity must be a whole number greater than 0"),
    unit: z.enum(UNITS, "Please choose a unit"),
    budgetMin: optionalMoney("Minimum budget"),
    budgetMax: optionalMoney("Maximum budget"),
    deliveryLocation: z.string().trim().min(1, "Please enter the delivery location").max(300),
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a quote submission deadline")
      // a calendar date: "2099-02-30" parses as 2 March, so the date must come back as it was written
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, "Please choose a valid date"),
    // the browser's IANA zone, filled in by a script; empty without JavaScript (the server then assumes New York)
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isTimeZone(v), "Your browser sent a time zone we do not know: reload the page and try again"),
    // a ticked box posts "on"; an unticked one posts nothing
    verifiedSuppliersOnly: z
      .literal(["on", ""], { error: "Tick the box or leave it empty" })
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((v) => v.budgetMin === null || v.budgetMax === null || v.budgetMin <= v.budgetMax, {
    message: "Minimum budget cannot be more than the maximum budget",
    path: ["budgetMax"],
  });

export type CreateRfqInput = z.infer<typeof createRfqSchema>;

export const rfqListParamsSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z
    .enum(["all", ...RFQ_CATEGORIES.map((c) => c.value)] as [string, ...string[]])
    .catch("all"),
  sort: z.enum(RFQ_SORTS.map((s) => s.value) as [RfqSort, ...RfqSort[]]).catch("newest"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
  mine: z.literal("1").optional().catch(undefined),
  // a supplier's "Matched for you": the published RFQs matched to its catalogue (issue #23)
  matched: z.literal("1").optional().catch(undefined),
});

export type RfqListParams = z.infer<typeof rfqListParamsSchema>;

export function parseRfqListParams(search: URLSearchParams): RfqListParams {
  return rfqListParamsSchema.parse(Object.fromEntries(search));
}

export type RfqCard = {
  id: string;
  title: string;
  description: string;
  category: string;
  quantity: number;
  unit: string;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  deadline: string;
  /** the instant the deadline closes (ISO): the end of the deadline day in the buyer's time zone */
  closesAt: string;
  /** the buyer's IANA zone; null for RFQs made before time zones (they close at the end of the day, UTC) */
  timeZone: string | null;
  deliveryLocation: string;
  status: string;
  createdAt: string;
  buyerCompany: string;
  quoteCount: number;
  /** the buyer takes quotes from verified suppliers only */
  verifiedSuppliersOnly: boolean;
};

export type QuoteView = {
  id: string;
  supplierCompany: string;
  /** the supplier's verification, now (not when it quoted) */
  supplierVerified: boolean;
  status: string;
  createdAt: string;
  /** the total in US cents (converted at the quote's stored rate when it is in rupees) */
  priceCents: number;
  quantity: number;
  deliveryTimeline: string;
  terms: string | null;
  mine: boolean;
  /** the supplier's earlier versions of this quote, newest first (empty: never revised) */
  history: { id: string; priceCents: number; createdAt: string; terms: string | null }[];
  /** the quote's own currency and amounts in its minor units; null amounts on quotes made before trade terms */
  currency: Currency;
  unitPriceMinor: number | null;
  totalMinor: number | null;
  /** the INR/USD rate in force when the quote was submitted, stored with it */
  rate: (Omit<FxRate, "source"> & { source: FxRateSource | null }) | null;
} & QuoteTradeTerms;

export type RfqDetail = RfqCard & {
  specifications: { details: string } | null;
  buyerId: string;
  buyerFullName: string;
  viewer: "buyer" | "supplier" | "anonymous";
  canQuote: boolean;
  /** a seller who could quote but for the RFQ's "verified suppliers only" */
  needsVerification: boolean;
  quotes: QuoteView[];
  /** Other suppliers' quotes, counted but sealed. */
  sealedQuoteCount: number;
};

export const QUOTE_STATUS_LABEL: Record<string, string> = {
  submitted: "Submitted",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  superseded: "Revised",
};
