import { describe, expect, it } from "vitest";
import {
  calendarDateIn,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  timeZoneFromCookie,
} from "./dates";

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
    expect(formatCalendarDate("2026-10-08", "long")).toBe("October 8, 2026");
    expect(formatCalendarDate("2016-11-25", "day-month-year")).toBe("25 Nov 2016");
    expect(formatCalendarDate("2026-11-05", "document")).toBe("05 Nov 2026");
    expect(formatCalendarDate("2026-11-28", "month-day")).toBe("Nov 28");
    expect(formatCalendarDate("2026-11", "month-year")).toBe("Nov 2026");
  });

  it("give an instant's day and time in the viewer's zone, and say UTC when that is all that is known", () => {
    const nearMidnight = "2026-11-28T05:40:00.000Z";
    expect(formatDate(nearMidnight, "America/Chicago")).toBe("Nov 27, 2026");
    expect(formatDate(nearMidnight, "Asia/Kolkata", "long")).toBe("November 28, 2026");
    expect(formatDate(nearMidnight, "UTC")).toBe("Nov 28, 2026 (UTC)");
    expect(formatDate(nearMidnight, "Not/AZone")).toBe("Nov 28, 2026 (UTC)");
    expect(formatTime(nearMidnight, "America/Chicago")).toBe("11:40 PM");
    expect(formatTime(nearMidnight, "UTC")).toBe("5:40 AM UTC");
    expect(calendarDateIn(nearMidnight, "America/Chicago")).toBe("2026-11-27");
    expect(calendarDateIn(new Date("2026-03-31T20:00:00Z"), "Asia/Kolkata")).toBe("2026-04-01");
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
