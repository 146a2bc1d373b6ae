import { describe, expect, it } from "vitest";
import { QUOTE_FIELDS, quoteSchema } from "./quote.schema";

const structured = {
  currency: "USD",
  unitPrice: "4.25",
  price: "",
  quantity: "1000",
  incoterm: "FOB",
  incotermPort: "INMUN",
  incotermPlace: "",
  shipMode: "ocean",
  leadTimeDays: "45",
  paymentTerms: "advance_30_bl_70",
  validUntil: "2030-01-31",
  sampleAvailable: "no",
};

function errorsOf(values: Record<string, string>) {
  const parsed = quoteSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("quote terms", () => {
  it("computes the total from the unit price and the unit price from the total, in minor units", () => {
    expect(quoteSchema.parse(structured)).toMatchObject({
      unitPriceMinor: 425,
      totalMinor: 425000,
      deliveryTimeline: "45 days (production + transit)",
      incotermPort: "INMUN",
    });
    expect(quoteSchema.parse({ ...structured, unitPrice: "", price: "4,25,000", currency: "INR" })).toMatchObject({
      currency: "INR",
      unitPriceMinor: 42500,
      totalMinor: 42500000,
    });
    // both given and agreeing: accepted as typed; a total that rounds to the unit price agrees too ($100.00 / 3)
    expect(quoteSchema.parse({ ...structured, quantity: "3", unitPrice: "33.33", price: "100" })).toMatchObject({
      unitPriceMinor: 3333,
      totalMinor: 10000,
    });
    expect(errorsOf({ ...structured, unitPrice: "4.25", price: "5000" })).toEqual({
      price: "Unit price × quantity is $4,250.00: correct one of them, or leave one empty",
    });
    expect(errorsOf({ ...structured, unitPrice: "", price: "" })).toEqual({
      price: "Price must be an amount in US dollars greater than 0: enter the total or the unit price",
    });
    expect(errorsOf({ ...structured, currency: "INR", unitPrice: "0" })).toEqual({
      unitPrice: "Unit price must be an amount in rupees greater than 0",
    });
    expect(errorsOf({ ...structured, unitPrice: "", price: "0.99" })).toEqual({
      price: "That total is less than one cent per unit",
    });
    expect(errorsOf({ ...structured, currency: "EUR" })).toEqual({ currency: "Choose US dollars or Indian rupees" });
  });

  it("names the place each Incoterm needs", () => {
    expect(errorsOf({ ...structured, incotermPort: "" })).toEqual({
      incotermPort: "Choose the Indian port of loading for FOB",
    });
    expect(errorsOf({ ...structured, incoterm: "CIF", incotermPort: "" })).toEqual({
      incotermPort: "Choose the US port of destination for CIF",
    });
    expect(errorsOf({ ...structured, incoterm: "DDP", incotermPort: "" })).toEqual({
      incotermPlace: "Enter the US destination for DDP",
    });
    expect(errorsOf({ ...structured, incoterm: "EXW", incotermPort: "" })).toEqual({
      incotermPlace: "Enter the place of delivery for EXW (the seller's premises)",
    });
    expect(errorsOf({ ...structured, incoterm: "FCA", incotermPort: "", incotermPlace: "" })).toEqual({
      incotermPlace: "Enter the place where the goods are handed to the carrier for FCA",
    });
    // DAP: a place in words, and perhaps the US port it enters by
    expect(
      quoteSchema.parse({ ...structured, incoterm: "DAP", incotermPort: "USCHI", incotermPlace: "Chicago, IL 60607" }),
    ).toMatchObject({ incotermPlace: "Chicago, IL 60607", incotermPort: "USCHI" });
    expect(
      quoteSchema.parse({ ...structured, incoterm: "DAP", incotermPort: "", incotermPlace: "Chicago, IL" }),
    ).toMatchObject({ incotermPort: null });
    // a port's place in words is not kept for FOB (the server names it from the ports table)
    expect(quoteSchema.parse({ ...structured, incotermPlace: "ignored" })).toMatchObject({ incotermPlace: null });
    expect(errorsOf({ ...structured, incoterm: "XYZ" })).toEqual({ incoterm: "Choose an Incoterm from the list" });
    expect(errorsOf({ ...structured, incotermPort: "mundra" })).toEqual({
      incotermPort: "Choose the Indian port of loading for FOB",
    });
  });

  it("keeps FOB and CIF to sea freight", () => {
    expect(errorsOf({ ...structured, shipMode: "air" })).toEqual({
      shipMode: "FOB is for sea freight: for air freight, quote FCA at the airport or DAP",
    });
    expect(errorsOf({ ...structured, incoterm: "CIF", incotermPort: "USLAX", shipMode: "air" })).toEqual({
      shipMode: "CIF is for sea freight: for air freight, quote FCA at the airport or DAP",
    });
    expect(
      quoteSchema.parse({
        ...structured,
        incoterm: "FCA",
        incotermPort: "",
        incotermPlace: "Mumbai airport",
        shipMode: "air",
      }),
    ).toMatchObject({ shipMode: "air" });
    expect(errorsOf({ ...structured, shipMode: "" })).toEqual({ shipMode: "Choose ocean or air freight" });
  });

  it("requires lead time, payment terms and validity with an Incoterm, and checks each", () => {
    expect(errorsOf({ ...structured, leadTimeDays: "", paymentTerms: "", validUntil: "" })).toEqual({
      leadTimeDays: "Enter the lead time in days (production + transit)",
      paymentTerms: "Choose the payment terms",
      validUntil: "Choose the date this quote is valid until",
    });
    expect(errorsOf({ ...structured, leadTimeDays: "0" })).toEqual({
      leadTimeDays: "Lead time must be a whole number of days, 1 to 730",
    });
    expect(errorsOf({ ...structured, leadTimeDays: "12.5" })).toEqual({
      leadTimeDays: "Lead time must be a whole number of days, 1 to 730",
    });
    expect(errorsOf({ ...structured, paymentTerms: "other" })).toEqual({
      paymentTermsOther: "Describe the payment terms",
    });
    expect(
      quoteSchema.parse({ ...structured, paymentTerms: "other", paymentTermsOther: "50 % on delivery" }),
    ).toMatchObject({ paymentTermsOther: "50 % on delivery" });
    expect(quoteSchema.parse({ ...structured, paymentTermsOther: "dropped unless other" })).toMatchObject({
      paymentTermsOther: null,
    });
    expect(errorsOf({ ...structured, validUntil: "2030-02-30" })).toEqual({ validUntil: "Choose a valid date" });
  });

  it("reads the sample, the HS code and the weight per unit", () => {
    expect(quoteSchema.parse({ ...structured, sampleAvailable: "yes", samplePrice: "" })).toMatchObject({
      sampleAvailable: true,
      samplePriceMinor: 0,
    });
    expect(quoteSchema.parse({ ...structured, sampleAvailable: "yes", samplePrice: "25" })).toMatchObject({
      samplePriceMinor: 2500,
    });
    expect(quoteSchema.parse({ ...structured, sampleAvailable: "no", samplePrice: "25" })).toMatchObject({
      sampleAvailable: false,
      samplePriceMinor: null,
    });
    expect(errorsOf({ ...structured, sampleAvailable: "yes", samplePrice: "free" })).toEqual({
      samplePrice: "Sample price must be an amount in US dollars, or empty for a free sample",
    });
    expect(quoteSchema.parse({ ...structured, hsCode: "6302.60.0010" })).toMatchObject({ hsCode: "6302600010" });
    // new quotes state the 10-digit HTSUS number: a 6-digit HS code is no longer taken (record 0053)
    for (const short of ["63026", "6302.60", "63026000"])
      expect(errorsOf({ ...structured, hsCode: short })).toEqual({
        hsCode: "Enter the 10-digit HTSUS number, like 6302.60.0020",
      });
    expect(quoteSchema.parse({ ...structured, unitWeightKg: "0.45" })).toMatchObject({ unitWeightGrams: 450 });
    expect(quoteSchema.parse({ ...structured, unitWeightKg: "12" })).toMatchObject({ unitWeightGrams: 12000 });
    for (const bad of ["0", "0.0001", "-1", "heavy"])
      expect(errorsOf({ ...structured, unitWeightKg: bad })).toEqual({
        unitWeightKg: "Weight per unit in kilograms, like 0.45 (up to 3 decimals, at least 1 gram)",
      });
  });

  it("keeps the older kind of quote: a USD price and a delivery timeline, terms in text", () => {
    expect(
      quoteSchema.parse({ price: "2450.75", quantity: "300", deliveryTimeline: "30 days", terms: "FOB Chennai" }),
    ).toMatchObject({
      currency: "USD",
      totalMinor: 245075,
      unitPriceMinor: 817,
      incoterm: null,
      leadTimeDays: null,
      paymentTerms: null,
      validUntil: null,
      sampleAvailable: null,
      terms: "FOB Chennai",
    });
    expect(errorsOf({ price: "10", quantity: "1", deliveryTimeline: "" })).toEqual({
      deliveryTimeline: "Please enter a delivery timeline",
    });
    expect(errorsOf({ price: "abc", quantity: "1", deliveryTimeline: "x" })).toEqual({
      price: "Price must be an amount in US dollars greater than 0",
    });
    expect(errorsOf({ price: "10", quantity: "1.5", deliveryTimeline: "x" })).toEqual({
      quantity: "Quantity must be a whole number greater than 0",
    });
  });
});

describe("quote terms on hostile input", () => {
  it("answers any posted strings with a result or field messages, never an exception", async () => {
    const { default: fc } = await import("fast-check");
    const keys = QUOTE_FIELDS;
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "",
        "0",
        "-1",
        "1e308",
        "9".repeat(40),
        "FOB",
        "INR",
        "INMUN",
        "other",
        "yes",
        "2030-02-30",
        "NaN",
        "1.5",
      ),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), value), (values) => {
        const parsed = quoteSchema.safeParse(values);
        if (parsed.success) expect(Number.isSafeInteger(parsed.data.totalMinor)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
