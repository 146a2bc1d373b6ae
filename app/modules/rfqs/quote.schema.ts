import { z } from "zod";
import { formatMoney } from "~/lib/money";
import { parseAmountToMinor, totalFromUnit, unitFromTotal } from "~/lib/money-minor";
import { isCalendarDate } from "~/lib/date-range";
import {
  CURRENCIES,
  htsus10Schema,
  INCOTERM_PLACE,
  INCOTERMS,
  PAYMENT_TERMS,
  SHIP_MODES,
  type Currency,
  type Incoterm,
  type PaymentTerms,
  type ShipMode,
} from "~/modules/trade/trade-terms.schema";

/**
 * A supplier's quote (issue #21): price in USD or INR (unit price or total; the other is computed from the
 * quantity), and, once an Incoterm is chosen, structured trade terms. Without an Incoterm a quote is the
 * older kind: a price and a delivery timeline, its terms in text. Browser-safe; the server adds the rules that
 * need the database (ports, the INR rate in force, dates relative to today).
 */

export const MAX_LEAD_TIME_DAYS = 730;

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters`).optional().default("");

const rawQuote = z.object({
  currency: text(40),
  unitPrice: text(40),
  price: text(40),
  quantity: text(20),
  deliveryTimeline: text(200),
  terms: text(5000),
  incoterm: text(40),
  incotermPort: text(40),
  incotermPlace: text(200),
  shipMode: text(40),
  leadTimeDays: text(40),
  paymentTerms: text(40),
  paymentTermsOther: text(200),
  validUntil: text(40),
  sampleAvailable: text(40),
  samplePrice: text(40),
  hsCode: text(20),
  unitWeightKg: text(20),
  goodsDescription: text(300),
  material: text(200),
  manufacturer: text(300),
});

export type QuoteTerms = {
  currency: Currency;
  /** minor units of the quote's currency */
  unitPriceMinor: number;
  totalMinor: number;
  quantity: number;
  /** the text older readers show; derived from the lead time when left empty */
  deliveryTimeline: string;
  terms: string | null;
  incoterm: Incoterm | null;
  incotermPort: string | null;
  incotermPlace: string | null;
  shipMode: ShipMode | null;
  leadTimeDays: number | null;
  paymentTerms: PaymentTerms | null;
  paymentTermsOther: string | null;
  validUntil: string | null;
  sampleAvailable: boolean | null;
  samplePriceMinor: number | null;
  hsCode: string | null;
  unitWeightGrams: number | null;
  /** the goods as the invoices describe them, their material or composition, and their maker (issue #41) */
  goodsDescription: string | null;
  material: string | null;
  manufacturer: string | null;
};

/** The structured terms as a quote carries them (all null on quotes made before trade terms). */
export type QuoteTradeTerms = Omit<
  QuoteTerms,
  "currency" | "unitPriceMinor" | "totalMinor" | "quantity" | "deliveryTimeline" | "terms"
>;

const CURRENCY_WORDS: Record<Currency, string> = { USD: "US dollars", INR: "rupees" };
const PLACE_REQUIRED: Record<Incoterm, string> = {
  EXW: "Enter the place of delivery for EXW (the seller's premises)",
  FCA: "Enter the place where the goods are handed to the carrier for FCA",
  FOB: "Choose the Indian port of loading for FOB",
  CIF: "Choose the US port of destination for CIF",
  DAP: "Enter the US destination for DAP",
  DDP: "Enter the US destination for DDP",
};

/** The text a quote without its own delivery timeline shows: "45 days (production + transit)". */
export function leadTimeText(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"} (production + transit)`;
}

export const quoteSchema = rawQuote.transform((raw, ctx): QuoteTerms => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

  const currency: Currency =
    raw.currency === ""
      ? "USD"
      : (CURRENCIES as readonly string[]).includes(raw.currency)
        ? (raw.currency as Currency)
        : "USD";
  if (raw.currency !== "" && !(CURRENCIES as readonly string[]).includes(raw.currency))
    issue("currency", "Choose US dollars or Indian rupees");
  const words = CURRENCY_WORDS[currency];

  const quantity = /^\d+$/.test(raw.quantity) ? Number(raw.quantity) : NaN;
  const quantityOk = quantity > 0 && quantity <= 1_000_000_000;
  if (!quantityOk) issue("quantity", "Quantity must be a whole number greater than 0");

  // either price may be entered; the other follows from the quantity
  const total = raw.price === "" ? null : parseAmountToMinor(raw.price);
  const unit = raw.unitPrice === "" ? null : parseAmountToMinor(raw.unitPrice);
  if (raw.price !== "" && (total === null || total <= 0))
    issue("price", `Price must be an amount in ${words} greater than 0`);
  if (raw.unitPrice !== "" && (unit === null || unit <= 0))
    issue("unitPrice", `Unit price must be an amount in ${words} greater than 0`);
  if (raw.price === "" && raw.unitPrice === "")
    issue("price", `Price must be an amount in ${words} greater than 0: enter the total or the unit price`);
  let unitPriceMinor = 0;
  let totalMinor = 0;
  if (quantityOk && (total ?? 1) > 0 && (unit ?? 1) > 0 && (total !== null || unit !== null)) {
    const fromUnit = unit !== null && Number.isSafeInteger(unit * quantity) ? totalFromUnit(unit, quantity) : null;
    if (unit !== null && fromUnit === null) issue("unitPrice", "That unit price times the quantity is too large");
    totalMinor = total ?? fromUnit ?? 0;
    unitPriceMinor = unit ?? (total !== null ? unitFromTotal(total, quantity) : 0);
    if (
      total !== null &&
      unit !== null &&
      fromUnit !== null &&
      fromUnit !== total &&
      unitFromTotal(total, quantity) !== unit
    ) {
      issue(
        "price",
        `Unit price × quantity is ${formatMoney(fromUnit, currency)}: correct one of them, or leave one empty`,
      );
    }
    if (total !== null && unit === null && unitPriceMinor <= 0)
      issue("price", `That total is less than one ${currency === "USD" ? "cent" : "paisa"} per unit`);
  }

  const incoterm =
    raw.incoterm === ""
      ? null
      : (INCOTERMS as readonly string[]).includes(raw.incoterm)
        ? (raw.incoterm as Incoterm)
        : null;
  if (raw.incoterm !== "" && incoterm === null) issue("incoterm", "Choose an Incoterm from the list");
  const structured = incoterm !== null;

  let incotermPort: string | null = null;
  let incotermPlace: string | null = null;
  if (incoterm) {
    const kind = INCOTERM_PLACE[incoterm].kind;
    const portFormat = /^[A-Z]{2}[A-Z0-9]{3}$/;
    if (kind === "origin-port" || kind === "us-port") {
      if (!portFormat.test(raw.incotermPort)) issue("incotermPort", PLACE_REQUIRED[incoterm]);
      else incotermPort = raw.incotermPort;
    } else {
      if (raw.incotermPlace === "") issue("incotermPlace", PLACE_REQUIRED[incoterm]);
      incotermPlace = raw.incotermPlace || null;
      // DAP and DDP may also name the US port the goods enter by
      if (kind === "us-destination" && raw.incotermPort !== "") {
        if (!portFormat.test(raw.incotermPort)) issue("incotermPort", "Choose a US port from the list, or none");
        else incotermPort = raw.incotermPort;
      }
    }
  }

  const shipMode = (SHIP_MODES as readonly string[]).includes(raw.shipMode) ? (raw.shipMode as ShipMode) : null;
  if (raw.shipMode !== "" && shipMode === null) issue("shipMode", "Choose ocean or air freight");
  else if (structured && shipMode === null) issue("shipMode", "Choose ocean or air freight");
  else if ((incoterm === "FOB" || incoterm === "CIF") && shipMode === "air")
    issue("shipMode", `${incoterm} is for sea freight: for air freight, quote FCA at the airport or DAP`);

  let leadTimeDays: number | null = null;
  if (raw.leadTimeDays !== "") {
    const n = /^\d+$/.test(raw.leadTimeDays) ? Number(raw.leadTimeDays) : NaN;
    if (n >= 1 && n <= MAX_LEAD_TIME_DAYS) leadTimeDays = n;
    else issue("leadTimeDays", `Lead time must be a whole number of days, 1 to ${MAX_LEAD_TIME_DAYS}`);
  } else if (structured) issue("leadTimeDays", "Enter the lead time in days (production + transit)");

  const deliveryTimeline = raw.deliveryTimeline || (leadTimeDays !== null ? leadTimeText(leadTimeDays) : "");
  // with an Incoterm the lead time is asked for instead
  if (!deliveryTimeline && !structured && raw.leadTimeDays === "")
    issue("deliveryTimeline", "Please enter a delivery timeline");

  const paymentTerms = (PAYMENT_TERMS as readonly string[]).includes(raw.paymentTerms)
    ? (raw.paymentTerms as PaymentTerms)
    : null;
  if (raw.paymentTerms !== "" && paymentTerms === null) issue("paymentTerms", "Choose payment terms from the list");
  else if (structured && paymentTerms === null) issue("paymentTerms", "Choose the payment terms");
  const paymentTermsOther = paymentTerms === "other" ? raw.paymentTermsOther || null : null;
  if (paymentTerms === "other" && !paymentTermsOther) issue("paymentTermsOther", "Describe the payment terms");

  let validUntil: string | null = null;
  if (raw.validUntil !== "") {
    if (isCalendarDate(raw.validUntil)) validUntil = raw.validUntil;
    else issue("validUntil", "Choose a valid date");
  } else if (structured) issue("validUntil", "Choose the date this quote is valid until");

  let sampleAvailable: boolean | null =
    raw.sampleAvailable === "yes" ? true : raw.sampleAvailable === "no" ? false : null;
  if (raw.sampleAvailable !== "" && sampleAvailable === null)
    issue("sampleAvailable", "Say whether a sample is available");
  if (structured && sampleAvailable === null) sampleAvailable = false;
  let samplePriceMinor: number | null = null;
  if (sampleAvailable) {
    // an empty price: the sample is free
    samplePriceMinor = raw.samplePrice === "" ? 0 : parseAmountToMinor(raw.samplePrice);
    if (samplePriceMinor === null)
      issue("samplePrice", `Sample price must be an amount in ${words}, or empty for a free sample`);
  }

  let hsCode: string | null = null;
  if (raw.hsCode !== "") {
    // new quotes state the 10-digit HTSUS number (record 0053); whether it exists, the server checks
    const parsed = htsus10Schema.safeParse(raw.hsCode);
    if (parsed.success) hsCode = parsed.data;
    else issue("hsCode", parsed.error.issues[0]!.message);
  }

  let unitWeightGrams: number | null = null;
  if (raw.unitWeightKg !== "") {
    const m = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(raw.unitWeightKg.replace(/,/g, ""));
    const grams = m ? Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0")) : 0;
    if (grams > 0) unitWeightGrams = grams;
    else issue("unitWeightKg", "Weight per unit in kilograms, like 0.45 (up to 3 decimals, at least 1 gram)");
  }

  return {
    currency,
    unitPriceMinor,
    totalMinor,
    quantity,
    deliveryTimeline,
    terms: raw.terms || null,
    incoterm,
    incotermPort,
    incotermPlace,
    shipMode,
    leadTimeDays,
    paymentTerms,
    paymentTermsOther,
    validUntil,
    sampleAvailable,
    samplePriceMinor,
    hsCode,
    unitWeightGrams,
    goodsDescription: raw.goodsDescription || null,
    material: raw.material || null,
    manufacturer: raw.manufacturer || null,
  };
});

export type QuoteInput = z.output<typeof quoteSchema>;
export const QUOTE_FIELDS = Object.keys(rawQuote.shape) as (keyof typeof rawQuote.shape)[];
