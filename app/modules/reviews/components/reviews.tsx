import { getFormProps, getTextareaProps } from "@conform-to/react";
import { MessageSquareReply, Star } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, Textarea } from "~/components/ui/field";
import { useValidatedForm, type FormReply } from "~/lib/validated-form";
import { formatRating, REVIEW_CRITERIA, REVIEW_TEXT_MAX, reviewCountLabel, reviewReplySchema, reviewSchema, type RatingSummary, type ReviewView } from "../reviews.schema";

const reviewedOn = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Five stars, `value` of them filled (rounded to the nearest half star's whole), with the figure said in words. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn("inline-flex items-center", className)} role="img" aria-label={`${formatRating(value)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn("size-4", n <= filled ? "fill-amber-400 text-amber-400" : "text-slate-300")} aria-hidden />
      ))}
    </span>
  );
}

/** "★ 4.2 (12 reviews)" on a card or a header; before the first review "No reviews yet", or nothing with `hideEmpty` (a card). */
export function RatingBadge({ rating, className, href, hideEmpty }: { rating: { average: number; count: number } | null | undefined; className?: string; href?: string; hideEmpty?: boolean }) {
  if (!rating || rating.count === 0) {
    if (hideEmpty) return null;
    return (
      <span className={cn("inline-flex items-center gap-1 text-slate-500", className)}>
        <Star className="size-3.5 text-slate-400" aria-hidden /> No reviews yet
      </span>
    );
  }
  const content = (
    <>
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
      <span className="font-medium text-slate-900 tabular-nums">{formatRating(rating.average)}</span>
      <span className="sr-only"> out of 5</span>
      <span className="text-slate-500">({reviewCountLabel(rating.count)})</span>
    </>
  );
  return href ? (
    <a href={href} className={cn("inline-flex items-center gap-1 hover:underline", className)}>
      {content}
    </a>
  ) : (
    <span className={cn("inline-flex items-center gap-1", className)}>{content}</span>
  );
}

/**
 * A 1-to-5 star choice as native radio buttons in a fieldset: the legend names the criterion and each option shows its
 * stars and its number, so it works without JavaScript and with the keyboard (arrow keys) as any radio group does.
 */
function StarChoice({ name, label, value, error, formId }: { name: string; label: string; value?: string; error?: string; formId: string }) {
  const errorId = `${formId}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => {
          const id = `${formId}-${name}-${n}`;
          return (
            <div key={n}>
              <input type="radio" id={id} name={name} value={String(n)} defaultChecked={value === String(n)} className="peer sr-only" required />
              <label
                htmlFor={id}
                className="flex cursor-pointer flex-col items-center rounded-md border border-slate-300 px-2.5 py-1.5 text-xs text-slate-700 hover:bg-slate-50 peer-checked:border-amber-500 peer-checked:bg-amber-50 peer-checked:text-amber-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              >
                <span className="flex" aria-hidden>
                  {Array.from({ length: n }, (_, i) => (
                    <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" />
                  ))}
                </span>
                <span>
                  {n} {n === 1 ? "star" : "stars"}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The buyer's review of a completed order: three star ratings and a text, posted to /orders/{id}/review, which
 * redirects back to `returnTo` (the order page) once published. Works without JavaScript.
 */
export function OrderReviewForm({ orderId, lastResult, returnTo = `/orders/${orderId}` }: { orderId: string; lastResult?: FormReply | null; returnTo?: string }) {
  const navigation = useNavigation();
  const action = `/orders/${orderId}/review`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({ id: "review", schema: reviewSchema, lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-5">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {form.errors ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      {REVIEW_CRITERIA.map((criterion) => (
        <StarChoice
          key={criterion.name}
          formId={form.id}
          name={criterion.name}
          label={criterion.label}
          value={fields[criterion.name].initialValue as string | undefined}
          error={fields[criterion.name].errors?.[0]}
        />
      ))}
      <Field id={fields.body.id} label="Your review" error={fields.body.errors?.[0]} hint="Other buyers read it on the supplier's store page, with your company's name.">
        <Textarea {...getTextareaProps(fields.body)} rows={5} maxLength={REVIEW_TEXT_MAX} required />
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? "Publishing..." : "Publish review"}
      </Button>
    </Form>
  );
}

/** The supplier's one reply to a review, posted to /orders/{id}/review (then back to `returnTo`). */
export function ReviewReplyForm({ orderId, lastResult, returnTo = `/orders/${orderId}` }: { orderId: string; lastResult?: FormReply | null; returnTo?: string }) {
  const navigation = useNavigation();
  const action = `/orders/${orderId}/review`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({ id: `reply-${orderId}`, schema: reviewReplySchema, lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {form.errors ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Field id={fields.reply.id} label="Your reply (once, shown under the review)" error={fields.reply.errors?.[0]}>
        <Textarea {...getTextareaProps(fields.reply)} rows={3} maxLength={REVIEW_TEXT_MAX} required />
      </Field>
      <Button type="submit" size="sm" disabled={sending}>
        {sending ? "Publishing..." : "Publish reply"}
      </Button>
    </Form>
  );
}

/** One review with its ratings, text and the supplier's reply; the supplier's reply form when `replyTo` is given. */
export function ReviewItem({ review, supplierName, replyTo }: { review: ReviewView; supplierName: string; replyTo?: { returnTo: string; lastResult?: FormReply | null } }) {
  const overall = (review.productQuality + review.communication + review.onTimeDelivery) / 3;
  return (
    <article className="p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={overall} />
        <span className="font-medium tabular-nums">{formatRating(overall)}</span>
        <span className="text-sm text-slate-600">{review.buyerCompany}</span>
        <span className="text-sm text-slate-500">· {reviewedOn.format(new Date(review.createdAt))}</span>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {REVIEW_CRITERIA.map((c) => (
          <div key={c.name} className="flex gap-1">
            <dt>{c.label}:</dt>
            <dd className="font-medium tabular-nums text-slate-800">{review[c.name]} / 5</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>
      {review.reply ? (
        <div className="mt-3 rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <p className="flex items-center gap-1 font-medium text-slate-700">
            <MessageSquareReply className="size-4" aria-hidden /> Reply from {supplierName}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{review.reply}</p>
        </div>
      ) : replyTo ? (
        <ReviewReplyForm orderId={review.orderId} returnTo={replyTo.returnTo} lastResult={replyTo.lastResult} />
      ) : null}
    </article>
  );
}

/** A store's Reviews section: the averages per criterion and the count, then each review with its reply; the owner may reply. */
export function StoreReviews({ rating, reviews, supplierName, ownerReturnTo }: { rating: RatingSummary | null; reviews: ReviewView[]; supplierName: string; ownerReturnTo?: string }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-20">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        Reviews
      </h2>
      {rating ? (
        <Card className="mt-4 grid gap-4 p-5 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="text-center sm:pr-6 sm:text-left">
            <p className="text-4xl font-bold tabular-nums">{formatRating(rating.average)}</p>
            <Stars value={rating.average} className="mt-1" />
            <p className="mt-1 text-sm text-slate-600">{reviewCountLabel(rating.count)} from completed orders</p>
          </div>
          <dl className="space-y-2">
            {REVIEW_CRITERIA.map((c) => (
              <div key={c.name} className="grid grid-cols-[8.5rem_1fr_2.5rem] items-center gap-3 text-sm">
                <dt className="text-slate-700">{c.label}</dt>
                <dd className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <div className="h-full rounded-full bg-amber-400" style={{ width: `${(rating[c.name] / 5) * 100}%` }} />
                </dd>
                <dd className="text-right font-medium tabular-nums">{formatRating(rating[c.name])}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : (
        <Card className="mt-4 p-6 text-center text-slate-600">
          <Star className="mx-auto size-8 text-slate-300" aria-hidden />
          <p className="mt-2 font-medium text-slate-800">Be the first to know how this supplier delivers</p>
          <p className="mt-1 text-sm">Buyers review a supplier after a completed order on Setu; none has yet.</p>
        </Card>
      )}
      {reviews.length > 0 ? (
        <Card className="mt-4 divide-y divide-slate-100">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} supplierName={supplierName} replyTo={ownerReturnTo ? { returnTo: ownerReturnTo } : undefined} />
          ))}
        </Card>
      ) : null}
    </section>
  );
}
