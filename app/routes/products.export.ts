import { Readable } from "node:stream";
import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { catalogueExport, CONTENT_TYPES } from "~/modules/catalogue-import/catalogue-files.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/products.export";

// "Export catalogue": the seller's own products in the import template's format (?format=xlsx or csv).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await getSessionUser(request, runtime);
  if (!user?.profile?.isSeller) throw data(null, { status: 404 });
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
  return new Response(Readable.toWeb(catalogueExport(runtime.db, user, format)) as ReadableStream, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="setu-catalogue-${new Date().toISOString().slice(0, 10)}.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
