import { describe, expect, it } from "vitest";
import type { LandedCostEstimate } from "./landed-cost";
import { bestValues, sharedTerms, type ComparedQuote } from "./quote-comparison";

/** A compared quote with only what the choice of "Best" reads; the estimate is a complete one at `landedPerUnit`. */
function quote(
  id: string,
  terms: { incoterm: ComparedQuote["incoterm"]; place: string | null; structured?: boolean },
  unitPriceUsdCents: number,
  landedPerUnit: number | null,
): ComparedQuote {
  return {
    id,
    supplierCompany: id,
    verified: true,
    replyHours: null,
    status: "submitted",
    structured: terms.structured ?? true,
    incoterm: terms.incoterm,
    place: terms.place,
    shipMode: "ocean",
    quantity: 1000,
    unitPriceUsdCents,
    totalUsdCents: unitPriceUsdCents * 1000,
    currency: "USD",
    inr: null,
    leadTimeDays: null,
    paymentTerms: null,
    paymentTermsOther: null,
    validUntil: null,
    hsCode: null,
    deliveryTimeline: "45 days",
    terms: null,
    landed:
      landedPerUnit === null
        ? null
        : ({ perUnitCents: landedPerUnit, totalCents: landedPerUnit * 1000, complete: true } as LandedCostEstimate),
    route: null,
  };
}

describe("the comparison's Best marks: like for like", () => {
  // issue 37: FOB Mundra at $4.17 lands at $6.86 in Chicago; DDP Chicago at $6.50 is $6.50 landed
  const fob = quote("fob", { incoterm: "FOB", place: "Mundra (INMUN)" }, 417, 686);
  const ddp = quote("ddp", { incoterm: "DDP", place: "Chicago, IL" }, 650, 650);

  it("marks only the landed cost when the quotes' Incoterms differ: never the FOB price against a cheaper DDP landing", () => {
    const best = bestValues([fob, ddp]);
    expect(best.landed).toEqual(["ddp"]);
    expect(best.unitPrice).toEqual([]);
    expect(best.total).toEqual([]);
    expect(sharedTerms([fob, ddp])).toBeNull();
  });

  it("marks unit price and total too when every quote is on the same Incoterm and place", () => {
    const other = quote("fob2", { incoterm: "FOB", place: "Mundra (INMUN)" }, 400, 670);
    expect(sharedTerms([fob, other])).toBe("FOB Mundra (INMUN)");
    expect(bestValues([fob, other])).toMatchObject({ unitPrice: ["fob2"], total: ["fob2"], landed: ["fob2"] });
  });

  it("does not compare prices across places or with a quote whose terms are only text", () => {
    const chennai = quote("fob-chennai", { incoterm: "FOB", place: "Chennai (INMAA)" }, 400, 700);
    expect(bestValues([fob, chennai])).toMatchObject({ unitPrice: [], total: [], landed: ["fob"] });
    const legacy = quote("legacy", { incoterm: null, place: null, structured: false }, 300, null);
    expect(sharedTerms([legacy, legacy])).toBeNull();
    expect(bestValues([fob, legacy])).toMatchObject({ unitPrice: [], total: [] });
  });
});
