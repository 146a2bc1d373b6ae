import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { readOrderDocument } from "~/modules/order-documents/order-documents.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/order-document";

/** An issued export document's PDF, as stored, to the order's buyer and seller only: 404 for anyone else (signed out too) and before it is issued. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await getSessionUser(request, runtime);
  const document = user
    ? await readOrderDocument(runtime.db, runtime.storage, user, params.orderId, params.kind)
    : null;
  if (!document) throw data("Not found", { status: 404 });
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${document.fileName}"`,
      "Content-Length": String(document.bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ETag: `"${document.sha256}"`,
    },
  });
}
