import { createInstance, type Resource, type ResourceLanguage } from "i18next";
import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "~/lib/locale";
import { visitorLocale } from "~/lib/visitor-locale";
import { getSessionUserWith } from "~/modules/accounts/session.server";
import { headerUnreadCountsSql } from "~/modules/messaging/messaging.server";
import { appContext } from "~/request-context.server";
import { NAMESPACES, sharedOptions } from "./config";

/** Every namespace of every language, bundled into the server (the browser gets only a page's: config.ts). */
const files = import.meta.glob<ResourceLanguage>("../locales/*/*.json", { eager: true, import: "default" });
export const resources: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const [, lng, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = texts;
}

/**
 * The page's language: the account's choice, else the visitor's (the switch's cookie, else the browser's
 * Accept-Language: lib/visitor-locale.ts, which the page cache keys on too), else English. The account's choice is read with the session, in the statement the root loader's
 * session and header counts take anyway (record 0045): the same arguments, so root's loader finds it done.
 */
export const [i18nextMiddleware, getLocaleOf, getI18nOf] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    async findLocale({ request, context }) {
      const signedIn = await getSessionUserWith(request, context.get(appContext).runtime, headerUnreadCountsSql);
      return (
        signedIn?.user.profile?.preferredLanguage ??
        visitorLocale(request.headers.get("cookie"), request.headers.get("accept-language"))
      );
    },
  },
  i18next: { ...sharedOptions, resources, ns: [...NAMESPACES] },
  plugins: [initReactI18next],
});

/** The request's language (English when the middleware did not run: a request no route matched). */
export function localeOf(context: Readonly<RouterContextProvider>): Locale {
  try {
    const locale = getLocaleOf(context);
    return isLocale(locale) ? locale : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The request's i18next instance, made by the middleware for the detected language; English for a request it did
 * not see. entry.server.tsx renders the page with it.
 */
export function requestI18n(context: Readonly<RouterContextProvider>) {
  try {
    return getI18nOf(context);
  } catch {
    const i18n = createInstance({ ...sharedOptions, resources, ns: [...NAMESPACES], lng: DEFAULT_LOCALE });
    void i18n.use(initReactI18next).init();
    return i18n;
  }
}
