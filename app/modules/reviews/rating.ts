/** Ratings as cards and headers print them: browser-safe and free of zod, so a page that only shows a rating loads no schema code. */

export const REVIEW_CRITERIA = [
  // their names for readers: app/locales/<language>/reviews.json, criteria.<name>
  { name: "productQuality" },
  { name: "communication" },
  { name: "onTimeDelivery" },
] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number]["name"];

/** "4.3": one decimal, always. */
export function formatRating(value: number): string {
  return value.toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}
