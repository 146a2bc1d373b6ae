import { createInstance, type Resource, type ResourceLanguage, type TFunction } from "i18next";
import type { Locale } from "~/lib/locale";
import { NAMESPACES, sharedOptions } from "./config";

/** Every namespace of every language, bundled into the server (the browser gets only a page's: config.ts). */
const files = import.meta.glob<ResourceLanguage>("../locales/*/*.json", { eager: true, import: "default" });
export const resources: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = texts;
}

// one instance for texts written outside a page (e-mails, sent by jobs): each use fixes its language
const outsidePages = createInstance({ ...sharedOptions, resources, ns: [...NAMESPACES], lng: "en" });
void outsidePages.init();

/** `t` in one language, for an e-mail or another text made away from a page. */
export function textsIn(locale: Locale): TFunction<typeof NAMESPACES> {
  return outsidePages.getFixedT(locale, [...NAMESPACES]);
}
