/**
 * The languages Setu speaks (issue #43; decision record 0058): English and Hindi. `Locale` is what the account stores
 * and i18next uses; `<html lang>` and Intl get the tag that names the region where it matters ("hi-IN").
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie a signed-out visitor's switch sets (a signed-in one's choice is on the account). */
export const LOCALE_COOKIE = "lng";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `<html lang>`: "en" or "hi-IN". */
export function htmlLang(locale: Locale): string {
  return locale === "hi" ? "hi-IN" : "en";
}

/** Each language's own name, as its speakers write it (the switch shows them untranslated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };
