import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysLeft, deadlineBadge, deadlineBadgeLabel, deadlineClosesAt, isExpired, todayUtc } from "./deadline";

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
