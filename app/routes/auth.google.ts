import { redirect } from "react-router";
import { redirectWithFlash } from "~/http/flash.server";
import { startGoogleSignIn } from "~/modules/accounts/google.server";
import type { Route } from "./+types/auth.google";
import { appContext } from "~/request-context.server";

export function loader() {
  return redirect("/auth");
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await startGoogleSignIn(context.get(appContext).runtime, request.headers);
  if (!result.ok) return redirectWithFlash("/auth", { type: "error", message: result.message });
  const headers = new Headers({ Location: result.url });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}
