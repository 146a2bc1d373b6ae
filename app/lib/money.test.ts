import { describe, expect, it } from "vitest";
import { formatMoney, formatPriceRange, formatUnitPrice, minorToDecimalString } from "./money";
import { parseUsdToCents } from "./money-minor";

describe("money", () => {
  it("formats unit prices with cents, sub-dollar included (decision record 0041)", () => {
    expect(formatUnitPrice(65)).toBe("$0.65");
    expect(formatUnitPrice(1200)).toBe("$12.00");
    expect(formatUnitPrice(5)).toBe("$0.05");
    expect(formatUnitPrice(123456)).toBe("$1,234.56");
    expect(formatUnitPrice(0)).toBe("$0.00");
  });

  it("formats a unit price range with cents at both ends; equal ends show once", () => {
    expect(formatPriceRange(65, 105)).toBe("$0.65 – $1.05");
    expect(formatPriceRange(240, 360)).toBe("$2.40 – $3.60");
    expect(formatPriceRange(120, 145)).toBe("$1.20 – $1.45");
    expect(formatPriceRange(1200, 1200)).toBe("$12.00");
    expect(formatPriceRange(35000, 42050, "INR")).toBe("₹350.00 – ₹420.50");
  });

  it("formats rupees in rupees and paise with en-IN lakh and crore grouping", () => {
    expect(formatUnitPrice(123456700, "INR")).toBe("₹12,34,567.00");
    expect(formatMoney(1234567890, "INR")).toBe("₹1,23,45,678.90");
    expect(formatMoney(5, "INR")).toBe("₹0.05");
  });

  it("rounds to whole units only when asked (totals), half away from zero, exactly", () => {
    expect(formatMoney(123456, "USD", { whole: true })).toBe("$1,235");
    expect(formatMoney(150, "USD", { whole: true })).toBe("$2");
    expect(formatMoney(149, "USD", { whole: true })).toBe("$1");
    expect(formatMoney(-150, "USD", { whole: true })).toBe("-$2");
    expect(formatMoney(0, "USD", { whole: true })).toBe("$0");
    expect(formatMoney(123456750, "INR", { whole: true })).toBe("₹12,34,568");
    // beyond a double's exact cents, the decimal string keeps every digit
    expect(formatMoney(9007199254740991, "USD")).toBe("$90,071,992,547,409.91");
    expect(formatMoney(9007199254740950, "USD", { whole: true })).toBe("$90,071,992,547,410");
  });

  it("formats negatives (refunds, credits) with the sign before the symbol", () => {
    expect(formatMoney(-1050)).toBe("-$10.50");
    expect(formatMoney(-5)).toBe("-$0.05");
    expect(formatMoney(-123456700, "INR")).toBe("-₹12,34,567.00");
  });

  it("writes minor units as a plain decimal for form fields and CSV cells", () => {
    expect(minorToDecimalString(65)).toBe("0.65");
    expect(minorToDecimalString(120000)).toBe("1200.00");
    expect(minorToDecimalString(-5)).toBe("-0.05");
  });

  it("parses typed dollar amounts into exact cents", () => {
    expect(parseUsdToCents("12.5")).toBe(1250);
    expect(parseUsdToCents("1,200.05")).toBe(120005);
    expect(parseUsdToCents("0.1")).toBe(10);
    expect(parseUsdToCents("abc")).toBeNull();
    expect(parseUsdToCents("1.234")).toBeNull();
    expect(parseUsdToCents("-5")).toBeNull();
  });
});
