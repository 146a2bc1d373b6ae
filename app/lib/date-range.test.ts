import { describe, expect, it } from "vitest";
import { isCalendarDate, isDateInRange, isTimestampText, parseTimestamp } from "./date-range";

describe("the shared date range (years 1900 to 9999)", () => {
  it("accepts real calendar days in range", () => {
    for (const day of ["1900-01-01", "2026-02-28", "2028-02-29", "9999-12-31"])
      expect(isCalendarDate(day), day).toBe(true);
  });

  it("refuses year 0, negative years, years past 9999, years before 1900 and days that do not exist", () => {
    for (const day of [
      "0000-01-01",
      "0001-01-01",
      "1899-12-31",
      "-000001-01-01",
      "+010000-01-01",
      "10000-01-01",
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "0000-00-00",
      "2026-1-1",
      " 2026-01-01",
      "",
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("bounds a Date to the same range", () => {
    expect(isDateInRange(new Date("1900-01-01T00:00:00Z"))).toBe(true);
    expect(isDateInRange(new Date("9999-12-31T23:59:59.999Z"))).toBe(true);
    expect(isDateInRange(new Date("1899-12-31T23:59:59.999Z"))).toBe(false);
    expect(isDateInRange(new Date("+010000-01-01T00:00:00Z"))).toBe(false);
    expect(isDateInRange(new Date("0000-01-01T00:00:00Z"))).toBe(false);
    expect(isDateInRange(new Date(Number.NaN))).toBe(false);
  });

  it("reads a cursor's time only when it is an ISO UTC time in range", () => {
    expect(isTimestampText("2026-11-28T05:43:55.123456Z")).toBe(true);
    expect(isTimestampText("2026-11-28T05:43:55Z")).toBe(true);
    expect(parseTimestamp("2026-11-28T05:43:55.123456Z")?.toISOString()).toBe("2026-11-28T05:43:55.123Z");
    expect(parseTimestamp("2026-11-28T05:43:55.1Z")?.toISOString()).toBe("2026-11-28T05:43:55.100Z");
    for (const bad of [
      "0000-01-01T00:00:00.000000Z",
      "-000001-01-01T00:00:00.000Z",
      "+010000-01-01T00:00:00.000Z",
      "1899-12-31T23:59:59Z",
      "2026-02-30T00:00:00Z",
      "2026-11-28T24:00:00Z",
      "2026-11-28T05:60:00Z",
      "2026-11-28T05:43:55.1234567Z",
      "2026-11-28T05:43:55+05:30",
      "2026-11-28",
    ]) {
      expect(isTimestampText(bad), bad).toBe(false);
      expect(parseTimestamp(bad), bad).toBeNull();
    }
  });
});
