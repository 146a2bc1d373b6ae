/**
 * RFQ deadlines are calendar dates chosen by a buyer. A deadline closes at the end of that day in the
 * buyer's time zone (the start of the next day there), stored as an instant in rfqs.closes_at. RFQs made
 * before time zones close at the end of the day in UTC: a bare "YYYY-MM-DD" here means that.
 * See docs/decisions/0025-rfq-deadlines-in-the-buyers-time-zone.md (superseding 0002).
 */
import type { Locale } from "./locale";

const DAY_MS = 24 * 60 * 60 * 1000;
export const URGENT_DAYS = 7;
/** The zone a deadline is read in when the browser did not say (no JavaScript): most Setu buyers are on the US East Coast. */
export const FALLBACK_TIME_ZONE = "America/New_York";
export const INDIA_TIME_ZONE = "Asia/Kolkata";

/** A deadline's closing: the instant itself (Date or ISO string), or a bare date that closes at the end of its UTC day. */
export type Closing = Date | string;

/** Whether the name is an IANA time zone this runtime knows ("America/Chicago", "Asia/Kolkata", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function zoneParts(instant: Date, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = zoneParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar date at an instant in a zone, as "YYYY-MM-DD". */
export function dateInZone(instant: Date, timeZone: string): string {
  const p = zoneParts(instant, timeZone);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/**
 * The instant a deadline date closes in a zone: midnight at the start of the next day there, DST-correct
 * (the offset is taken at that midnight, not at the deadline's start). No zone: the end of the UTC day.
 */
export function closingInstant(deadline: string, timeZone: string | null = null): Date {
  const [y, m, d] = deadline.split("-").map(Number);
  const wallMidnight = Date.UTC(y!, m! - 1, d! + 1);
  if (!timeZone || timeZone === "UTC") return new Date(wallMidnight);
  const first = wallMidnight - zoneOffsetMs(new Date(wallMidnight), timeZone);
  const second = wallMidnight - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** The instant a deadline date ("YYYY-MM-DD") closes in UTC: the start of the next UTC day (RFQs before time zones). */
export function deadlineClosesAt(deadline: string): Date {
  return closingInstant(deadline, null);
}

function closesAtOf(closing: Closing): Date {
  if (closing instanceof Date) return closing;
  return /^\d{4}-\d{2}-\d{2}$/.test(closing) ? deadlineClosesAt(closing) : new Date(closing);
}

/** Spec §4: days left = time until closing in whole days, rounded up; negative means expired. */
export function daysLeft(closing: Closing, now: Date = new Date()): number {
  const ms = closesAtOf(closing).getTime() - now.getTime();
  if (ms <= 0) return -1;
  return Math.ceil(ms / DAY_MS);
}

export function isExpired(closing: Closing, now: Date = new Date()): boolean {
  return daysLeft(closing, now) < 0;
}

/** What the badge says: 'Expired', 'N days left' (7 days or fewer), or nothing. */
export function deadlineBadge(
  closing: Closing,
  now: Date = new Date(),
): { kind: "expired" } | { kind: "urgent"; days: number } | null {
  const days = daysLeft(closing, now);
  if (days < 0) return { kind: "expired" };
  if (days <= URGENT_DAYS) return { kind: "urgent", days };
  return null;
}

/** How the badge is worded; English unless a page passes its language's (the RFQ pages do). */
export type DeadlineWords = { expired: string; daysLeft: (days: number) => string };
const ENGLISH_DEADLINE: DeadlineWords = {
  expired: "Expired",
  daysLeft: (days) => (days === 1 ? "1 day left" : `${days} days left`),
};

/** The badge's words: 'Expired', '1 day left', 'N days left', or null when no badge shows. */
export function deadlineBadgeLabel(
  closing: Closing,
  now: Date = new Date(),
  words: DeadlineWords = ENGLISH_DEADLINE,
): string | null {
  const badge = deadlineBadge(closing, now);
  if (!badge) return null;
  return badge.kind === "expired" ? words.expired : words.daysLeft(badge.days);
}

/** Today's date in UTC as "YYYY-MM-DD". */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Today's date in a zone: the earliest deadline a buyer there can choose. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateInZone(now, timeZone);
}

/** Intl's tag for a page's language: English as Americans write dates, Hindi as India does. */
const intlTag = (locale: Locale) => (locale === "hi" ? "hi-IN" : "en-US");

export function formatDeadline(deadline: string, locale: Locale = "en"): string {
  const [y, m, d] = deadline.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).toLocaleDateString(intlTag(locale), {
    dateStyle: "medium",
    timeZone: "UTC",
  });
}

/** The short names people use for the zones Setu's buyers and suppliers live in; others as Intl names them. */
const ZONE_NAMES: Record<string, string> = {
  "America/New_York": "ET",
  "America/Detroit": "ET",
  "America/Chicago": "CT",
  "America/Denver": "MT",
  "America/Phoenix": "MST",
  "America/Los_Angeles": "PT",
  "America/Anchorage": "AKT",
  "Pacific/Honolulu": "HT",
  "Asia/Kolkata": "IST",
  "Asia/Calcutta": "IST",
  UTC: "UTC",
  "Etc/UTC": "UTC",
};

export function zoneName(timeZone: string, at: Date): string {
  const known = ZONE_NAMES[timeZone];
  if (known) return known;
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * The last minute before closing, in a zone: "30 Nov, 11:59 PM ET". (A deadline closes at midnight; the
 * minute before it is the one people read as "the end of the day".)
 */
export function formatClosing(closing: Closing, timeZone: string, locale: Locale = "en"): string {
  const last = new Date(closesAtOf(closing).getTime() - 1);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(intlTag(locale), {
      timeZone,
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    })
      .formatToParts(last)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${zoneName(timeZone, last)}`;
}

/**
 * "30 Nov, 11:59 PM ET · 1 Dec, 10:29 AM IST": the viewer's zone, and India's beside it for suppliers. In Hindi the
 * day, month and time are India's way ("1 दिस॰, 10:29 am IST"); the zones keep their short names.
 */
export function describeClosing(
  closing: Closing,
  viewerZone: string,
  withIndia: boolean,
  locale: Locale = "en",
): string {
  const local = formatClosing(closing, viewerZone, locale);
  const sameAsIndia = zoneName(viewerZone, closesAtOf(closing)) === "IST";
  return withIndia && !sameAsIndia ? `${local} · ${formatClosing(closing, INDIA_TIME_ZONE, locale)}` : local;
}
