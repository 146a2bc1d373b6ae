import { handleAuthRequest } from "~/modules/accounts/auth.server";
import type { Route } from "./+types/api.auth";
import { appContext } from "~/request-context.server";

// better-auth's HTTP endpoints, limited to the e-mail confirmation link and Google's callback.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(context.get(appContext).runtime.auth, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(context.get(appContext).runtime.auth, request);
}
