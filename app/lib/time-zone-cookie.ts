/** The cookie in which the browser tells the server its time zone (app/lib/dates.ts reads it; root.tsx writes it). */
export const TIME_ZONE_COOKIE = "tz";
