import { MapPin, MessageCircleReply } from "lucide-react";
import type { ComponentProps } from "react";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { replyTimeLabel, RESPONSE_TIME_WINDOW_DAYS } from "~/modules/response-times/response-time";
import { RatingBadge } from "~/modules/reviews/components/rating-badge";

/** The line of facts under a store's name on its public page: verification, rating, followers, replies, products, place. */
export function StoreHeadlineFacts({
  verified,
  address,
  rating,
  responseTime,
  followerCount,
  totalProducts,
}: {
  verified: boolean;
  address: { city?: string | null; state?: string | null; country?: string | null } | null;
  rating: ComponentProps<typeof RatingBadge>["rating"];
  responseTime: { hours: number; replyRatePercent: number } | null;
  followerCount: number;
  totalProducts: number;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <VerificationBadge verified={verified} label={{ verified: "Verified Seller", unverified: "Unverified Seller" }} />
      <RatingBadge rating={rating} href={rating ? "#reviews" : undefined} />
      <span>
        {followerCount} {followerCount === 1 ? "follower" : "followers"}
      </span>
      {responseTime ? (
        <span
          className="inline-flex items-center gap-1"
          title={`Replied to ${responseTime.replyRatePercent}% of the conversations buyers started in the last ${RESPONSE_TIME_WINDOW_DAYS} days`}
        >
          <MessageCircleReply className="size-4 text-slate-400" aria-hidden /> {replyTimeLabel(responseTime.hours)}
          <span className="text-slate-500">· {responseTime.replyRatePercent}% reply rate</span>
        </span>
      ) : null}
      <span>
        {totalProducts} {totalProducts === 1 ? "product" : "products"}
      </span>
      {address?.city ? (
        <span className="inline-flex items-center gap-1">
          <MapPin className="size-4" aria-hidden />{" "}
          {[address.city, address.state, address.country].filter(Boolean).join(", ")}
        </span>
      ) : null}
    </div>
  );
}
