import { Readable } from "node:stream";
import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { refusalReport } from "~/modules/catalogue-import/catalogue-files.server";
import { refusedRowsOf } from "~/modules/catalogue-import/catalogue-import.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/products.import-report";

// An import's refused rows as CSV, for the seller whose import it is; anyone else finds nothing (404).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await getSessionUser(request, runtime);
  const refused = user ? await refusedRowsOf(runtime.db, user, params.id) : null;
  if (!refused) throw data(null, { status: 404 });
  return new Response(Readable.toWeb(refusalReport(refused)) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="refused-rows-${params.id.slice(0, 8)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
