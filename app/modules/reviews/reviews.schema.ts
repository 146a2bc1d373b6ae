import { z } from "zod";
import { intentOptions } from "~/lib/posted-fields";
import { REVIEW_TEXT_MAX } from "./reviews-values";

export * from "./reviews-values";

export { REVIEW_CRITERIA, type ReviewCriterion } from "./rating";

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

export type ReviewReplyInput = z.output<typeof reviewReplySchema>;

export { formatRating, reviewCountLabel } from "./rating";

/** The order review page's forms (POST /orders/:id/review): the buyer's review or the supplier's reply. */
export const orderReviewActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("review") }), z.object({ intent: z.literal("reply") })],
  intentOptions,
);
