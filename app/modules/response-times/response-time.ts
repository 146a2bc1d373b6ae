/**
 * A supplier's response time, as buyers see it: the median time from a buyer's first message in a conversation to
 * the supplier's first reply, over conversations the buyer started in the last RESPONSE_TIME_WINDOW_DAYS days.
 * Conversations the supplier never answered are left out of the median (a median of "never" is not a time) and
 * counted in the reply rate beside it instead. Nothing is shown until RESPONSE_TIME_MIN_CONVERSATIONS answered
 * conversations make the median meaningful. See docs/decisions/0022-supplier-response-time.md.
 */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
export const RESPONSE_TIME_MIN_CONVERSATIONS = 5;

export type ResponseTime = {
  /** the median first reply, in whole hours rounded up, at least 1 */
  hours: number;
  /** answered conversations of the window (at least RESPONSE_TIME_MIN_CONVERSATIONS) */
  answered: number;
  /** the share of the window's conversations the supplier answered, 0–100 */
  replyRatePercent: number;
};

/** A response time from the figures the database gives, or null while too few conversations were answered. */
export function responseTimeOf(medianSeconds: number | null, answered: number, started: number): ResponseTime | null {
  if (medianSeconds === null || answered < RESPONSE_TIME_MIN_CONVERSATIONS) return null;
  return {
    hours: replyHours(medianSeconds),
    answered,
    replyRatePercent: started > 0 ? Math.round((answered / started) * 100) : 100,
  };
}

/** Seconds as whole hours, rounded up, at least one. */
export function replyHours(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 3600));
}

export function replyTimeLabel(hours: number): string {
  return `Usually replies within ${hours} ${hours === 1 ? "hour" : "hours"}`;
}
