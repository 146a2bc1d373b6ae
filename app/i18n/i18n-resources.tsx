import type { ResourceLanguage } from "i18next";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { pageNamespaces } from "./config";

export const I18N_SCRIPT_ID = "i18n-texts";

export type I18nBoot = { lng: string; texts: Record<string, ResourceLanguage> };

/**
 * The texts of the page's namespaces in its language, as JSON in the page (not a script that runs): the browser
 * starts i18next from them (client.ts), so hydration renders what the server did. Rendered the same in the browser
 * from the same store, so hydration finds it unchanged.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  const lng = i18n.language;
  const texts: I18nBoot["texts"] = {};
  for (const ns of pageNamespaces(matches)) texts[ns] = i18n.getResourceBundle(lng, ns) ?? {};
  // `<` escaped: no text can close the script element
  const json = JSON.stringify({ lng, texts } satisfies I18nBoot).replace(/</g, "\\u003c");
  return <script id={I18N_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
