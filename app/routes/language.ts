import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { isLocale } from "~/lib/locale";
import { localeCookieHeader } from "~/lib/visitor-locale";
import { setOwnLanguage } from "~/modules/accounts/profile-commands.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/language";

// The language switch (header, /profile) posts here; a GET changes nothing.
export function loader() {
  return redirect("/");
}

/**
 * Stores the chosen language (record 0058): on the account when signed in (its pages and e-mails follow it on every
 * device), else in a cookie on this browser. Then back to the page the switch was on, rendered afresh in it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const language = form.get("language");
  if (!isLocale(language)) throw data({ message: "Choose English or Hindi." }, { status: 400 });
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/");
  const { runtime } = context.get(appContext);
  const user = await getSessionUser(request, runtime);
  if (user?.profile) {
    await setOwnLanguage(runtime.db, user, language);
    return redirect(back);
  }
  return redirect(back, {
    headers: { "Set-Cookie": localeCookieHeader(language, runtime.publicUrl.startsWith("https:")) },
  });
}
