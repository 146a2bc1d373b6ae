/**
 * The one check of every date and time that reaches the database from outside (forms, cursors): years 1900 to 9999.
 *
 * JavaScript's calendar has a year 0 and negative years (`Date.parse("0000-01-01")` is a number), PostgreSQL's has
 * neither (1 BC is written "0001-01-01 BC"), so such a date passed every check and failed in the database as a 500
 * (issue 38). PostgreSQL's own range (4713 BC to 294276 AD for timestamps) would keep the database quiet, but it is
 * wider than anything Setu dates: no exchange rate, fee, duty, LUT, deadline or message lies before 1900, and 9999 is
 * the last year a date field (YYYY-MM-DD) or `toISOString` writes with four digits and no sign. A narrower range
 * also refuses the typo "0226" for "2026" with the field's own message rather than storing it.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const FIRST_MS = Date.UTC(MIN_YEAR, 0, 1);
const END_MS = Date.UTC(MAX_YEAR + 1, 0, 1);

/** Whether a Date is a real time within years MIN_YEAR to MAX_YEAR (UTC). */
export function isDateInRange(date: Date): boolean {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= FIRST_MS && ms < END_MS;
}

/** Whether a text is a calendar day "YYYY-MM-DD" that exists (not 30 February) within years MIN_YEAR to MAX_YEAR. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // "2026-02-30" parses as 2 March: the day must come back as it was written
  return isDateInRange(date) && date.toISOString().slice(0, 10) === value;
}

/**
 * Whether a text is an ISO 8601 UTC time as the server writes it in cursors ("2026-11-28T05:43:55.123Z", up to six
 * fraction digits) within years MIN_YEAR to MAX_YEAR. The text itself may then go to PostgreSQL as a timestamptz.
 */
export function isTimestampText(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?Z$/.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return false;
  return Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60;
}

/** A cursor's or form's ISO time as a Date, or null when it is not one (isTimestampText). */
export function parseTimestamp(value: string): Date | null {
  return isTimestampText(value) ? new Date(value.replace(/(\.\d{3})\d+Z$/, "$1Z")) : null;
}
