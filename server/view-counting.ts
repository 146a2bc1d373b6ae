import type express from "express";
import { viewedPage, type ViewCounter } from "~/modules/analytics/view-counter.server";

/** Set by a page's loader (AppContext.ownPage) when the signed-in visitor owns the store or product it shows. */
export const OWN_PAGE_LOCAL = "setuOwnPage";

/** Marks the request as the owner's look at their own store or product page: no view (decision record 0033). */
export function markOwnPage(res: express.Response) {
  res.locals[OWN_PAGE_LOCAL] = true;
}

export type ViewCountingOptions = { counter: () => ViewCounter | undefined };

/**
 * Whether a browser asked for the page to show it: a document it navigates to (not an image, a frame or a
 * script fetching the address, which a page elsewhere could make every visitor's browser do; not a prefetch),
 * or a client-side navigation's data. A request without Fetch Metadata (an older browser) is taken at its word.
 */
function shownToVisitor(req: express.Request, data: boolean): boolean {
  if (/prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`)) return false;
  const dest = req.get("sec-fetch-dest");
  if (data) return !dest || dest === "empty";
  return !dest || dest === "document";
}

/**
 * Counts store and product page views (issue #23.3, decision record 0033 as amended 2026-11-28). It runs before the
 * page cache, so a page served from the cache is counted like a rendered one; a view counts once the page answered
 * 200 to a browser that shows it, unless the page's loader found the visitor owns what it shows (a seller looking at
 * their own store is no visitor; such a request carries a session, so the page cache never answers it without the
 * loader). A store document requested with `?src=qr` (what the store's QR code encodes) also counts a QR scan, on
 * the same terms: only a page actually sent to a browser counts, never a bare request that shows nothing (the page
 * then takes `src` out of the address bar itself).
 */
export function viewCounting({ counter }: ViewCountingOptions): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const page = viewedPage(req.path);
    if (!page) return next();
    const views = counter();
    if (!views) return next();
    const data = req.path.endsWith(".data");
    if (!shownToVisitor(req, data)) return next();
    const scanned = page.kind === "store" && !data && req.query.src === "qr";
    res.on("finish", () => {
      if (res.statusCode !== 200 || res.locals[OWN_PAGE_LOCAL] === true) return;
      const visitor = { ip: req.ip ?? "", userAgent: req.get("user-agent") };
      views.record({ ...page, ...visitor });
      if (scanned) views.record({ kind: "qr", subjectId: page.subjectId, ...visitor });
    });
    next();
  };
}
