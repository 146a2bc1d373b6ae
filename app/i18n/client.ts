import type { ResourceLanguage } from "i18next";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locale";
import { I18N_SCRIPT_ID, rememberBootText, type I18nBoot } from "./i18n-resources";
import type { TextStore } from "./use-translation";

// each language's namespace is a chunk of its own, fetched when a page first needs it (a client-side navigation to
// another area, a language changed by signing in); not `feedback`, which no page's texts need: the form checks that
// do import it themselves (i18n/feedback.ts)
const chunks = import.meta.glob<{ default: ResourceLanguage }>(["./*/*.json", "!./*/feedback.json"], {
  base: "../locales",
});

/**
 * The browser's texts: the page's language and namespaces as the server rendered them (the JSON the page carries:
 * no request, no flash of another language), the rest loaded on demand.
 */
export function browserTexts(): TextStore {
  const script = document.getElementById(I18N_SCRIPT_ID);
  const text = script?.textContent ?? "";
  if (text) rememberBootText(text);
  const boot = (text ? JSON.parse(text) : {}) as Partial<I18nBoot>;
  return {
    lng: isLocale(boot.lng) ? boot.lng : DEFAULT_LOCALE,
    texts: boot.texts ?? {},
    used: new Set(),
    async load(lng, ns) {
      const load = chunks[`./${lng}/${ns}.json`];
      return load ? (await load()).default : {};
    },
  };
}
