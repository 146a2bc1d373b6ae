/**
 * RFQ deadlines are calendar dates. A deadline closes at the end of that day in UTC
 * (23:59:59.999 UTC), the same instant for every buyer and supplier, whatever their time zone.
 * See docs/decisions/0002-rfq-deadlines-end-of-day-utc.md.
 */
export const DEADLINE_TIME_ZONE_LABEL = "UTC";
const DAY_MS = 24 * 60 * 60 * 1000;
export const URGENT_DAYS = 7;

/** The instant a deadline date ("YYYY-MM-DD") closes: the start of the next UTC day. */
export function deadlineClosesAt(deadline: string): Date {
  const [y, m, d] = deadline.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1));
}

/** Spec §4: days left = deadline minus now in whole days, rounded up; negative means expired. */
export function daysLeft(deadline: string, now: Date = new Date()): number {
  const ms = deadlineClosesAt(deadline).getTime() - now.getTime();
  if (ms <= 0) return -1;
  return Math.ceil(ms / DAY_MS);
}

export function isExpired(deadline: string, now: Date = new Date()): boolean {
  return daysLeft(deadline, now) < 0;
}

/** What the badge says: 'Expired', 'N days left' (7 days or fewer), or nothing. */
export function deadlineBadge(deadline: string, now: Date = new Date()): { kind: "expired" } | { kind: "urgent"; days: number } | null {
  const days = daysLeft(deadline, now);
  if (days < 0) return { kind: "expired" };
  if (days <= URGENT_DAYS) return { kind: "urgent", days };
  return null;
}

/** The badge's words: 'Expired', '1 day left', 'N days left', or null when no badge shows. */
export function deadlineBadgeLabel(deadline: string, now: Date = new Date()): string | null {
  const badge = deadlineBadge(deadline, now);
  if (!badge) return null;
  if (badge.kind === "expired") return "Expired";
  return badge.days === 1 ? "1 day left" : `${badge.days} days left`;
}

/** Today's date in UTC as "YYYY-MM-DD": the earliest deadline that can be chosen. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function formatDeadline(deadline: string): string {
  const [y, m, d] = deadline.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
}
