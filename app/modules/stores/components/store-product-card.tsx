import { Clock, Heart, Package } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { topCategoryLabel } from "~/lib/top-categories";
import { formatPriceRange } from "~/lib/money";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { ContactButton } from "~/modules/messaging/components/contact-button";
import { replyTimeLabel } from "~/modules/response-times/response-time";
import { RatingBadge } from "~/modules/reviews/components/rating-badge";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import type { PublicStoreProduct } from "../stores.server";

/** A product on its store's page, as a card (grid) or a row (list). */
export function StoreProductCard({
  product,
  view,
  signedIn,
  own,
  onNeedAuth,
}: {
  product: PublicStoreProduct;
  view: "grid" | "list";
  signedIn: boolean;
  own: boolean;
  onNeedAuth: () => void;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = product.images[0];
  return (
    <article
      className={cn(
        "flex overflow-hidden rounded-lg border border-slate-200 bg-white",
        view === "grid" ? "flex-col" : "flex-row",
      )}
    >
      <div className={cn("relative shrink-0 bg-slate-100", view === "grid" ? "aspect-[4/3] w-full" : "w-36")}>
        {image && !imageFailed ? (
          <ResponsiveImage
            src={image}
            alt=""
            sizes={view === "grid" ? "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw" : "144px"}
            widths={view === "grid" ? [320, 480, 640, 960] : [320]}
            width={640}
            height={480}
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full min-h-24 items-center justify-center text-slate-300">
            <Package className="size-10" aria-hidden />
          </div>
        )}
        {/* Spec: the heart asks a signed-out visitor to log in. There is no saved-products list yet, so a signed-in buyer gets no heart rather than a false "saved". */}
        {signedIn ? null : (
          <button
            type="button"
            onClick={onNeedAuth}
            className="absolute right-2 top-2 rounded-full bg-white/90 p-1.5 text-slate-600 hover:text-red-600"
            aria-label={`Save ${product.name}`}
          >
            <Heart className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="blue">{topCategoryLabel(product.category)}</Badge>
          <VerificationBadge verified={product.supplierVerified} />
        </div>
        <h3 className="mt-2 font-semibold">
          <Link to={`/product/${product.id}`} className="block hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <p className="mt-2 text-xs text-slate-500">
          MOQ: {product.minimumOrderQuantity} {product.unit}
        </p>
        <RatingBadge rating={product.supplierRating} className="mt-1 text-xs" hideEmpty />
        {product.supplierReplyHours ? (
          <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-500">
            <Clock className="size-3" aria-hidden /> {replyTimeLabel(product.supplierReplyHours)}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="font-semibold tabular-nums">
            {formatPriceRange(product.priceMinCents, product.priceMaxCents)}
          </span>
          {own ? null : signedIn ? (
            <ContactButton subjectType="product" subjectId={product.id} signedIn size="sm" variant="primary">
              Inquire
            </ContactButton>
          ) : (
            <Button size="sm" variant="outline" onClick={onNeedAuth}>
              Login to Inquire
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
