import { MapPin } from "lucide-react";
import type { ComponentProps } from "react";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { RatingBadge } from "~/modules/reviews/components/rating-badge";

/** Under a product's supplier: verified or not, where, and the rating (links to the store's reviews). */
export function SupplierFacts({
  verified,
  rating,
  reviewsHref,
}: {
  verified: boolean;
  rating: ComponentProps<typeof RatingBadge>["rating"];
  reviewsHref: string | undefined;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <VerificationBadge verified={verified} />
      <span className="inline-flex items-center gap-1 text-xs text-slate-600">
        <MapPin className="size-3" aria-hidden /> India
      </span>
      <RatingBadge rating={rating} href={reviewsHref} className="text-xs" />
    </div>
  );
}
