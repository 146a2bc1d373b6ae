import { formatCalendarDate } from "~/lib/dates";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatMoney } from "~/lib/money";

/** Revenue is a total: whole dollars (decision record 0041). */
const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });
import { ANALYTICS_WINDOWS, formatDuration, formatWinRate, type StoreAnalytics } from "../analytics.schema";
import { BarChart } from "./bar-chart";

const dayLabel = (day: string) => formatCalendarDate(day, "month-day");
const monthLabel = (month: string) => formatCalendarDate(month, "month-year");

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
  const n = (v: number) => v.toLocaleString("en-US");
  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Period" className="inline-flex rounded-md border border-slate-200 bg-white p-0.5">
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
              Last {days} days
            </Link>
          ))}
        </nav>
        <a
          href={`/stores/${storeId}/analytics.csv?days=${a.days}`}
          download
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <Download className="size-4" aria-hidden /> Download CSV
        </a>
      </div>

      <section aria-labelledby="analytics-visits">
        <h2 id="analytics-visits" className="text-lg font-semibold">
          Visits to this store
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label="Store page views" value={n(a.storeViews)} />
          <Stat label="Product page views" value={n(a.productViews)} hint="products in this store" />
          <Stat label="QR code scans" value={n(a.qrScans)} />
        </dl>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <Card className="p-4">
            <BarChart
              title="Store page views per day"
              labelHeader="Day"
              valueHeader="Views"
              data={a.daily.map((d) => ({ label: dayLabel(d.day), value: d.storeViews }))}
            />
          </Card>
          <Card className="p-4">
            <h3 className="text-sm font-medium text-slate-700">Most viewed products</h3>
            {a.topProducts.length === 0 ? (
              <p className="mt-6 text-center text-sm text-slate-500">
                No product page views in these {a.days} days yet.
              </p>
            ) : (
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">Most viewed products in the last {a.days} days</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1.5 font-medium">
                      Product
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Views
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
          RFQs, quotes and revenue
        </h2>
        <p className="text-sm text-slate-600">Across all your stores.</p>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label="RFQs matched to you" value={n(a.rfqsMatched)} />
          <Stat label="Quotes sent" value={n(a.quotesSent)} />
          <Stat
            label="Quote win rate"
            value={formatWinRate(a.winRate)}
            hint={a.quotesDecided ? `${a.quotesAccepted} of ${a.quotesDecided} decided` : "no quote decided yet"}
          />
          <Stat
            label="Median first response"
            value={a.medianFirstResponseSeconds === null ? "—" : formatDuration(a.medianFirstResponseSeconds)}
            hint="RFQ published to your first quote"
          />
          <Stat label="Revenue" value={wholeUsd(a.revenueCents)} hint="released from escrow" />
        </dl>
        <Card className="mt-4 p-4 lg:w-1/2">
          <BarChart
            title="Revenue by month"
            labelHeader="Month"
            valueHeader="Revenue (USD)"
            format={wholeUsd}
            data={a.revenueByMonth.map((m) => ({ label: monthLabel(m.month), value: m.cents }))}
          />
        </Card>
      </section>
    </div>
  );
}
