import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { parseAnalyticsWindow } from "~/modules/analytics/analytics.schema";
import { analyticsCsv, storeAnalytics } from "~/modules/analytics/analytics.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/store-analytics-csv";

// A store's analytics as CSV, for its owner only: anyone else finds nothing here (404).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await getSessionUser(request, runtime);
  const days = parseAnalyticsWindow(new URL(request.url).searchParams.get("days"));
  const analytics = user ? await storeAnalytics(runtime.db, user, params.id, days) : null;
  if (!analytics) throw data(null, { status: 404 });
  return new Response(analyticsCsv(analytics), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="store-analytics-${analytics.days}d-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
