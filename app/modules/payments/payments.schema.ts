import { z } from "zod";
import { intentOptions, postedId } from "~/lib/posted-fields";
import { orderActionSchema } from "~/modules/orders/orders.schema";
import { luhn, DISPUTE_DECISIONS, EXPIRY_PATTERN } from "./payments-values";

export * from "./payments-values";

/** The card form: checked in the browser and on the server; the number goes to the provider and only its last four digits are kept. */
export const fundMilestoneSchema = z.object({
  intent: z.literal("fund"),
  milestoneId: postedId("Payment not found"),
  cardholder: z
    .string()
    .trim()
    .min(2, "Please enter the name on the card")
    .max(100, "The name must be at most 100 characters"),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, "Please enter the card number (12 to 19 digits)")
        .refine(luhn, "This card number is not valid"),
    ),
  expiry: z.string().trim().regex(EXPIRY_PATTERN, "Please enter the expiry as MM/YY"),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Please enter the 3 or 4 digit security code"),
});

export type FundMilestoneInput = z.infer<typeof fundMilestoneSchema>;

/** Opening a dispute on the order page (its evidence files are read beside it). */
export const openDisputeSchema = z.object({
  intent: z.literal("dispute"),
  reason: z
    .string()
    .trim()
    .min(10, "Please describe the problem (at least 10 characters)")
    .max(2000, "The reason must be at most 2,000 characters"),
});

export type OpenDisputeInput = z.output<typeof openDisputeSchema>;

/** The buyer records the letter of credit that pays a milestone outside Setu. */
export const recordLetterOfCreditSchema = z.object({
  intent: z.literal("record_lc"),
  milestoneId: postedId("Payment not found"),
  lcReference: z
    .string()
    .trim()
    .min(4, "Please enter the issuing bank and the letter of credit number")
    .max(200, "The reference must be at most 200 characters"),
});

export type RecordLetterOfCreditInput = z.output<typeof recordLetterOfCreditSchema>;

/**
 * The order page's forms (POST /orders/:id), one per intent: a status change (`transition`, each action its own
 * fields), a dispute, a milestone's card payment. The order is the page's.
 */
export const orderPageActionSchema = z.discriminatedUnion(
  "intent",
  [orderActionSchema, openDisputeSchema, fundMilestoneSchema, recordLetterOfCreditSchema],
  intentOptions,
);
const ORDER_PAGE_FIELDS = [
  "intent",
  "action",
  "note",
  "reason",
  "carrier",
  "vesselOrFlight",
  "portOfDischarge",
  "billOfLading",
  "trackingUrl",
  "estimatedArrival",
  "milestoneId",
  "cardholder",
  "cardNumber",
  "expiry",
  "cvc",
  "lcReference",
] as const;

/** The order page's posted fields as orderPageActionSchema reads them; a form without an intent changes the status. */
export function readOrderPageForm(form: FormData): Record<string, string> {
  const values = Object.fromEntries(
    ORDER_PAGE_FIELDS.map((key) => [key, typeof form.get(key) === "string" ? (form.get(key) as string) : ""]),
  );
  return { ...values, intent: values.intent || "transition" };
}

export const decideDisputeSchema = z.object({
  disputeId: z.string(),
  decision: z.enum(DISPUTE_DECISIONS, { message: "Please choose a decision" }),
  refundAmount: z.string().trim().optional(),
  settlementAmount: z.string().trim().optional(),
  note: z
    .string()
    .trim()
    .min(5, "Please explain the decision to both parties (at least 5 characters)")
    .max(1000, "The note must be at most 1,000 characters"),
});
