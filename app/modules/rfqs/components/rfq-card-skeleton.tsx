/** An RFQ card while its RFQ (or the card's code) loads: apart from rfq-card.tsx, so a page can show it without the card's code. */
export function RfqCardSkeleton() {
  return (
    <div className="animate-pulse rounded-lg border border-slate-200 bg-white p-5" aria-hidden>
      <div className="h-4 w-20 rounded bg-slate-100" />
      <div className="mt-3 h-5 w-3/4 rounded bg-slate-100" />
      <div className="mt-2 h-3 w-1/2 rounded bg-slate-100" />
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="h-8 rounded bg-slate-100" />
        <div className="h-8 rounded bg-slate-100" />
      </div>
    </div>
  );
}
