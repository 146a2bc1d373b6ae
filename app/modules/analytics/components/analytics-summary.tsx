import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { formatWinRate, type SellerAnalyticsSummary } from "../analytics.schema";

/** The seller dashboard's look at the last 30 days, linking to the store's Analytics tab (issue #23.3). */
export function AnalyticsSummary({ summary }: { summary: SellerAnalyticsSummary }) {
  const items = [
    { label: "Page views", value: summary.views.toLocaleString("en-US"), hint: "your stores and products" },
    { label: "Quotes sent", value: summary.quotesSent.toLocaleString("en-US") },
    { label: "Quote win rate", value: formatWinRate(summary.winRate), hint: "of quotes decided" },
  ];
  return (
    <Card className="mt-8 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BarChart3 className="size-5 text-brand-600" aria-hidden /> Last 30 days
        </h2>
        {summary.firstStoreId ? (
          <Link
            to={`/stores/${summary.firstStoreId}/manage?tab=analytics`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View analytics
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
