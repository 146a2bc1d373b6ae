import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import {
  allocateMinor,
  convertMoney,
  decimalNumberFromMinor,
  minorFromDecimalNumber,
  money,
  parseMoney,
  sumMoney,
  unitFromTotal,
} from "./money-minor";
import { quotePrice } from "./quote-price";

/** A rate of rupees per dollar with 4 decimals, from its scaled integer (884512 → "88.4512"). */
const rateOf = (scaled: number) => `${Math.floor(scaled / 10_000)}.${String(scaled % 10_000).padStart(4, "0")}`;
const rates = fc.integer({ min: 10_000, max: 10_000_000 }).map(rateOf); // ₹1.0000 to ₹1,000.0000, as the admin allows

describe("Money, one value (decision record 0050)", () => {
  it("is a safe integer of minor units with its currency, never a float", () => {
    expect(money(65)).toEqual({ minor: 65, currency: "USD" });
    expect(money(35_000, "INR")).toEqual({ minor: 35_000, currency: "INR" });
    expect(() => money(0.65)).toThrow(RangeError);
    expect(() => money(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(formatMoney(money(35_000_000, "INR"))).toBe("₹3,50,000.00");
    expect(formatMoney(money(123_456_789), "INR")).toBe("$1,234,567.89"); // the value's currency wins
    expect(formatMoney(123_456_789, "USD", { compact: true })).toBe("$1.2M");
  });

  it("rounds every .5 half away from zero, once: 0.5 → 1, 1.5 → 2, 2.5 → 3, -2.5 → -3", () => {
    expect(unitFromTotal(1, 2)).toBe(1);
    expect(unitFromTotal(3, 2)).toBe(2);
    expect(unitFromTotal(5, 2)).toBe(3); // banker's rounding would give 2
    expect(unitFromTotal(25, 10)).toBe(3);
    expect(unitFromTotal(-5, 2)).toBe(-3);
    expect(unitFromTotal(14_999, 10_000)).toBe(1); // 1.4999 → 1
    // a conversion that lands on half a cent: 1 paisa at ₹2 = 0.5 ¢ → 1 ¢; 5 paise = 2.5 ¢ → 3 ¢
    expect(convertMoney(money(1, "INR"), "USD", "2")).toEqual(money(1));
    expect(convertMoney(money(5, "INR"), "USD", "2")).toEqual(money(3));
    expect(convertMoney(money(-5, "INR"), "USD", "2")).toEqual(money(-3));
    // half a paisa: 3 ¢ at ₹1.5 per $ = 4.5 paise → 5
    expect(convertMoney(money(3), "INR", "1.5")).toEqual(money(5, "INR"));
  });

  it("converts at the stored 4-decimal rate exactly, with no float: ₹3,50,000 at ₹84 = $4,166.67", () => {
    expect(convertMoney(money(35_000_000, "INR"), "USD", "84.0000")).toEqual(money(416_667));
    expect(convertMoney(money(416_667), "USD", "84.0000")).toEqual(money(416_667)); // same currency: unchanged
    // beyond a double's exact range as a product (paise × 10^4 > 2^53): bigint keeps it exact
    expect(convertMoney(money(9_000_000_000_000, "INR"), "USD", "88.4512").minor).toBe(101_751_022_032);
    expect(() => convertMoney(money(1), "INR", "88.45123")).toThrow(RangeError);
    expect(() => convertMoney(money(1), "INR", "0")).toThrow(RangeError);
  });

  it("round-trips USD → INR → USD exactly, and INR → USD → INR within half a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), rates, (cents, rate) => {
        const inr = convertMoney(money(cents), "INR", rate);
        expect(convertMoney(inr, "USD", rate)).toEqual(money(cents));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), rates, (paise, rate) => {
        const back = convertMoney(convertMoney(money(paise, "INR"), "USD", rate), "INR", rate);
        // within one US cent of what was quoted: |back − paise| ≤ rate / 2 paise (half a cent), plus the paisa rounding
        expect(Math.abs(back.minor - paise)).toBeLessThanOrEqual(Number(rate) / 2 + 0.5);
      }),
    );
  });

  it("converts a unit price and a total each once, so the unit times the quantity is within a unit's rounding of the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        rates,
        (unit, qty, rate) => {
          const price = quotePrice({
            currency: "INR",
            quantity: qty,
            unitPriceMinor: unit,
            totalMinor: unit * qty,
            priceCents: convertMoney(money(unit * qty, "INR"), "USD", rate).minor,
            fxInrPerUsd: rate,
          });
          expect(price.quoted.total.minor).toBe(unit * qty);
          expect(Math.abs(price.usd.unit.minor * qty - price.usd.total.minor)).toBeLessThanOrEqual(qty / 2 + 0.5);
        },
      ),
    );
  });

  it("allocates a total into parts that sum exactly, each within one minor unit of its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e13 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocateMinor(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            expect(Number.isSafeInteger(part)).toBe(true);
            const exact = (total * weights[i]!) / sum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6 * Math.max(1, exact));
          });
        },
      ),
    );
    // 30/70 of $1,000.01: 30,000.3 → 30,000 and 70,000.7 → 70,001, the larger remainder takes the cent
    expect(allocateMinor(100_001, [30, 70])).toEqual([30_000, 70_001]);
    // a tie goes to the earlier part: 1 ¢ split 50/50
    expect(allocateMinor(1, [50, 50])).toEqual([1, 0]);
    expect(() => allocateMinor(-1, [100])).toThrow(RangeError);
    expect(() => allocateMinor(100, [0, 0])).toThrow(RangeError);
  });

  it("splits a 30 % / 70 % schedule as payments did before it shared this allocation", () => {
    // payments' former split, kept here as the oracle: floor(total × percent / 100), the leftover cents to the
    // largest remainders (ties: the earlier part)
    const former = (total: number, percents: readonly number[]) => {
      const floors = percents.map((p) => Math.floor((total * p) / 100));
      const fractions = percents.map((p) => (total * p) % 100);
      const left = total - floors.reduce((a, b) => a + b, 0);
      const up = new Set(
        fractions
          .map((fraction, i) => ({ i, fraction }))
          .sort((a, b) => b.fraction - a.fraction || a.i - b.i)
          .slice(0, left)
          .map(({ i }) => i),
      );
      return floors.map((f, i) => f + (up.has(i) ? 1 : 0));
    };
    expect(allocateMinor(416_667, [30, 70])).toEqual([125_000, 291_667]);
    expect(allocateMinor(1, [30, 70])).toEqual([0, 1]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom([100], [30, 70], [50, 50], [10, 20, 70]),
        (total, percents) => {
          expect(allocateMinor(total, percents)).toEqual(former(total, percents));
        },
      ),
    );
  });

  it("sums in one currency only", () => {
    expect(sumMoney([money(1), money(2), money(-3)])).toEqual(money(0));
    expect(sumMoney([], "INR")).toEqual(money(0, "INR"));
    expect(() => sumMoney([money(1), money(1, "INR")])).toThrow(RangeError);
  });

  it("parses typed amounts and JSON numbers of dollars exactly", () => {
    expect(parseMoney("4,25,000.50", "INR")).toEqual(money(42_500_050, "INR"));
    expect(parseMoney("$12.5", "USD")).toEqual(money(1250));
    for (const bad of ["12.345", "-1", "1e5", "", "12.", ".5"]) expect(parseMoney(bad, "USD"), bad).toBeNull();
    expect(parseMoney("99999999999999999", "USD")).toBeNull(); // beyond a safe integer of cents
    expect(minorFromDecimalNumber(0.65)).toBe(65);
    expect(minorFromDecimalNumber(0.29)).toBe(29); // 0.29 × 100 is 28.999999999999996 as floats
    expect(minorFromDecimalNumber(1.005)).toBe(101); // three decimals: half away from zero
    expect(minorFromDecimalNumber(-12.5)).toBe(-1250);
    expect(minorFromDecimalNumber(5e-7)).toBe(0);
    expect(minorFromDecimalNumber(1e21)).toBeNull();
    expect(minorFromDecimalNumber(Number.NaN)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (minor) => {
        expect(minorFromDecimalNumber(decimalNumberFromMinor(minor))).toBe(minor);
      }),
    );
  });

  it("reads a quote's price once: quoted, in dollars and in rupees, at the rate stored with it", () => {
    // ₹350.00 a unit for 1,000 at ₹84 per $: $4.17 a unit, $4,166.67 in all (converted at submission)
    const inr = quotePrice({
      currency: "INR",
      quantity: 1000,
      unitPriceMinor: 35_000,
      totalMinor: 35_000_000,
      priceCents: 416_667,
      fxInrPerUsd: "84.0000",
    });
    expect(inr.quoted).toEqual({ total: money(35_000_000, "INR"), unit: money(35_000, "INR") });
    expect(inr.usd).toEqual({ total: money(416_667), unit: money(417) });
    expect(inr.inr).toEqual(inr.quoted);
    // $6.50 a unit for 1,000, with a stored rate of ₹88.45: ₹574.93 a unit (574.925 → 574.93), ₹5,74,925.00 in all
    const usd = quotePrice({
      currency: "USD",
      quantity: 1000,
      unitPriceMinor: 650,
      totalMinor: 650_000,
      priceCents: 650_000,
      fxInrPerUsd: "88.4500",
    });
    expect(usd.usd).toEqual({ total: money(650_000), unit: money(650) });
    expect(usd.inr).toEqual({ total: money(57_492_500, "INR"), unit: money(57_493, "INR") });
    // a quote from before #21: USD, no unit price, no rate: the unit is the total over the quantity
    const old = quotePrice({
      currency: null,
      quantity: 3,
      unitPriceMinor: null,
      totalMinor: null,
      priceCents: 10_000,
      fxInrPerUsd: null,
    });
    expect(old.usd).toEqual({ total: money(10_000), unit: money(3333) });
    expect(old.inr).toBeNull();
  });
});
