/**
 * Every date shown to people is formatted here (tests/lint fails on a date formatter elsewhere; deadline.ts keeps
 * the RFQ closing times). An instant is shown in an explicit zone: the viewer's (the browser tells it once in the
 * `tz` cookie and root's loader passes it down, so the server and the browser render the same text), else UTC,
 * said so. Bare calendar dates ("2026-12-30") have no zone.
 */
export { TIME_ZONE_COOKIE } from "./time-zone-cookie";
import type { Locale } from "./locale";

/**
 * How a day is written: "medium" Nov 28, 2026 · "long" November 28, 2026 · "day-month-year" 28 Nov 2026 ·
 * "document" 08 Nov 2026 (export documents, Indian style) · "month-day" Nov 28 · "month-year" Nov 2026.
 */
export type DateStyle = "medium" | "long" | "day-month-year" | "document" | "month-day" | "month-year";

const STYLES: Record<DateStyle, [string, Intl.DateTimeFormatOptions]> = {
  medium: ["en-US", { dateStyle: "medium" }],
  long: ["en-US", { dateStyle: "long" }],
  "day-month-year": ["en-GB", { day: "numeric", month: "short", year: "numeric" }],
  document: ["en-IN", { day: "2-digit", month: "short", year: "numeric" }],
  "month-day": ["en-US", { month: "short", day: "numeric" }],
  "month-year": ["en-US", { month: "short", year: "numeric" }],
};

/** In Hindi every style is written the Indian way, in hi-IN: "28 नव॰ 2026", "28 नवंबर 2026". */
function styleOf(style: DateStyle, locale: Locale): [string, Intl.DateTimeFormatOptions] {
  const [tag, options] = STYLES[style];
  return [locale === "hi" ? "hi-IN" : tag, options];
}
const tagOf = (locale: Locale) => (locale === "hi" ? "hi-IN" : "en-US");

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl format per locale, options and zone, made on first use. */
function intl(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The zone if Intl knows it (kept here, not deadline.ts's check, so pages that show dates load no more), else UTC. */
function zoneOf(timeZone: string): string {
  if (!timeZone || timeZone.length > 64) return "UTC";
  try {
    intl("en-US", {}, timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}
const instantOf = (at: string | Date) => (typeof at === "string" ? new Date(at) : at);

/** "CST", "GMT+5:30", "UTC": the zone's short name at that instant. */
function zoneName(instant: Date, zone: string): string {
  return intl("en-US", { timeZoneName: "short" }, zone)
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
}

/**
 * "Nov 28, 2026, 12:40 AM CST" in the given zone (in Hindi "28 नव॰ 2026, 12:40 am CST"); an unknown zone reads as
 * UTC.
 */
export function formatDateTime(at: string | Date, timeZone: string, locale: Locale = "en"): string {
  const zone = zoneOf(timeZone);
  const instant = instantOf(at);
  return `${intl(tagOf(locale), { dateStyle: "medium", timeStyle: "short" }, zone).format(instant)} ${zoneName(instant, zone)}`;
}

/** "3:04 PM" in the viewer's zone; "3:04 PM UTC" when that is UTC. */
export function formatTime(at: string | Date, timeZone: string, locale: Locale = "en"): string {
  const zone = zoneOf(timeZone);
  const time = intl(tagOf(locale), { timeStyle: "short" }, zone).format(instantOf(at));
  return zone === "UTC" ? `${time} UTC` : time;
}

/**
 * The day of an instant in the viewer's zone ("Nov 28, 2026"); in UTC it says so ("Nov 28, 2026 (UTC)"), since
 * near midnight the day differs by zone.
 */
export function formatDate(
  at: string | Date,
  timeZone: string,
  style: DateStyle = "medium",
  locale: Locale = "en",
): string {
  const zone = zoneOf(timeZone);
  const [tag, options] = styleOf(style, locale);
  const day = intl(tag, options, zone).format(instantOf(at));
  return zone === "UTC" ? `${day} (UTC)` : day;
}

/** A calendar date ("2026-12-30" → "Dec 30, 2026", or "2026-12" → "Dec 2026"), the same in every zone. */
export function formatCalendarDate(isoDate: string, style: DateStyle = "medium", locale: Locale = "en"): string {
  const [tag, options] = styleOf(style, locale);
  const [year, month = "01", day = "01"] = isoDate.slice(0, 10).split("-");
  return intl(tag, options, "UTC").format(new Date(`${year}-${month}-${day}T00:00:00Z`));
}

/** The calendar date ("2026-11-28") an instant falls on in a zone: e.g. an invoice's day in India. */
export function calendarDateIn(at: string | Date, timeZone: string): string {
  return intl("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }, zoneOf(timeZone)).format(instantOf(at));
}

/** The viewer's zone from a Cookie header's `tz`, if it names a zone; else UTC. */
export function timeZoneFromCookie(cookieHeader: string | null): string {
  const match = /(?:^|;\s*)tz=([^;]*)/.exec(cookieHeader ?? "");
  if (!match) return "UTC";
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return "UTC";
  }
  return zoneOf(zone);
}
