import { Readable } from "node:stream";
import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { catalogueTemplate, CONTENT_TYPES } from "~/modules/catalogue-import/catalogue-files.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/products.import-template";

// The catalogue template (?format=xlsx or csv), for sellers.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile?.isSeller) throw data(null, { status: 404 });
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
  return new Response(Readable.toWeb(catalogueTemplate(format)) as ReadableStream, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="setu-catalogue-template.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
