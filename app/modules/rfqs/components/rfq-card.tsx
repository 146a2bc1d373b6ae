import { useCategoryName } from "~/i18n/use-category-name";
import { useTranslation } from "~/i18n/use-translation";
import { useUnitLabel } from "~/i18n/use-unit-label";
import { useLocale } from "~/components/layout/use-root-user";
import { useStatusLabel } from "~/i18n/use-status-label";
import { formatNumber } from "~/lib/numbers";
import { Building2, Calendar, MapPin, Package, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge, statusTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import type { RfqCard as RfqCardData } from "../rfq-values";
import { ClosingTime } from "./closing-time";
import { DeadlineBadge } from "./deadline-badge";

/** A budget is a total for the whole quantity: whole dollars (decision record 0041). */
const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });

/** How a budget is worded; English unless a page passes its language's (the RFQ card does). */
type BudgetWords = { open: string; from: (amount: string) => string; upTo: (amount: string) => string };
const ENGLISH_BUDGET: BudgetWords = { open: "Open budget", from: (a) => `From ${a}`, upTo: (a) => `Up to ${a}` };

export function formatBudget(min: number | null, max: number | null, words: BudgetWords = ENGLISH_BUDGET): string {
  if (min === null && max === null) return words.open;
  if (min !== null && max !== null) return min === max ? wholeUsd(min) : `${wholeUsd(min)} – ${wholeUsd(max)}`;
  return min !== null ? words.from(wholeUsd(min)) : words.upTo(wholeUsd(max!));
}

/** The buyer takes quotes from verified suppliers only. */
/** A direct inquiry (issue #41.3): asked of one supplier from its product page, and of the suppliers invited. */
export function DirectInquiryBadge({ role }: { role: "addressed" | "invited" | null }) {
  const { t } = useTranslation(["rfqs"]);
  return (
    <Badge title={t("rfqs:card.directTitle")}>
      {role === "addressed"
        ? t("rfqs:card.directToYou")
        : role === "invited"
          ? t("rfqs:card.invited")
          : t("rfqs:card.direct")}
    </Badge>
  );
}

export function VerifiedOnlyBadge() {
  const { t } = useTranslation(["rfqs"]);
  return (
    <Badge tone="green" title={t("rfqs:card.verifiedOnlyTitle")}>
      <ShieldCheck className="size-3.5" aria-hidden /> {t("rfqs:card.verifiedOnly")}
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
  const { t } = useTranslation(["rfqs"]);
  const categoryName = useCategoryName();
  const unitLabel = useUnitLabel();
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  const budgetWords = {
    open: t("rfqs:budget.open"),
    from: (amount: string) => t("rfqs:budget.from", { amount }),
    upTo: (amount: string) => t("rfqs:budget.upTo", { amount }),
  };
  return (
    <article className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 transition hover:border-slate-300 hover:shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="blue">{categoryName(rfq.category)}</Badge>
        {showStatus ? <Badge tone={statusTone(rfq.status)}>{statusLabel(rfq.status)}</Badge> : null}
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
          <dt className="text-xs text-slate-500">{t("rfqs:card.budget")}</dt>
          <dd className="font-semibold tabular-nums">
            {formatBudget(rfq.budgetMinCents, rfq.budgetMaxCents, budgetWords)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("rfqs:card.quantity")}</dt>
          <dd className="flex items-center gap-1 font-semibold tabular-nums">
            <Package className="size-3.5 text-slate-400" aria-hidden />
            {formatNumber(rfq.quantity, locale)} {unitLabel.many(rfq.unit)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("rfqs:card.closes")}</dt>
          <dd className="flex items-start gap-1">
            <Calendar className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
            {/* suppliers browse the list: India's time beside the viewer's */}
            <ClosingTime closesAt={rfq.closesAt} timeZone={rfq.timeZone} withIndia={!showStatus} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("rfqs:card.deliverTo")}</dt>
          <dd className="flex items-center gap-1 truncate">
            <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />{" "}
            <span className="truncate">{rfq.deliveryLocation}</span>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <span className="text-xs text-slate-500">{t("rfqs:card.quotes", { count: rfq.quoteCount })}</span>
        <Link to={`/rfqs/${rfq.id}`} className={buttonClasses("primary", "sm")}>
          {showStatus || !canQuote ? t("rfqs:card.view") : t("rfqs:card.submitQuote")}
        </Link>
      </div>
    </article>
  );
}
