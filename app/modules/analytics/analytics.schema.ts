/** The windows a seller can look back over (issue #23.3). */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

export function parseAnalyticsWindow(value: string | null | undefined): AnalyticsWindow {
  const days = Number(value);
  return (ANALYTICS_WINDOWS as readonly number[]).includes(days) ? (days as AnalyticsWindow) : 30;
}

export type StoreAnalytics = {
  days: AnalyticsWindow;
  /** the first day counted, YYYY-MM-DD (UTC) */
  since: string;
  storeViews: number;
  productViews: number;
  qrScans: number;
  /** store page views and QR scans per UTC day, oldest first, every day of the window present */
  daily: { day: string; storeViews: number; qrScans: number }[];
  /** the store's most viewed products in the window, most first (at most 10) */
  topProducts: { id: string; name: string; views: number }[];
  rfqsMatched: number;
  quotesSent: number;
  quotesAccepted: number;
  quotesDecided: number;
  /** accepted / decided (accepted or declined), null when none was decided */
  winRate: number | null;
  /** the median time from an RFQ's publication to the seller's first quote on it, in seconds */
  medianFirstResponseSeconds: number | null;
  /** escrow releases to the seller per UTC month, YYYY-MM, oldest first, every month of the window present */
  revenueByMonth: { month: string; cents: number }[];
  revenueCents: number;
};

export type SellerAnalyticsSummary = {
  views: number;
  quotesSent: number;
  winRate: number | null;
  firstStoreId: string | null;
};

/** How many of a unit, as words ("3 h", "2 days"): the page's `t` gives them in its language (the duration texts of analytics). */
export type DurationUnits = (unit: "minutes" | "hours" | "days", count: number) => string;

/** A duration in seconds as people say it: "45 min", "3 h 20 min", "2 days 4 h". */
export function formatDuration(seconds: number, units: DurationUnits): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return units("minutes", Math.max(1, minutes));
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 ? `${units("hours", hours)} ${units("minutes", minutes % 60)}` : units("hours", hours);
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${units("days", days)} ${units("hours", hours % 24)}` : units("days", days);
}

export function formatWinRate(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)}%`;
}
