import { Star } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { formatRating, reviewCountLabel } from "../rating";

/** Five stars, `value` of them filled (rounded to the nearest half star's whole), with the figure said in words. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span
      className={cn("inline-flex items-center", className)}
      role="img"
      aria-label={`${formatRating(value)} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn("size-4", n <= filled ? "fill-amber-400 text-amber-400" : "text-slate-300")}
          aria-hidden
        />
      ))}
    </span>
  );
}

/** "★ 4.2 (12 reviews)" on a card or a header; before the first review "No reviews yet", or nothing with `hideEmpty` (a card). */
export function RatingBadge({
  rating,
  className,
  href,
  hideEmpty,
}: {
  rating: { average: number; count: number } | null | undefined;
  className?: string;
  href?: string;
  hideEmpty?: boolean;
}) {
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
