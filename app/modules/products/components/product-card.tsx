import { useCategoryName } from "~/i18n/use-category-name";
import { Clock, MapPin, MessageSquareQuote, Package } from "lucide-react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { buttonClasses } from "~/components/ui/button";
import { formatPriceRange } from "~/lib/money";
import type { ProductCardData } from "../products.schema";
import { replyTimeLabel } from "~/modules/response-times/response-time";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import { RatingBadge } from "~/modules/reviews/components/rating-badge";

/** Where 'Request Quote' leads: Create RFQ pre-filled from the product, through sign-in for a visitor. */
export function requestQuoteHref(productId: string, signedIn: boolean): `/${string}` {
  const target = `/create-rfq?product=${productId}` as const;
  return signedIn ? target : `/auth?redirectTo=${encodeURIComponent(target)}`;
}

/** 'Request Quote' (signed in) or 'Login to Quote' (visitor, spec §2: with the info toast 'Please sign in to request quotes'). */
export function RequestQuoteLink({
  productId,
  signedIn,
  className,
}: {
  productId: string;
  signedIn: boolean;
  className?: string;
}) {
  return (
    <Link
      to={requestQuoteHref(productId, signedIn)}
      onClick={signedIn ? undefined : () => toast.info("Please sign in to request quotes")}
      className={buttonClasses(signedIn ? "primary" : "outline", "sm", className)}
    >
      <MessageSquareQuote className="size-4" aria-hidden /> {signedIn ? "Request Quote" : "Login to Quote"}
    </Link>
  );
}

/** How wide a card's picture is shown in the grids (one column on phones, two from sm, three or four from lg). */
export const PRODUCT_CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

/**
 * A product in a grid; with `quote`, the card ends with the Request Quote action (marketplace). `imagePriority`:
 * the grid's first card, whose picture is the largest one above the fold on a phone.
 */
export function ProductCard({
  product,
  quote,
  imagePriority = false,
}: {
  product: ProductCardData;
  quote?: { signedIn: boolean };
  imagePriority?: boolean;
}) {
  const categoryName = useCategoryName();
  const image = product.images[0];
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition hover:border-slate-300 hover:shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        {image ? (
          <ResponsiveImage
            src={image}
            alt=""
            sizes={PRODUCT_CARD_IMAGE_SIZES}
            widths={[320, 480, 640, 960]}
            width={640}
            height={480}
            priority={imagePriority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-300">
            <Package className="size-12" aria-hidden />
          </div>
        )}
        <VerificationBadge verified={product.supplierVerified} className="absolute left-2 top-2 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between text-xs text-slate-500">
          <span>{categoryName(product.category)}</span>
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3" aria-hidden /> India
          </span>
        </div>
        <h3 className="mt-1 line-clamp-2 font-semibold text-slate-900">
          <Link to={`/product/${product.id}`} className="after:absolute hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto pt-3">
          <p className="text-lg font-semibold tabular-nums text-slate-900">
            {formatPriceRange(product.priceMinCents, product.priceMaxCents)}
          </p>
          <p className="text-xs text-slate-500">
            MOQ: {product.minimumOrderQuantity} {product.unit}
          </p>
          <p className="mt-2 truncate text-xs text-slate-600">{product.supplierCompany ?? "Company"}</p>
          <RatingBadge rating={product.supplierRating} className="mt-0.5 text-xs" hideEmpty />
          {product.supplierReplyHours ? (
            <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-500">
              <Clock className="size-3" aria-hidden /> {replyTimeLabel(product.supplierReplyHours)}
            </p>
          ) : null}
          {quote ? (
            <RequestQuoteLink productId={product.id} signedIn={quote.signedIn} className="relative z-10 mt-3 w-full" />
          ) : null}
        </div>
      </div>
    </article>
  );
}

export { ProductCardSkeleton } from "./product-card-skeleton";
