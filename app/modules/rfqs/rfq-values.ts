/** rfq's values, labels and helpers: browser-safe without zod (rfq.schema.ts re-exports them, route JS budgets). */
import type { FxRate, FxRateSource } from "~/modules/trade/fx-rates.schema";
import type { Currency } from "~/modules/trade/trade-terms.schema";
import type { QuoteTradeTerms } from "./quote.schema";
import type { QUOTE_STATUSES, RFQ_STATUSES } from "~/lib/status-lists";

export type RfqStatus = (typeof RFQ_STATUSES)[number];
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * An RFQ's lifecycle (record 0048): published when created; the buyer awards it (accepting a quote) or closes it.
 * The RFQ module's status writes are checked against it; a move not listed is refused.
 */
export const RFQ_TRANSITIONS: Record<RfqStatus, Partial<Record<RfqStatus, readonly "buyer"[]>>> = {
  published: { awarded: ["buyer"], closed: ["buyer"] },
  awarded: {},
  closed: {},
};

/**
 * A quote's lifecycle (record 0048): submitted when sent; the buyer accepts it (the RFQ's other live quotes are then
 * declined, by the same buyer's act), the supplier withdraws it or revises it (superseded by the new one).
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteStatus, readonly ("buyer" | "seller")[]>>> = {
  submitted: { accepted: ["buyer"], declined: ["buyer"], withdrawn: ["seller"], superseded: ["seller"] },
  accepted: {},
  declined: {},
  withdrawn: {},
  superseded: {},
};

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
  status: RfqStatus;
  createdAt: string;
  /** who posted it, as this viewer may know it (buyerShownAs): never the buyer's own name */
  buyerCompany: string;
  /** the buyer posted without its company name */
  buyerAnonymous: boolean;
  quoteCount: number;
  /** the buyer takes quotes from verified suppliers only */
  verifiedSuppliersOnly: boolean;
  /** a direct inquiry from a product page (issue #41.3); null for an RFQ open to every supplier */
  direct: DirectInquiry | null;
};

/** A direct inquiry as its viewer may know it (decision record 0054). */
export type DirectInquiry = {
  /** the product it was asked from (null once the product is deleted) */
  productId: string | null;
  /** the supplier it is addressed to: named to the buyer and administrators only, null to anyone else */
  supplierCompany: string | null;
  /** how it reaches the viewer: addressed to it, or it was invited as a similar supplier; null for anyone else */
  viewerRole: "addressed" | "invited" | null;
  /** the buyer asked for similar verified suppliers to be invited too */
  inviteSimilar: boolean;
};

export type QuoteView = {
  id: string;
  supplierCompany: string;
  /** the supplier's verification, now (not when it quoted) */
  supplierVerified: boolean;
  status: QuoteStatus;
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
  /** the HTS table's description of the quote's HTSUS code (null: none, or a 6-digit code stored before) */
  hsDescription: string | null;
} & QuoteTradeTerms;

/** What a supplier the RFQ's buyer blocked is told, on the page and when a quote is posted (issue 38): no more. */
export const QUOTE_CLOSED_MESSAGE = "You cannot quote on this RFQ";

export type RfqDetail = RfqCard & {
  specifications: { details: string } | null;
  buyerId: string;
  buyerFullName: string;
  viewer: "buyer" | "supplier" | "anonymous";
  canQuote: boolean;
  /** a seller who could quote but for the RFQ's "verified suppliers only" */
  needsVerification: boolean;
  /** a seller this RFQ's buyer takes no quotes from (the buyer blocked them): told "You cannot quote on this RFQ" */
  quoteClosed: boolean;
  quotes: QuoteView[];
  /** Other suppliers' quotes, counted but sealed. */
  sealedQuoteCount: number;
};

/** What a direct inquiry's buyer is told (issue #41.3). */
export const DIRECT_INQUIRY_MESSAGES = {
  ownProduct: "You cannot request a quote on your own product",
  created: "Quote request sent to the supplier",
};
