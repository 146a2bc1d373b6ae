/** A product card while its product loads: apart from product-card.tsx, so a page can show it without the card's code. */
export function ProductCardSkeleton() {
  return (
    <div className="animate-pulse overflow-hidden rounded-lg border border-slate-200 bg-white" aria-hidden>
      <div className="aspect-[4/3] bg-slate-100" />
      <div className="space-y-2 p-4">
        <div className="h-3 w-1/3 rounded bg-slate-100" />
        <div className="h-4 w-3/4 rounded bg-slate-100" />
        <div className="h-3 w-full rounded bg-slate-100" />
        <div className="h-5 w-1/2 rounded bg-slate-100" />
      </div>
    </div>
  );
}
