import { formatCalendarDate } from "~/lib/dates";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatMoney } from "~/lib/money";

/** Revenue is a total: whole dollars (decision record 0041). */
const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });
import { ANALYTICS_WINDOWS, formatDuration, formatWinRate, type StoreAnalytics } from "../analytics.schema";
import { BarChart, type BarChartWords } from "./bar-chart";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/components/layout/use-root-user";
import { formatNumber } from "~/lib/numbers";

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </Card>
  );
}

/** The Analytics tab of a store's management page (issue #23.3). */
export function AnalyticsPanel({ storeId, analytics: a }: { storeId: string; analytics: StoreAnalytics }) {
  const { t } = useTranslation(["analytics"]);
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const dayLabel = (day: string) => formatCalendarDate(day, "month-day", locale);
  const monthLabel = (month: string) => formatCalendarDate(month, "month-year", locale);
  const chartWords: BarChartWords = {
    noneYet: (title) => t("analytics:chart.noneYet", { title }),
    summary: (values) => t("analytics:chart.summary", values),
    empty: t("analytics:chart.empty"),
    showTable: t("analytics:chart.showTable"),
  };
  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav
          aria-label={t("analytics:panel.period")}
          className="inline-flex rounded-md border border-slate-200 bg-white p-0.5"
        >
          {ANALYTICS_WINDOWS.map((days) => (
            <Link
              key={days}
              to={`?tab=analytics&days=${days}`}
              preventScrollReset
              aria-current={a.days === days ? "page" : undefined}
              className={cn(
                "rounded px-3 py-1.5 text-sm font-medium",
                a.days === days ? "bg-brand-600 text-white" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {t("analytics:panel.lastDays", { days: n(days) })}
            </Link>
          ))}
        </nav>
        <a
          href={`/stores/${storeId}/analytics.csv?days=${a.days}`}
          download
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <Download className="size-4" aria-hidden /> {t("analytics:panel.download")}
        </a>
      </div>

      <section aria-labelledby="analytics-visits">
        <h2 id="analytics-visits" className="text-lg font-semibold">
          {t("analytics:panel.visits")}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label={t("analytics:panel.storeViews")} value={n(a.storeViews)} />
          <Stat
            label={t("analytics:panel.productViews")}
            value={n(a.productViews)}
            hint={t("analytics:panel.productViewsHint")}
          />
          <Stat label={t("analytics:panel.qrScans")} value={n(a.qrScans)} />
        </dl>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <Card className="p-4">
            <BarChart
              title={t("analytics:panel.storeViewsPerDay")}
              labelHeader={t("analytics:panel.day")}
              valueHeader={t("analytics:panel.views")}
              format={n}
              words={chartWords}
              data={a.daily.map((d) => ({ label: dayLabel(d.day), value: d.storeViews }))}
            />
          </Card>
          <Card className="p-4">
            <h3 className="text-sm font-medium text-slate-700">{t("analytics:panel.mostViewed")}</h3>
            {a.topProducts.length === 0 ? (
              <p className="mt-6 text-center text-sm text-slate-500">
                {t("analytics:panel.noProductViews", { days: n(a.days) })}
              </p>
            ) : (
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">{t("analytics:panel.mostViewedCaption", { days: n(a.days) })}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1.5 font-medium">
                      {t("analytics:panel.product")}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {t("analytics:panel.views")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {a.topProducts.map((p) => (
                    <tr key={p.id} className="border-b border-slate-100">
                      <th scope="row" className="py-1.5 pr-3 font-normal">
                        <Link to={`/product/${p.id}`} className="hover:underline">
                          {p.name}
                        </Link>
                        <span
                          aria-hidden
                          className="mt-1 block h-1.5 rounded bg-brand-500"
                          style={{ width: `${Math.max(2, (p.views / a.topProducts[0]!.views) * 100)}%` }}
                        />
                      </th>
                      <td className="py-1.5 text-right tabular-nums">{n(p.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      </section>

      <section aria-labelledby="analytics-sales">
        <h2 id="analytics-sales" className="text-lg font-semibold">
          {t("analytics:panel.sales")}
        </h2>
        <p className="text-sm text-slate-600">{t("analytics:panel.acrossStores")}</p>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label={t("analytics:panel.rfqsMatched")} value={n(a.rfqsMatched)} />
          <Stat label={t("analytics:summary.quotesSent")} value={n(a.quotesSent)} />
          <Stat
            label={t("analytics:summary.winRate")}
            value={formatWinRate(a.winRate)}
            hint={
              a.quotesDecided
                ? t("analytics:panel.decided", { accepted: a.quotesAccepted, decided: a.quotesDecided })
                : t("analytics:panel.noneDecided")
            }
          />
          <Stat
            label={t("analytics:panel.medianResponse")}
            value={
              a.medianFirstResponseSeconds === null
                ? "—"
                : formatDuration(a.medianFirstResponseSeconds, (unit, count) =>
                    t(`analytics:duration.${unit}`, { count }),
                  )
            }
            hint={t("analytics:panel.medianHint")}
          />
          <Stat
            label={t("analytics:panel.revenue")}
            value={wholeUsd(a.revenueCents)}
            hint={t("analytics:panel.revenueHint")}
          />
        </dl>
        <Card className="mt-4 p-4 lg:w-1/2">
          <BarChart
            title={t("analytics:panel.revenueByMonth")}
            labelHeader={t("analytics:panel.month")}
            valueHeader={t("analytics:panel.revenueUsd")}
            format={wholeUsd}
            words={chartWords}
            data={a.revenueByMonth.map((m) => ({ label: monthLabel(m.month), value: m.cents }))}
          />
        </Card>
      </section>
    </div>
  );
}
