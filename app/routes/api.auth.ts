import { handleAuthRequest } from "~/modules/accounts/auth.server";
import type { Route } from "./+types/api.auth";
import { appContext } from "~/request-context.server";

// better-auth's HTTP endpoints, limited to the e-mail confirmation link and Google's callback.
export function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  return handleAuthRequest(runtime.auth, runtime.db, request);
}

export function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  return handleAuthRequest(runtime.auth, runtime.db, request);
}
