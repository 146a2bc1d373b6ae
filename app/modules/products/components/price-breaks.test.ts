import { describe, expect, it } from "vitest";
import { quantityRows, tierQuantityLabel } from "./price-breaks";

const ladder = {
  variantSku: "",
  label: "All variants",
  basePriceCents: 105,
  tiers: [
    { id: "t1", minQuantity: 20_000, unitPriceCents: 85 },
    { id: "t2", minQuantity: 50_000, unitPriceCents: 65 },
  ],
};

describe("the volume price table prices every quantity from the MOQ", () => {
  it("a first break at 20,000 for an MOQ of 5,000 leaves 5,000–19,999 at the price without a break, not unpriced", () => {
    const rows = quantityRows(ladder, 5_000);
    expect(rows).toEqual([
      { tierId: null, minQuantity: 5_000, nextMinQuantity: 20_000, unitPriceCents: 105 },
      { tierId: "t1", minQuantity: 20_000, nextMinQuantity: 50_000, unitPriceCents: 85 },
      { tierId: "t2", minQuantity: 50_000, nextMinQuantity: undefined, unitPriceCents: 65 },
    ]);
    expect(rows.map((r) => tierQuantityLabel(r.minQuantity, r.nextMinQuantity, "pieces"))).toEqual([
      "5,000–19,999 pieces",
      "20,000–49,999 pieces",
      "50,000+ pieces",
    ]);
  });

  it("adds nothing when the first break starts at the MOQ", () => {
    expect(quantityRows(ladder, 20_000).map((r) => r.tierId)).toEqual(["t1", "t2"]);
  });
});
