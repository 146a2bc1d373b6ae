import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDateTime, timeZoneFromCookie } from "./dates";

describe("dates shown to people", () => {
  it("format an instant in the viewer's zone, naming the zone", () => {
    const at = "2026-11-28T05:40:00.000Z";
    expect(formatDateTime(at, "America/Chicago")).toBe("Nov 27, 2026, 11:40 PM CST");
    expect(formatDateTime(at, "Asia/Kolkata")).toBe("Nov 28, 2026, 11:10 AM GMT+5:30");
    expect(formatDateTime(at, "UTC")).toBe("Nov 28, 2026, 5:40 AM UTC");
    expect(formatDateTime(at, "Not/AZone")).toBe("Nov 28, 2026, 5:40 AM UTC");
  });

  it("format a calendar date the same in every zone", () => {
    expect(formatCalendarDate("2026-12-30")).toBe("Dec 30, 2026");
  });

  it("read the viewer's zone from the cookie, and nothing hostile", () => {
    expect(timeZoneFromCookie("a=1; tz=America%2FChicago; b=2")).toBe("America/Chicago");
    expect(timeZoneFromCookie("tz=America/Chicago")).toBe("America/Chicago");
    expect(timeZoneFromCookie(null)).toBe("UTC");
    expect(timeZoneFromCookie("tz=%E0%A4%A")).toBe("UTC");
    expect(timeZoneFromCookie(`tz=${"x".repeat(500)}`)).toBe("UTC");
    expect(timeZoneFromCookie("tz=<script>")).toBe("UTC");
  });
});
