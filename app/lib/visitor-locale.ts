import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from "./locale";

/**
 * A visitor's language before any account is read (record 0058): the header switch's `lng` cookie, else the best
 * of English and Hindi in Accept-Language (any Hindi, "hi" or "hi-IN", ranked above English gives Hindi), else
 * English. One function for the page's language and for the page cache's key (server/page-cache.ts), so an
 * anonymous page kept in one language is never served to a visitor who reads the other.
 */
export function visitorLocale(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  if (match && isLocale(match[1])) return match[1];
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const best = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...LOCALES]);
  return isLocale(best) ? best : DEFAULT_LOCALE;
}

/** The `lng` cookie the switch sets for a signed-out visitor: a year, this site only. */
export function localeCookieHeader(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
