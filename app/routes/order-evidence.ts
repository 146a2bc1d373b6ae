import { data } from "react-router";
import { requireUser } from "~/modules/accounts/session.server";
import { serveEvidence } from "~/modules/payments/disputes.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/order-evidence";

/** A dispute's evidence file, to the order's two parties and administrators only (404 to anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const response = await serveEvidence(runtime.db, runtime.storage, user, params.evidenceId);
  if (!response) throw data("Not found", { status: 404 });
  return response;
}
