import { Star } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { formatRating, REVIEW_CRITERIA, reviewCountLabel } from "../rating";
import type { RatingSummary, ReviewView } from "../reviews-values";
import { Stars } from "./rating-badge";
import { ReviewItem } from "./review-item";
import { useTranslation } from "~/i18n/use-translation";

/** A store's Reviews section: the averages per criterion and the count, then each review with its reply; the owner may reply. */
export function StoreReviews({
  rating,
  reviews,
  supplierName,
  isOwner = false,
  timeZone,
}: {
  rating: RatingSummary | null;
  reviews: ReviewView[];
  supplierName: string;
  isOwner?: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation(["reviews"]);
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
                <dt className="text-slate-700">{t(`reviews:criteria.${c.name}`)}</dt>
                <dd className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <div
                    className="h-full rounded-full bg-amber-400"
                    style={{ width: `${(rating[c.name] / 5) * 100}%` }}
                  />
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
            <ReviewItem
              timeZone={timeZone}
              key={review.id}
              review={review}
              supplierName={supplierName}
              reply={
                isOwner ? (
                  <Link
                    to={`/orders/${review.orderId}`}
                    className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
                  >
                    Reply to this review on its order
                  </Link>
                ) : undefined
              }
            />
          ))}
        </Card>
      ) : null}
    </section>
  );
}
