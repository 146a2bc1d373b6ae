import { createInstance, type ResourceLanguage } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locale";
import { sharedOptions } from "./config";
import { I18N_SCRIPT_ID, rememberBootText, type I18nBoot } from "./i18n-resources";

// each language's namespace is a chunk of its own, fetched when a page first needs it (a client-side navigation to
// another area, a language changed by signing in)
const chunks = import.meta.glob<{ default: ResourceLanguage }>("../locales/*/*.json");

/**
 * The browser's i18next: the page's language and namespaces as the server rendered them (the JSON the page
 * carries: no request, no flash of another language), the rest loaded on demand.
 */
export async function browserI18n() {
  const script = document.getElementById(I18N_SCRIPT_ID);
  const text = script?.textContent ?? "";
  if (text) rememberBootText(text);
  const boot = (text ? JSON.parse(text) : {}) as Partial<I18nBoot>;
  const lng = isLocale(boot.lng) ? boot.lng : DEFAULT_LOCALE;
  const texts = boot.texts ?? {};
  const i18n = createInstance();
  i18n.use(initReactI18next).use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = chunks[`../locales/${language}/${namespace}.json`];
      return load ? load().then((m) => m.default) : Promise.resolve({});
    }),
  );
  await i18n.init({
    ...sharedOptions,
    lng,
    ns: Object.keys(texts),
    resources: { [lng]: texts },
    partialBundledLanguages: true,
  });
  return i18n;
}
