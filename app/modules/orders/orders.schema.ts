import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";
import type { OrderStatus, OrderView } from "./orders-values";

export * from "./orders-values";

const reason = (what: string) =>
  z
    .string()
    .trim()
    .min(5, `Please say why you are ${what} (at least 5 characters)`)
    .max(500, "Reason must be at most 500 characters");

const note = z.string().trim().max(500, "Note must be at most 500 characters").optional();

/** A date as yyyy-mm-dd that exists on the calendar. */
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the date as YYYY-MM-DD")
  // the shared date check (app/lib/date-range.ts): a real day, in years PostgreSQL and every page can hold
  .refine(isCalendarDate, "Please enter a real date");

const transition = { intent: z.literal("transition") };

/**
 * What each action asks for, checked the same way by the page and the server (the order is the page's, so the
 * form's own order id is not read).
 */
export const orderActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ ...transition, action: z.literal("confirm"), note }),
    z.object({ ...transition, action: z.literal("decline"), reason: reason("declining") }),
    z.object({ ...transition, action: z.literal("start_production"), note }),
    z.object({ ...transition, action: z.literal("ready"), note }),
    z.object({
      ...transition,
      action: z.literal("ship"),
      carrier: z.string().trim().min(1, "Please enter the carrier").max(80, "Carrier must be at most 80 characters"),
      // the commercial invoice prints them (issue #41)
      vesselOrFlight: z
        .string("Please enter the vessel and voyage, or the flight number")
        .trim()
        .min(2, "Please enter the vessel and voyage, or the flight number")
        .max(80, "The vessel or flight must be at most 80 characters"),
      portOfDischarge: z
        .string("Please enter the US port of discharge")
        .trim()
        .min(2, "Please enter the US port of discharge")
        .max(80, "The port of discharge must be at most 80 characters"),
      billOfLading: z
        .string()
        .trim()
        .min(1, "Please enter the bill of lading or air waybill number")
        .max(60, "The bill of lading number must be at most 60 characters")
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
          "A bill of lading number has letters, digits, spaces, dots, slashes and dashes",
        ),
      trackingUrl: z
        .string()
        .trim()
        .max(500, "The tracking link must be at most 500 characters")
        .refine((value) => {
          if (value === "") return true;
          try {
            return new URL(value).protocol === "https:";
          } catch {
            return false;
          }
        }, "The tracking link must be an https:// address")
        .optional(),
      estimatedArrival: isoDate,
    }),
    z.object({ ...transition, action: z.literal("deliver"), note }),
    z.object({ ...transition, action: z.literal("complete"), note }),
    z.object({ ...transition, action: z.literal("cancel"), reason: reason("cancelling") }),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? "Unknown order action" : undefined) },
);

export type OrderActionInput = z.infer<typeof orderActionSchema>;

export type OrderAction = OrderActionInput["action"] | "dispute";

export type OrderEventView = {
  id: string;
  actorName: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  createdAt: string;
};

/** An order as its page shows it to one of its two parties. */
export type OrderDetail = OrderView & {
  buyerCompany: string;
  sellerCompany: string;
  incoterm: string | null;
  incotermPlace: string | null;
  shipMode: "ocean" | "air" | null;
  currency: "USD" | "INR";
  totalMinor: number | null;
  fxInrPerUsd: string | null;
  fxRateDate: string | null;
  paymentTerms: string | null;
  paymentTermsOther: string | null;
  leadTimeDays: number | null;
  hsCode: string | null;
  goodsDescription: string | null;
  material: string | null;
  shipToName: string | null;
  shipToAddress: string | null;
  notifyParty: string | null;
  vesselOrFlight: string | null;
  portOfDischarge: string | null;
  trackingUrl: string | null;
  estimatedArrival: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  events: OrderEventView[];
};
