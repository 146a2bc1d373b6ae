import { formatDate } from "~/lib/dates";
import { MessageSquareReply } from "lucide-react";
import type { ReactNode } from "react";
import { formatRating, REVIEW_CRITERIA } from "../rating";
import type { ReviewView } from "../reviews-values";
import { Stars } from "./rating-badge";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/components/layout/use-root-user";

/** One review with the supplier's reply; until the reply exists, `reply` (a form on the order page, a link elsewhere). */
/** One review with its ratings, text and the supplier's reply; the supplier's reply form when `replyTo` is given. */
export function ReviewItem({
  review,
  supplierName,
  reply,
  timeZone,
}: {
  review: ReviewView;
  supplierName: string;
  reply?: ReactNode;
  /** the viewer's zone (root's loader), the review's day shown in it */
  timeZone: string;
}) {
  const { t } = useTranslation(["reviews"]);
  const locale = useLocale();
  const overall = (review.productQuality + review.communication + review.onTimeDelivery) / 3;
  return (
    <article className="p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={overall} />
        <span className="font-medium tabular-nums">{formatRating(overall)}</span>
        <span className="text-sm text-slate-600">{review.buyerCompany}</span>
        <span className="text-sm text-slate-500">· {formatDate(review.createdAt, timeZone, "medium", locale)}</span>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {REVIEW_CRITERIA.map((c) => (
          <div key={c.name} className="flex gap-1">
            <dt>{t(`reviews:criteria.${c.name}`)}:</dt>
            <dd className="font-medium tabular-nums text-slate-800">{review[c.name]} / 5</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.body}</p>
      {review.reply ? (
        <div className="mt-3 rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          <p className="flex items-center gap-1 font-medium text-slate-700">
            <MessageSquareReply className="size-4" aria-hidden /> {t("reviews:replyFrom", { supplier: supplierName })}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{review.reply}</p>
        </div>
      ) : (
        (reply ?? null)
      )}
    </article>
  );
}
