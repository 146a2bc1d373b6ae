import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdRange, parseUsdToCents } from "./money";

describe("money", () => {
  it("formats whole US dollars, en-US, without decimals", () => {
    expect(formatUsd(123456)).toBe("$1,235");
    expect(formatUsd(0)).toBe("$0");
  });
  it("formats a range, collapsing equal bounds", () => {
    expect(formatUsdRange(500, 1500)).toBe("$5 - $15");
    expect(formatUsdRange(500, 500)).toBe("$5");
    expect(formatUsdRange(120, 145)).toBe("$1");
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
