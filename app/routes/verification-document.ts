import { data } from "react-router";
import { getSessionUser } from "~/modules/accounts/session.server";
import { serveVerificationDocument } from "~/modules/accounts/verification.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/verification-document";

/** A seller's verification document, to that seller and administrators only (404 to anyone else, signed in or not). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const viewer = await getSessionUser(request, runtime);
  const variant = new URL(request.url).searchParams.get("variant") === "thumbnail" ? "thumbnail" : "full";
  const response = await serveVerificationDocument(runtime.db, runtime.storage, viewer, params.id, variant);
  if (!response) throw data("Not found", { status: 404 });
  return response;
}
