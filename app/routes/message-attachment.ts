import { data } from "react-router";
import { requireUser } from "~/modules/accounts/session.server";
import { serveAttachment } from "~/modules/messaging/messaging.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/message-attachment";

/** A message's attachment, to its conversation's two parties only (404 to anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const variant = new URL(request.url).searchParams.get("variant") === "thumbnail" ? "thumbnail" : "full";
  const response = await serveAttachment(runtime.db, runtime.storage, user, params.id, params.attachmentId, variant);
  if (!response) throw data("Not found", { status: 404 });
  return response;
}
