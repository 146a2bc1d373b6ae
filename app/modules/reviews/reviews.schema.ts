import { z } from "zod";

export { REVIEW_CRITERIA, type ReviewCriterion } from "./rating";

export const REVIEW_TEXT_MAX = 2000;

const rating = (label: string) => {
  const message = `Choose a rating for ${label.toLowerCase()} from 1 to 5 stars`;
  return z
    .string({ error: message })
    .refine((value) => /^[1-5]$/.test(value), message)
    .transform(Number);
};

export const reviewSchema = z.object({
  productQuality: rating("Product quality"),
  communication: rating("Communication"),
  onTimeDelivery: rating("On-time delivery"),
  body: z
    .string()
    .trim()
    .min(10, "Tell other buyers a little about the order: at least 10 characters")
    .max(REVIEW_TEXT_MAX, `Please keep your review under ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const reviewReplySchema = z.object({
  reply: z
    .string()
    .trim()
    .min(1, "Write your reply")
    .max(REVIEW_TEXT_MAX, `Please keep your reply under ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`),
});

/** A supplier's ratings: the overall average (the mean of the three criteria, one decimal), each criterion's, and the count. */
export type RatingSummary = { average: number; count: number; productQuality: number; communication: number; onTimeDelivery: number };

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

export { formatRating, reviewCountLabel } from "./rating";
