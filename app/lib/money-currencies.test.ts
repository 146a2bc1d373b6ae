import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, formatRate } from "./money";
import {
  divideRoundHalfAwayFromZero,
  inrPaiseToUsdCents,
  parseAmountToMinor,
  parseRate,
  totalFromUnit,
  unitFromTotal,
  usdCentsToInrPaise,
} from "./money-minor";

describe("money in minor units, USD and INR", () => {
  it("formats rupees with lakh and crore grouping (en-IN) and dollars en-US, exactly", () => {
    expect(formatMoney(123456700, "INR")).toBe("₹12,34,567.00");
    expect(formatMoney(1234567890, "INR")).toBe("₹1,23,45,678.90");
    expect(formatMoney(5, "INR")).toBe("₹0.05");
    expect(formatMoney(123456789, "USD")).toBe("$1,234,567.89");
    // beyond a double's exact cents: the decimal string keeps every digit
    expect(formatMoney(9007199254740991, "USD")).toBe("$90,071,992,547,409.91");
    expect(formatMoney(-1050, "USD")).toBe("-$10.50");
  });

  it("parses typed amounts in either currency into minor units", () => {
    expect(parseAmountToMinor("4,25,000.50")).toBe(42500050);
    expect(parseAmountToMinor("₹ 1,200")).toBe(120000);
    expect(parseAmountToMinor("12.345")).toBeNull();
    expect(parseAmountToMinor("1e5")).toBeNull();
  });

  it("reads rates with up to 4 decimals, scaled by 10^4, and refuses anything else", () => {
    expect(parseRate("88.45")).toBe(884500n);
    expect(parseRate("88.4512")).toBe(884512n);
    expect(parseRate("88")).toBe(880000n);
    for (const bad of ["0", "0.0000", "-88", "88.45123", "88,45", "1e2", "", " "]) expect(parseRate(bad)).toBeNull();
    expect(formatRate("88.4500")).toBe("₹88.45");
    expect(formatRate("88.4512")).toBe("₹88.4512");
  });

  it("rounds half away from zero (not banker's): 0.5 → 1, 2.5 → 3, -2.5 → -3", () => {
    expect(divideRoundHalfAwayFromZero(1n, 2n)).toBe(1n);
    expect(divideRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideRoundHalfAwayFromZero(8n, 3n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(4n, -3n)).toBe(-1n);
  });

  it("converts INR to USD and back with the rate as a decimal string, by hand-computed examples", () => {
    // ₹4,25,000.00 at ₹88.45 = $1: 42,500,000 paise / 88.45 = 480,497.4562… cents → $4,804.97
    expect(inrPaiseToUsdCents(42500000, "88.45")).toBe(480497);
    // ₹88.45 is exactly $1
    expect(inrPaiseToUsdCents(8845, "88.45")).toBe(100);
    // a tie: 1 paise at ₹2 = $1 is exactly half a cent → 1 cent (away from zero); banker's would give 0
    expect(inrPaiseToUsdCents(1, "2")).toBe(1);
    // 3 paise at ₹2 = 1.5 cents → 2 (banker's: 2 as well); 5 paise → 2.5 cents → 3 (banker's: 2)
    expect(inrPaiseToUsdCents(5, "2")).toBe(3);
    // $1,000.00 at ₹88.4512 = ₹88,451.20
    expect(usdCentsToInrPaise(100000, "88.4512")).toBe(8845120);
    // 1 cent at ₹83.335 = 83.335 paise → 83; at ₹83.35 = 83.35 → 83; at ₹83.5 → 83.5 → 84
    expect(usdCentsToInrPaise(1, "83.335")).toBe(83);
    expect(usdCentsToInrPaise(1, "83.5")).toBe(84);
  });

  it("a round trip INR → USD → INR is off by at most half a cent's worth of rupees", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 10_000, max: 2_000_000 }), (paise, scaled) => {
        const rate = `${Math.floor(scaled / 10_000)}.${String(scaled % 10_000).padStart(4, "0")}`;
        const back = usdCentsToInrPaise(inrPaiseToUsdCents(paise, rate), rate);
        expect(Math.abs(back - paise)).toBeLessThanOrEqual(Math.ceil(scaled / 20_000) + 1);
      }),
    );
  });

  it("computes the total from a unit price exactly and the unit price from a total, rounded", () => {
    expect(totalFromUnit(8500, 5000)).toBe(42500000);
    expect(unitFromTotal(42500000, 5000)).toBe(8500);
    // $100.00 for 3: 3333.33… → 3333 cents; $100.01 for 2: 5000.5 → 5001
    expect(unitFromTotal(10000, 3)).toBe(3333);
    expect(unitFromTotal(10001, 2)).toBe(5001);
  });
});
