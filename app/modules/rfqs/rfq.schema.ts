import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";
import { CATEGORY_SLUGS, PRODUCT_CATEGORIES } from "~/lib/categories";
import { optionalMoney } from "~/lib/money-fields";
import { UNITS } from "~/lib/units";
import { isTimeZone } from "~/lib/deadline";
import { RFQ_SORTS } from "./rfq-list-options";

export * from "./rfq-values";

export { RFQ_SORTS, RFQS_PER_PAGE, type RfqSort } from "./rfq-list-options";
/** The categories an RFQ may be filed under and its list filtered by: the tree's top categories. */
export const RFQ_CATEGORIES = PRODUCT_CATEGORIES;

export const createRfqSchema = z
  .object({
    title: z.string().trim().min(1, "Please enter a title").max(200, "Title is too long"),
    // one select of the category tree: a top category, or one of its subcategories (createRfq splits it)
    category: z.enum(CATEGORY_SLUGS, "Please choose a category"),
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
      // a calendar date within the shared range: "2099-02-30" and "0000-01-01" are not
      .refine(isCalendarDate, "Please choose a valid date"),
    // the browser's IANA zone, filled in by a script; empty without JavaScript (the server then assumes New York)
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine(
        (v) => v === null || isTimeZone(v),
        "Your browser sent a time zone we do not know: reload the page and try again",
      ),
    // a ticked box posts "on"; an unticked one posts nothing
    verifiedSuppliersOnly: z
      .literal(["on", ""], { error: "Tick the box or leave it empty" })
      .optional()
      .transform((v) => v === "on"),
    postAnonymously: z
      .literal(["on", ""], { error: "Tick the box or leave it empty" })
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((v) => v.budgetMin === null || v.budgetMax === null || v.budgetMin <= v.budgetMax, {
    message: "Minimum budget cannot be more than the maximum budget",
    path: ["budgetMax"],
  });

export type CreateRfqInput = z.output<typeof createRfqSchema>;

/** The Create RFQ form's fields, as the route reads them for createRfqSchema. */
export const CREATE_RFQ_FIELDS = [
  "title",
  "category",
  "description",
  "specifications",
  "quantity",
  "unit",
  "budgetMin",
  "budgetMax",
  "deliveryLocation",
  "deadline",
  "timeZone",
  "verifiedSuppliersOnly",
  "postAnonymously",
] as const;

/** A US ZIP code (12345 or 12345-6789) somewhere in an address. */
const US_ZIP = /\b\d{5}(-\d{4})?\b/;

/**
 * Where the goods go, given by the buyer when accepting a quote (issue #41): the consignee's name and full US
 * address, which the invoices and the packing list print, and the party to notify on arrival (empty: the consignee).
 */
const shipToShape = {
  shipToName: z
    .string("Enter the consignee's name")
    .trim()
    .min(2, "Enter the consignee's name")
    .max(200, "Keep the consignee's name under 200 characters"),
  shipToAddress: z
    .string("Enter the full ship-to address")
    .trim()
    .min(10, "Enter the full ship-to address: street, city, state and ZIP code")
    .max(500, "Keep the address under 500 characters")
    .refine((v) => US_ZIP.test(v), "Include the ZIP code in the ship-to address"),
  notifyParty: z
    .string()
    .trim()
    .max(500, "Keep the notify party under 500 characters")
    .optional()
    .transform((v) => v || null),
};
export type ShipTo = { shipToName: string; shipToAddress: string; notifyParty: string | null };

/**
 * Request Quote on a product (a direct inquiry, issue #41.3): the Create RFQ form, with the product it is about and
 * whether similar verified suppliers are invited too. The product's facts (its supplier, MOQ, unit) are the server's.
 */
export const directInquirySchema = createRfqSchema.safeExtend({
  productId: z.uuid("This product is no longer available"),
  inviteSimilar: z
    .literal(["on", ""], { error: "Tick the box or leave it empty" })
    .optional()
    .transform((v) => v === "on"),
});
export type DirectInquiryInput = z.output<typeof directInquirySchema>;
export const DIRECT_INQUIRY_FIELDS = [...CREATE_RFQ_FIELDS, "productId", "inviteSimilar"] as const;

/**
 * What the RFQ page posts, by its `intent`: a quote (its fields read by quoteSchema once the supplier may quote),
 * accepting or withdrawing a quote (an id the command looks up: an unknown one is not found), or closing the RFQ.
 */
export const rfqDetailActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("quote") }),
    z.object({ intent: z.literal("accept"), quoteId: z.string() }).extend(shipToShape),
    z.object({ intent: z.literal("withdraw"), quoteId: z.string() }),
    z.object({ intent: z.literal("close") }),
  ],
  { error: "Unknown action" },
);
export const RFQ_DETAIL_ACTION_FIELDS = ["intent", "quoteId", "shipToName", "shipToAddress", "notifyParty"] as const;

/** A supplier mutes or unmutes a category of the RFQs it is matched to (the command knows the categories). */
export const muteCategorySchema = z.object({
  intent: z.enum(["mute", "unmute"], "Unknown action"),
  category: z.string(),
});
export const MUTE_CATEGORY_FIELDS = ["intent", "category"] as const;

export const rfqListParamsSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.enum(["all", ...RFQ_CATEGORIES.map((c) => c.value)] as [string, ...string[]]).catch("all"),
  sort: z.enum(RFQ_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
  mine: z.literal("1").optional().catch(undefined),
  // a supplier's "Matched for you": the published RFQs matched to its catalogue (issue #23)
  matched: z.literal("1").optional().catch(undefined),
  // a supplier's "Direct inquiries": those addressed to it or it was invited to (issue #41.3)
  direct: z.literal("1").optional().catch(undefined),
});

export type RfqListParams = z.infer<typeof rfqListParamsSchema>;

export function parseRfqListParams(search: URLSearchParams): RfqListParams {
  return rfqListParamsSchema.parse(Object.fromEntries(search));
}
