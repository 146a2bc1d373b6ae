import { Building2, Calendar, MapPin, Package, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge, statusTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { topCategoryLabel } from "~/lib/top-categories";
import { formatMoney } from "~/lib/money";
import type { RfqCard as RfqCardData } from "../rfq-values";
import { ClosingTime } from "./closing-time";
import { DeadlineBadge } from "./deadline-badge";

/** A budget is a total for the whole quantity: whole dollars (decision record 0041). */
const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });

export function formatBudget(min: number | null, max: number | null): string {
  if (min === null && max === null) return "Open budget";
  if (min !== null && max !== null) return min === max ? wholeUsd(min) : `${wholeUsd(min)} – ${wholeUsd(max)}`;
  return min !== null ? `From ${wholeUsd(min)}` : `Up to ${wholeUsd(max!)}`;
}

/** The buyer takes quotes from verified suppliers only. */
/** A direct inquiry (issue #41.3): asked of one supplier from its product page, and of the suppliers invited. */
export function DirectInquiryBadge({ role }: { role: "addressed" | "invited" | null }) {
  return (
    <Badge title="Only the suppliers the buyer asked can see and quote on it">
      {role === "addressed" ? "Direct inquiry to you" : role === "invited" ? "Invited to quote" : "Direct inquiry"}
    </Badge>
  );
}

export function VerifiedOnlyBadge() {
  return (
    <Badge tone="green" title="Only suppliers Setu has verified can quote">
      <ShieldCheck className="size-3.5" aria-hidden /> Verified suppliers only
    </Badge>
  );
}

/**
 * `canQuote`: the viewer is a supplier who may quote, so the card invites a quote; everyone else views the RFQ (issue #26).
 * `matchReason`: why the RFQ was matched to the viewing supplier ("Matches your products: …", issue #23).
 */
export function RfqCard({
  rfq,
  showStatus = false,
  canQuote = false,
  matchReason,
}: {
  rfq: RfqCardData;
  showStatus?: boolean;
  canQuote?: boolean;
  matchReason?: string;
}) {
  return (
    <article className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 transition hover:border-slate-300 hover:shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="blue">{topCategoryLabel(rfq.category)}</Badge>
        {showStatus ? <Badge tone={statusTone(rfq.status)}>{rfq.status}</Badge> : null}
        {rfq.status === "published" ? <DeadlineBadge closesAt={rfq.closesAt} /> : null}
        {rfq.verifiedSuppliersOnly ? <VerifiedOnlyBadge /> : null}
        {rfq.direct ? <DirectInquiryBadge role={rfq.direct.viewerRole} /> : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold">
        {/* a block, so that the whole title row is the tap target on a phone (record 0057) */}
        <Link to={`/rfqs/${rfq.id}`} className="line-clamp-2 hover:underline">
          {rfq.title}
        </Link>
      </h3>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <Building2 className="size-4" aria-hidden /> {rfq.buyerCompany}
      </p>
      <p className="mt-2 line-clamp-2 text-sm text-slate-600">{rfq.description}</p>
      {matchReason ? (
        <p className="mt-2 flex items-start gap-1.5 rounded-md bg-emerald-50 px-2 py-1.5 text-sm text-emerald-800">
          <Sparkles className="mt-0.5 size-3.5 shrink-0" aria-hidden /> {matchReason}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Budget</dt>
          <dd className="font-semibold tabular-nums">{formatBudget(rfq.budgetMinCents, rfq.budgetMaxCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Quantity</dt>
          <dd className="flex items-center gap-1 font-semibold tabular-nums">
            <Package className="size-3.5 text-slate-400" aria-hidden />
            {rfq.quantity.toLocaleString("en-US")} {rfq.unit}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Closes</dt>
          <dd className="flex items-start gap-1">
            <Calendar className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
            {/* suppliers browse the list: India's time beside the viewer's */}
            <ClosingTime closesAt={rfq.closesAt} timeZone={rfq.timeZone} withIndia={!showStatus} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Deliver to</dt>
          <dd className="flex items-center gap-1 truncate">
            <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />{" "}
            <span className="truncate">{rfq.deliveryLocation}</span>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <span className="text-xs text-slate-500">
          {rfq.quoteCount} {rfq.quoteCount === 1 ? "quote" : "quotes"}
        </span>
        <Link to={`/rfqs/${rfq.id}`} className={buttonClasses("primary", "sm")}>
          {showStatus || !canQuote ? "View RFQ" : "Submit Quote"}
        </Link>
      </div>
    </article>
  );
}
