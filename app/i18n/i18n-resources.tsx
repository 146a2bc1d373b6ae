import type { ResourceLanguage } from "i18next";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { pageNamespaces } from "./config";

export const I18N_SCRIPT_ID = "i18n-texts";

export type I18nBoot = { lng: string; texts: Record<string, ResourceLanguage> };

/** In the browser: the JSON the page came with, rendered again as it was (hydration finds it unchanged). */
let bootText: string | null = null;
export function rememberBootText(text: string) {
  bootText = text;
}

/**
 * The texts of the page's namespaces in its language, as JSON in the page (not a script that runs): the browser
 * starts i18next from them (client.ts), so hydration renders what the server did. The namespaces are those the
 * matched routes declare (`handle.i18n`) and every one a component used while the server rendered the page (this
 * renders after the page's content), so a shared component's namespace is never missed.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  if (typeof document !== "undefined" && bootText !== null)
    return <script id={I18N_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: bootText }} />;
  const lng = i18n.language;
  const namespaces = new Set([...pageNamespaces(matches), ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])]);
  const texts: I18nBoot["texts"] = {};
  for (const ns of namespaces) texts[ns] = i18n.getResourceBundle(lng, ns) ?? {};
  // `<` escaped: no text can close the script element
  const json = JSON.stringify({ lng, texts } satisfies I18nBoot).replace(/</g, "\\u003c");
  return <script id={I18N_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
