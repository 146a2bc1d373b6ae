import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  closingInstant,
  daysLeft,
  deadlineBadge,
  deadlineBadgeLabel,
  deadlineClosesAt,
  describeClosing,
  formatClosing,
  isExpired,
  isTimeZone,
  todayIn,
  todayUtc,
} from "./deadline";

describe("deadline arithmetic (deadlines close at the end of the day, UTC)", () => {
  it("closes at the start of the next UTC day", () => {
    expect(deadlineClosesAt("2026-12-31").toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("counts whole days rounded up, around midnight", () => {
    expect(daysLeft("2026-11-22", new Date("2026-11-22T00:00:00Z"))).toBe(1);
    expect(daysLeft("2026-11-22", new Date("2026-11-22T23:59:59.999Z"))).toBe(1);
    expect(daysLeft("2026-11-22", new Date("2026-11-23T00:00:00Z"))).toBe(-1);
    expect(daysLeft("2026-11-23", new Date("2026-11-22T23:59:59Z"))).toBe(2);
    expect(daysLeft("2026-11-29", new Date("2026-11-22T12:00:00Z"))).toBe(8);
  });

  it("gives the same answer whatever the viewer's time zone, because it compares instants", () => {
    // 23:30 on Nov 22 in New York is 04:30 on Nov 23 UTC: the Nov 22 deadline has closed for everyone.
    const newYorkLateEvening = new Date("2026-11-22T23:30:00-05:00");
    expect(isExpired("2026-11-22", newYorkLateEvening)).toBe(true);
    // 05:00 on Nov 23 in Mumbai is 23:30 on Nov 22 UTC: still open.
    const mumbaiEarlyMorning = new Date("2026-11-23T05:00:00+05:30");
    expect(isExpired("2026-11-22", mumbaiEarlyMorning)).toBe(false);
  });

  it("shows 'N days left' for 7 days or fewer, 'Expired' once past, nothing otherwise", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(deadlineBadge("2026-11-28", now)).toEqual({ kind: "urgent", days: 7 });
    expect(deadlineBadge("2026-11-29", now)).toBeNull();
    expect(deadlineBadge("2026-11-21", now)).toEqual({ kind: "expired" });
    expect(deadlineBadge("2026-11-22", now)).toEqual({ kind: "urgent", days: 1 });
  });

  it("says '1 day left' for one day, 'N days left' for more, 'Expired' once past", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(deadlineBadgeLabel("2026-11-22", now)).toBe("1 day left");
    expect(deadlineBadgeLabel("2026-11-23", now)).toBe("2 days left");
    expect(deadlineBadgeLabel("2026-11-28", now)).toBe("7 days left");
    expect(deadlineBadgeLabel("2026-11-29", now)).toBeNull();
    expect(deadlineBadgeLabel("2026-11-21", now)).toBe("Expired");
    // one minute before the UTC midnight that closes it, today's deadline still has '1 day left', never '0 days' or '1 days'
    expect(deadlineBadgeLabel("2026-11-22", new Date("2026-11-22T23:59:00Z"))).toBe("1 day left");
    expect(deadlineBadgeLabel("2026-11-22", new Date("2026-11-23T00:00:00Z"))).toBe("Expired");
  });

  it("never counts today's date as expired and never gives zero days", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), (now) => {
        expect(daysLeft(todayUtc(now), now)).toBe(1);
        expect(isExpired(todayUtc(now), now)).toBe(false);
      }),
    );
  });
});

describe("deadlines in the buyer's time zone (decision record 0025)", () => {
  it("closes a New York deadline at midnight Eastern, DST-correct in March and November", () => {
    // 2026: DST starts Sunday 8 March at 2:00, ends Sunday 1 November at 2:00 in New York
    expect(closingInstant("2026-03-07", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(closingInstant("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(closingInstant("2026-10-31", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(closingInstant("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(closingInstant("2026-11-30", "America/Los_Angeles").toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(closingInstant("2026-11-30", "Asia/Kolkata").toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(closingInstant("2026-11-30", null).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("shows the closing in the viewer's zone and in IST: 'Closes 30 Nov, 11:59 PM ET · 1 Dec, 10:29 AM IST'", () => {
    const closes = closingInstant("2026-11-30", "America/New_York");
    expect(describeClosing(closes, "America/New_York", true)).toBe("30 Nov, 11:59 PM ET · 1 Dec, 10:29 AM IST");
    expect(describeClosing(closes, "America/New_York", false)).toBe("30 Nov, 11:59 PM ET");
    expect(describeClosing(closes, "America/Chicago", true)).toBe("30 Nov, 10:59 PM CT · 1 Dec, 10:29 AM IST");
    // a viewer in India sees IST once
    expect(describeClosing(closes, "Asia/Kolkata", true)).toBe("1 Dec, 10:29 AM IST");
    // in summer New York is 4 hours behind UTC, India 9½ hours ahead of New York
    expect(describeClosing(closingInstant("2026-07-15", "America/New_York"), "America/New_York", true)).toBe(
      "15 Jul, 11:59 PM ET · 16 Jul, 9:29 AM IST",
    );
    // a zone without a short name of ours uses Intl's
    expect(formatClosing(closingInstant("2026-11-30", "Europe/Berlin"), "Europe/Berlin")).toBe(
      "30 Nov, 11:59 PM GMT+1",
    );
  });

  it("counts days and expiry from the closing instant, not the UTC date", () => {
    const closes = closingInstant("2026-11-30", "America/New_York");
    // 23:30 UTC on 30 Nov is still 6:30 PM in New York: open, and it would have been closed under end-of-day UTC
    expect(isExpired(closes, new Date("2026-12-01T00:30:00Z"))).toBe(false);
    expect(isExpired("2026-11-30", new Date("2026-12-01T00:30:00Z"))).toBe(true);
    expect(isExpired(closes, new Date("2026-12-01T05:00:00Z"))).toBe(true);
    expect(deadlineBadgeLabel(closes.toISOString(), new Date("2026-11-30T10:00:00Z"))).toBe("1 day left");
  });

  it("knows IANA zones and refuses anything else", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "EST5EDT; drop table", "x".repeat(100)]) expect(isTimeZone(bad)).toBe(false);
    expect(todayIn("America/New_York", new Date("2026-11-26T03:00:00Z"))).toBe("2026-11-25");
    expect(todayIn("Asia/Kolkata", new Date("2026-11-25T20:00:00Z"))).toBe("2026-11-26");
  });
});
