import { data } from "react-router";
import { requireUser } from "~/modules/accounts/session.server";
import { storeQrDownload } from "~/modules/stores/stores.server";
import type { Route } from "./+types/store-qr";
import { appContext } from "~/request-context.server";

// The owner's QR code as a PNG download (generated on the fly when none is stored).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.get(appContext).runtime);
  const download = await storeQrDownload(
    context.get(appContext).runtime.db,
    user,
    params.id,
    context.get(appContext).runtime.publicUrl,
  );
  if (!download) throw data(null, { status: 404 });
  return new Response(new Uint8Array(download.png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
