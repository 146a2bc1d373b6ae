import { isTimeZone } from "./deadline";

/**
 * Dates shown to people, in an explicit zone: the viewer's (the browser tells it once in the `tz` cookie, so the
 * server and the browser render the same text), else UTC, said so. Bare calendar dates ("2026-12-30") have no zone.
 */
export { TIME_ZONE_COOKIE } from "./time-zone-cookie";

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 28, 2026, 12:40 AM CST" in the given zone; an unknown zone reads as UTC. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  let format = dateTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: zone,
    });
    dateTimeFormats.set(zone, format);
  }
  const instant = typeof iso === "string" ? new Date(iso) : iso;
  const zoneName =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? zone;
  return `${format.format(instant)} ${zoneName}`;
}

const calendarDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A calendar date ("2026-12-30" → "Dec 30, 2026"), the same in every zone. */
export function formatCalendarDate(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
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
  return isTimeZone(zone) ? zone : "UTC";
}
