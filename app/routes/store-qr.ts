import { data } from "react-router";
import { requireUser } from "~/modules/accounts/session.server";
import { storeQrDownload } from "~/modules/stores/stores.server";
import type { Route } from "./+types/store-qr";

// The owner's QR code as a PNG download (generated on the fly when none is stored).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.runtime);
  const download = await storeQrDownload(context.runtime.db, user, params.id, context.runtime.publicUrl);
  if (!download) throw data(null, { status: 404 });
  return new Response(new Uint8Array(download.png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
