import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/layout/use-root-user";
import { formatNumber } from "~/lib/numbers";
import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { formatWinRate, type SellerAnalyticsSummary } from "../analytics.schema";

/** The seller dashboard's look at the last 30 days, linking to the store's Analytics tab (issue #23.3). */
export function AnalyticsSummary({ summary }: { summary: SellerAnalyticsSummary }) {
  const { t } = useTranslation(["analytics"]);
  const locale = useLocale();
  const items = [
    {
      label: t("analytics:summary.pageViews"),
      value: formatNumber(summary.views, locale),
      hint: t("analytics:summary.pageViewsHint"),
    },
    { label: t("analytics:summary.quotesSent"), value: formatNumber(summary.quotesSent, locale) },
    {
      label: t("analytics:summary.winRate"),
      value: formatWinRate(summary.winRate),
      hint: t("analytics:summary.winRateHint"),
    },
  ];
  return (
    <Card className="mt-8 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BarChart3 className="size-5 text-brand-600" aria-hidden /> {t("analytics:summary.title")}
        </h2>
        {summary.firstStoreId ? (
          <Link
            to={`/stores/${summary.firstStoreId}/manage?tab=analytics`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t("analytics:summary.view")}
          </Link>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{item.value}</dd>
            {item.hint ? <dd className="text-xs text-slate-500">{item.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </Card>
  );
}
