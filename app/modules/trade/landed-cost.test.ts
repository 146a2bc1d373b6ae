import { describe, expect, it } from "vitest";
import {
  applicableAdditionalDuties,
  boundedFee,
  divideRoundHalfUp,
  estimateLandedCost,
  generalDutyRate,
  inrPaiseToUsdCents,
  laneFreight,
  percentOf,
  percentToScaled,
  type AdditionalDutyRow,
  type DutyRateRow,
  type FeeRate,
  type FreightLane,
  type LandedCostInput,
} from "./landed-cost";

// The figures of migration 0017, as the tables hold them on 25 Nov 2026.
const mpf: FeeRate = {
  ratePercent: "0.3464",
  minCents: 3358,
  maxCents: 65150,
  source: "CBP MPF FY2026",
  effectiveFrom: "2025-10-01",
};
const hmf: FeeRate = {
  ratePercent: "0.1250",
  minCents: null,
  maxCents: null,
  source: "CBP HMF",
  effectiveFrom: "1987-04-01",
};
const insurance: FeeRate = {
  ratePercent: "0.3000",
  minCents: null,
  maxCents: null,
  source: "Setu estimate",
  effectiveFrom: "2025-01-01",
};
const oceanLane: FreightLane = {
  originPort: "INNSA",
  destinationPort: "USNYC",
  mode: "ocean",
  perKgCents: 28,
  perContainerCents: 420_000,
  containerPayloadKg: 26_000,
  transitDays: 30,
  effectiveFrom: "2026-10-01",
  source: "Setu estimate",
};
const airLane: FreightLane = {
  ...oceanLane,
  originPort: "INBOM",
  destinationPort: "USJFK",
  mode: "air",
  perKgCents: 420,
  perContainerCents: null,
  containerPayloadKg: null,
  transitDays: 3,
};

const duty = (hsPrefix: string, ratePercent: string, extra: Partial<DutyRateRow> = {}): DutyRateRow => ({
  hsPrefix,
  ratePercent,
  description: `Heading ${hsPrefix}`,
  effectiveFrom: "2025-01-01",
  effectiveTo: null,
  source: "USITC HTS 2025",
  asOf: "2025-07-01",
  ...extra,
});
const dutyRates = [duty("63", "5"), duty("6302", "6.7"), duty("630260", "9.1"), duty("7323", "2"), duty("8708", "2.5")];
const excluded = ["27", "30", "8471", "8517", "8541", "8542", "72", "73", "76", "8703", "8708"];
const additionalDuties: AdditionalDutyRow[] = [
  {
    hsPrefix: null,
    excludedHsPrefixes: excluded,
    ratePercent: "25",
    description: "Reciprocal tariff",
    effectiveFrom: "2025-08-07",
    effectiveTo: null,
    source: "EO 14257",
  },
  {
    hsPrefix: null,
    excludedHsPrefixes: excluded,
    ratePercent: "25",
    description: "Additional tariff",
    effectiveFrom: "2025-08-27",
    effectiveTo: null,
    source: "EO 14329",
  },
  {
    hsPrefix: "73",
    excludedHsPrefixes: [],
    ratePercent: "50",
    description: "Section 232 steel derivatives",
    effectiveFrom: "2025-06-04",
    effectiveTo: null,
    source: "Proclamation",
  },
  {
    hsPrefix: "8708",
    excludedHsPrefixes: [],
    ratePercent: "25",
    description: "Section 232 auto parts",
    effectiveFrom: "2025-05-03",
    effectiveTo: null,
    source: "Proclamation 10908",
  },
];

// 1,000 terry towels (HS 6302.60.0010) at $5.00, 500 g each, Nhava Sheva → New York by ocean
const towels: LandedCostInput = {
  incoterm: "FOB",
  shipMode: "ocean",
  quantity: 1000,
  goodsValueCents: 500_000,
  unitWeightGrams: 500,
  hsCode: "6302600010",
  lane: oceanLane,
  insurance,
  mpf,
  hmf,
  dutyRates,
  additionalDuties,
  date: "2026-11-25",
};

describe("scaled-integer percentages and the rounding rule (nearest cent, halves up)", () => {
  it("reads decimal strings exactly", () => {
    expect(percentToScaled("0.3464")).toBe(346_400n);
    expect(percentToScaled("6.7")).toBe(6_700_000n);
    expect(percentToScaled("25")).toBe(25_000_000n);
    expect(percentToScaled("11.2000")).toBe(11_200_000n);
    expect(() => percentToScaled("-1")).toThrow();
    expect(() => percentToScaled("1e3")).toThrow();
    expect(() => percentToScaled("0.0000001")).toThrow();
  });
  it("rounds each line once, halves up", () => {
    expect(divideRoundHalfUp(3n, 2n)).toBe(2n); // 1.5 → 2
    expect(divideRoundHalfUp(5n, 4n)).toBe(1n); // 1.25 → 1
    expect(percentOf(1, "50")).toBe(1); // 0.5 ¢ → 1 ¢
    expect(percentOf(3, "50")).toBe(2); // 1.5 ¢ → 2 ¢
    expect(percentOf(1000, "0.125")).toBe(1); // 1.25 ¢ → 1 ¢
    expect(percentOf(200, "0.3464")).toBe(1); // 0.6928 ¢ → 1 ¢
    // 0.1 + 0.2 in floats is 0.30000000000000004; in scaled integers 10 % of $0.03 is exactly 0.3 ¢ → 0 ¢
    expect(percentOf(3, "10")).toBe(0);
  });
  it("converts rupees at the stored rate", () => {
    // ₹4,20,000.00 = 42,000,000 paise ÷ 84.5 = 497,041.42 ¢ → $4,970.41
    expect(inrPaiseToUsdCents(42_000_000, "84.5000")).toBe(497_041);
    // 169 paise ÷ 2 = 84.5 ¢ → 85 ¢ (half up)
    expect(inrPaiseToUsdCents(169, "2")).toBe(85);
  });
});

describe("MPF bounds", () => {
  it("raises a small entry's MPF to the minimum", () => {
    // 0.3464 % of $5,000 = $17.32, below the FY2026 minimum $33.58
    expect(boundedFee(500_000, mpf)).toBe(3358);
  });
  it("lowers a large entry's MPF to the maximum", () => {
    // 0.3464 % of $200,000 = $692.80, above the maximum $651.50
    expect(boundedFee(20_000_000, mpf)).toBe(65150);
  });
  it("charges the percentage between the bounds", () => {
    // 0.3464 % of $10,000 = $34.64
    expect(boundedFee(1_000_000, mpf)).toBe(3464);
  });
});

describe("duty rates", () => {
  it("takes the longest prefix of the HS code that has a rate in force", () => {
    expect(generalDutyRate("6302600010", dutyRates, "2026-11-25")?.ratePercent).toBe("9.1"); // 630260 beats 6302 and 63
    expect(generalDutyRate("6302100000", dutyRates, "2026-11-25")?.ratePercent).toBe("6.7"); // 6302 beats 63
    expect(generalDutyRate("6301000000", dutyRates, "2026-11-25")?.ratePercent).toBe("5"); // only the chapter
    expect(generalDutyRate("9405000000", dutyRates, "2026-11-25")).toBeNull();
  });
  it("ignores rates not yet or no longer in force, and prefers the latest of one prefix", () => {
    const rows = [
      duty("6302", "6.7", { effectiveTo: "2026-01-01" }),
      duty("6302", "7.5", { effectiveFrom: "2026-01-01" }),
      duty("630260", "12", { effectiveFrom: "2027-01-01" }),
    ];
    expect(generalDutyRate("6302600010", rows, "2025-06-01")?.ratePercent).toBe("6.7");
    expect(generalDutyRate("6302600010", rows, "2026-11-25")?.ratePercent).toBe("7.5");
    expect(generalDutyRate("6302600010", rows, "2027-02-01")?.ratePercent).toBe("12");
  });
  it("applies additional duties whose prefix matches and none of whose exclusions does", () => {
    const names = (hs: string, date = "2026-11-25") =>
      applicableAdditionalDuties(hs, additionalDuties, date).map((d) => d.description);
    expect(names("6302600010")).toEqual(["Reciprocal tariff", "Additional tariff"]);
    // steel kitchenware: chapter 73 is excluded from the reciprocal tariffs, and pays Section 232 instead
    expect(names("7323930000")).toEqual(["Section 232 steel derivatives"]);
    expect(names("8708290000")).toEqual(["Section 232 auto parts"]);
    // before 27 Aug 2025 only the first reciprocal tariff was in force
    expect(names("6302600010", "2025-08-10")).toEqual(["Reciprocal tariff"]);
  });
});

describe("freight", () => {
  it("charges per chargeable kg when that is cheaper than a container", () => {
    // 1,000 × 500 g = 500 kg: 500 × $0.28 = $140 against one container at $4,200
    expect(laneFreight(oceanLane, 500, 1000)).toMatchObject({
      amountCents: 14_000,
      basis: "per-kg",
      chargeableKg: 500,
    });
    // 3 × 333 g = 999 g → 1 chargeable kg
    expect(laneFreight(oceanLane, 333, 3)).toMatchObject({ amountCents: 28, chargeableKg: 1 });
  });
  it("charges by the container when that is cheaper: containers = ⌈total kg ÷ payload⌉", () => {
    // 1,000 × 20 kg = 20,000 kg: per kg $5,600, one container $4,200
    expect(laneFreight(oceanLane, 20_000, 1000)).toMatchObject({
      amountCents: 420_000,
      basis: "containers",
      containers: 1,
    });
    // 3,000 × 20 kg = 60,000 kg: ⌈60,000 ÷ 26,000⌉ = 3 containers = $12,600 against $16,800 per kg
    expect(laneFreight(oceanLane, 20_000, 3000)).toMatchObject({
      amountCents: 1_260_000,
      basis: "containers",
      containers: 3,
    });
  });
  it("has no containers by air", () => {
    // 500 kg × $4.20 = $2,100
    expect(laneFreight(airLane, 500, 1000)).toMatchObject({ amountCents: 210_000, basis: "per-kg", containers: null });
  });
});

describe("landed cost by Incoterm", () => {
  it("FOB: the buyer pays freight, insurance, duty, MPF and HMF", () => {
    const e = estimateLandedCost(towels);
    // freight: 500 kg × $0.28 = $140.00
    expect(e.freight?.amountCents).toBe(14_000);
    // insurance: 0.3 % × 110 % × ($5,000 + $140) = 0.3 % × $5,654.00 = $16.962 → $16.96
    expect(e.insuranceCents).toBe(1696);
    // duty on the FOB value $5,000: 9.1 % (630260) = $455.00; 25 % + 25 % additional = $2,500.00
    expect(e.customsValueCents).toBe(500_000);
    expect(e.duties.map((d) => [d.kind, d.ratePercent, d.amountCents])).toEqual([
      ["general", "9.1", 45_500],
      ["additional", "25", 125_000],
      ["additional", "25", 125_000],
    ]);
    expect(e.dutyCents).toBe(295_500);
    // MPF: 0.3464 % × $5,000 = $17.32 → minimum $33.58; HMF: 0.125 % × $5,000 = $6.25
    expect(e.mpfCents).toBe(3358);
    expect(e.hmfCents).toBe(625);
    // extras: 140.00 + 16.96 + 2,955.00 + 33.58 + 6.25 = $3,151.79; total $8,151.79; per unit $8.15179 → $8.15
    expect(e.extrasCents).toBe(315_179);
    expect(e.totalCents).toBe(815_179);
    expect(e.perUnitCents).toBe(815);
    expect(e).toMatchObject({ estimate: true, complete: true, missing: [] });
  });

  it("EXW and FCA: as FOB, and they say the costs in India are not included", () => {
    for (const incoterm of ["EXW", "FCA"] as const) {
      const e = estimateLandedCost({ ...towels, incoterm });
      expect(e.totalCents).toBe(815_179);
      expect(e.notes.join(" ")).toMatch(/Costs in India before the main carriage .* are not included/);
    }
    expect(estimateLandedCost(towels).notes.join(" ")).not.toMatch(/Costs in India/);
  });

  it("CIF: duty, MPF and HMF on the price less the freight and insurance in it", () => {
    const e = estimateLandedCost({ ...towels, incoterm: "CIF" });
    // freight in the price $140.00; insurance 0.3 % × 110 % × $5,000 = $16.50
    // customs value: $5,000 − $140.00 − $16.50 = $4,843.50
    expect(e.customsValueCents).toBe(484_350);
    // duty 9.1 % × $4,843.50 = $440.7585 → $440.76; 25 % × $4,843.50 = $1,210.875 → $1,210.88 (twice)
    expect(e.duties.map((d) => d.amountCents)).toEqual([44_076, 121_088, 121_088]);
    // MPF 0.3464 % × $4,843.50 = $16.78 → minimum $33.58; HMF 0.125 % × $4,843.50 = $6.0544 → $6.05
    expect(e.mpfCents).toBe(3358);
    expect(e.hmfCents).toBe(605);
    // the buyer pays no freight or insurance: extras 440.76 + 2,421.76 + 33.58 + 6.05 = $2,902.15
    expect(e.freight).toBeNull();
    expect(e.insuranceCents).toBeNull();
    expect(e.extrasCents).toBe(290_215);
    expect(e.totalCents).toBe(790_215);
    expect(e.perUnitCents).toBe(790); // $7.90215 → $7.90
    expect(e.notes.join(" ")).toMatch(/CIF price less the estimated freight and insurance/);
  });

  it("CIF: the customs value is never below half the price", () => {
    // $1,000 of goods weighing 10,000 kg: freight min($2,800 per kg, $4,200 a container) = $2,800 > the price
    const e = estimateLandedCost({ ...towels, incoterm: "CIF", goodsValueCents: 100_000, unitWeightGrams: 10_000 });
    expect(e.customsValueCents).toBe(50_000);
    // duty 9.1 % × $500 = $45.50, 25 % × $500 = $125 twice; MPF minimum $33.58; HMF 0.125 % × $500 = $0.625 → $0.63
    expect(e.dutyCents).toBe(4550 + 12_500 + 12_500);
    expect(e.hmfCents).toBe(63);
    expect(e.notes.join(" ")).toMatch(/half the quoted price/);
  });

  it("CIF without a weight: duty on the full price, and it says so; still complete for what the buyer pays", () => {
    const e = estimateLandedCost({ ...towels, incoterm: "CIF", unitWeightGrams: null });
    expect(e.customsValueCents).toBe(500_000);
    expect(e.complete).toBe(true);
    expect(e.notes.join(" ")).toMatch(/full CIF price/);
  });

  it("DAP: duty, MPF and HMF on the customs value found as for CIF", () => {
    const e = estimateLandedCost({ ...towels, incoterm: "DAP" });
    expect(e.customsValueCents).toBe(484_350);
    expect(e.extrasCents).toBe(290_215);
    expect(e.freight).toBeNull();
  });

  it("DDP: nothing on top of the price", () => {
    const e = estimateLandedCost({ ...towels, incoterm: "DDP", goodsValueCents: 900_000 });
    expect(e).toMatchObject({
      extrasCents: 0,
      totalCents: 900_000,
      perUnitCents: 900,
      duties: [],
      mpfCents: null,
      hmfCents: null,
      freight: null,
      complete: true,
    });
  });

  it("HMF only by ocean", () => {
    const e = estimateLandedCost({ ...towels, shipMode: "air", lane: airLane });
    expect(e.hmfCents).toBeNull();
    // air freight 500 kg × $4.20 = $2,100; insurance 0.3 % × 110 % × $7,100 = $23.43
    expect(e.freight?.amountCents).toBe(210_000);
    expect(e.insuranceCents).toBe(2343);
    // 2,100 + 23.43 + 2,955 + 33.58 = $5,112.01
    expect(e.extrasCents).toBe(511_201);
    expect(e.complete).toBe(true);
  });

  it("steel goods: Section 232 instead of the reciprocal tariffs", () => {
    // $5,000 of steel kitchenware: 2 % = $100, Section 232 50 % = $2,500
    const e = estimateLandedCost({ ...towels, hsCode: "7323930000" });
    expect(e.duties.map((d) => [d.description, d.amountCents])).toEqual([
      ["Heading 7323", 10_000],
      ["Section 232 steel derivatives", 250_000],
    ]);
  });

  it("without an HS code: no duty, said so, and the estimate is incomplete", () => {
    const e = estimateLandedCost({ ...towels, hsCode: null });
    expect(e.duties).toEqual([]);
    expect(e.missing).toEqual(["hs-code"]);
    expect(e.complete).toBe(false);
    // freight, insurance, MPF and HMF are still there: 140 + 16.96 + 33.58 + 6.25
    expect(e.extrasCents).toBe(19_679);
  });

  it("an HS code with no rate in the table: the additional duties still count, the general one is missing", () => {
    const e = estimateLandedCost({ ...towels, hsCode: "9405000000" });
    expect(e.missing).toEqual(["duty-rate"]);
    expect(e.duties.map((d) => d.kind)).toEqual(["additional", "additional"]);
  });

  it("without a weight: no freight unless the buyer gives their own figure", () => {
    const e = estimateLandedCost({ ...towels, unitWeightGrams: null });
    expect(e.freight).toBeNull();
    expect(e.missing).toEqual(["weight"]);
    // insurance on the goods alone: 0.3 % × 110 % × $5,000 = $16.50
    expect(e.insuranceCents).toBe(1650);
    const own = estimateLandedCost({ ...towels, unitWeightGrams: null, buyerFreightCents: 30_000 });
    expect(own.freight).toMatchObject({ amountCents: 30_000, basis: "buyer" });
    expect(own.complete).toBe(true);
    // insurance 0.3 % × 110 % × $5,300 = $17.49
    expect(own.insuranceCents).toBe(1749);
  });

  it("without a lane: freight not estimated", () => {
    const e = estimateLandedCost({ ...towels, lane: null });
    expect(e.missing).toEqual(["freight-lane"]);
  });

  it("per unit rounds halves up", () => {
    // DDP $0.03 for 2 units: 1.5 ¢ → 2 ¢
    expect(estimateLandedCost({ ...towels, incoterm: "DDP", goodsValueCents: 3, quantity: 2 }).perUnitCents).toBe(2);
  });

  it("refuses a quantity that is not a positive whole number", () => {
    expect(() => estimateLandedCost({ ...towels, quantity: 0 })).toThrow();
    expect(() => estimateLandedCost({ ...towels, quantity: 1.5 })).toThrow();
  });
});
