import type { HeadersFunction } from "react-router";

/** How long a shared cache (CDN, reverse proxy, server/page-cache.ts) may serve an anonymous page, then serve it stale while it fetches a new one. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";
/** Anything for one person (signed in, a flash message): never stored by anyone. */
export const PRIVATE_PAGE_CACHE = "private, no-store";

/** Whether a request carries someone's session or flash cookie: its page may hold personal data. */
export function isPersonalRequest(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Secure-)?setu\.session_token=|(?:^|;\s*)setu_flash=/.test(cookieHeader ?? "");
}

/**
 * The `headers` of a page that is the same for every anonymous visitor (home, categories, a product, a store,
 * browse results): cacheable by a shared cache unless root said the request is personal (signed in, a flash:
 * root's loader then sends `private, no-store`) or the route's own loader set its own Cache-Control.
 */
export const publicPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const own = loaderHeaders.get("Cache-Control") ?? parentHeaders.get("Cache-Control");
  return own
    ? new Headers({ "Cache-Control": own })
    : new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE, Vary: "Cookie, Accept-Language" });
};
