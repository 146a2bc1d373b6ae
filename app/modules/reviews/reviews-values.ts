/** reviews's values, labels and helpers: browser-safe without zod (reviews.schema.ts re-exports them, route JS budgets). */

export const REVIEW_TEXT_MAX = 2000;

/** A supplier's ratings: the overall average (the mean of the three criteria, one decimal), each criterion's, and the count. */
export type RatingSummary = {
  average: number;
  count: number;
  productQuality: number;
  communication: number;
  onTimeDelivery: number;
};

/** The short form a product card shows. */
export type RatingBadge = { average: number; count: number };

export type ReviewView = {
  id: string;
  orderId: string;
  buyerCompany: string;
  productQuality: number;
  communication: number;
  onTimeDelivery: number;
  body: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
};

/** The review form's fields, as posted. */
export const REVIEW_FIELDS = ["productQuality", "communication", "onTimeDelivery", "body"] as const;
