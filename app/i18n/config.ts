import type { InitOptions } from "i18next";
import type { UIMatch } from "react-router";
import { DEFAULT_LOCALE, LOCALES } from "~/lib/locale";

/**
 * How Setu's texts are translated (decision record 0058). Texts live in app/locales/<language>/<namespace>.json, one
 * namespace per area, so several people can translate different areas at once. Code names keys, never sentences,
 * always with their namespace (`t("<namespace>:<key>")`): tests/lint/translation-keys.test.ts finds them that way and
 * fails on a key missing in either language or used nowhere.
 */
export const NAMESPACES = [
  "common",
  "auth",
  "dashboard",
  "profile",
  "rfqs",
  "quotes",
  "products",
  "orders",
  "messages",
  "notifications",
  "stores",
  "analytics",
  "verification",
  "import",
  "emails",
  "reviews",
  "feedback",
  "categories",
  "uploads",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every page gets these (the header, the footer, the menus, the not-found and error pages). */
export const ALWAYS_LOADED: readonly Namespace[] = ["common"];

/**
 * What a route module says about its texts: `export const handle = { i18n: ["rfqs"] } satisfies I18nHandle;`. Only
 * the namespaces of the routes a page matches (and `common`) are sent to the browser with the page.
 */
export type I18nHandle = { i18n?: readonly Namespace[] };

export function pageNamespaces(matches: readonly Pick<UIMatch, "handle">[]): Namespace[] {
  const wanted = new Set<Namespace>(ALWAYS_LOADED);
  for (const match of matches) for (const ns of (match.handle as I18nHandle | undefined)?.i18n ?? []) wanted.add(ns);
  return [...wanted];
}

/**
 * The options the server and the browser share, so both render the same text. No fallback language: a key missing
 * in Hindi would be English on the server and the key in the browser (which has only Hindi); the key-coverage test
 * keeps every key in both.
 */
export const sharedOptions = {
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  defaultNS: "common",
  ns: [...ALWAYS_LOADED],
  // React escapes what it renders; i18next escaping it again would show "&amp;"
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} satisfies InitOptions;

export { DEFAULT_LOCALE };
