import { redirect } from "react-router";
import { redirectWithFlash } from "~/http/flash.server";
import { signOut } from "~/modules/accounts/credentials.server";
import type { Route } from "./+types/auth.sign-out";
import { appContext } from "~/request-context.server";

// Sign-out is a POST only: no GET request changes state.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context.get(appContext).runtime, request.headers);
  return redirectWithFlash("/", { type: "success", message: "You have been signed out." }, headers);
}
