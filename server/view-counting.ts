import type express from "express";
import { viewedPage, type ViewCounter } from "~/modules/analytics/view-counter.server";

/** Set by a page's loader (AppContext.ownPage) when the signed-in visitor owns the store or product it shows. */
export const OWN_PAGE_LOCAL = "setuOwnPage";

/** Marks the request as the owner's look at their own store or product page: no view (decision record 0033). */
export function markOwnPage(res: express.Response) {
  res.locals[OWN_PAGE_LOCAL] = true;
}

export type ViewCountingOptions = {
  counter: () => ViewCounter | undefined;
  /**
   * Whether the signed-in user of a request owns the store: a QR scan is answered by a redirect before any loader
   * knows the visitor, so the owner testing their own QR code is told apart here. Asked only of requests carrying a
   * session cookie, after the redirect went out.
   */
  ownsStore: (req: express.Request, storeId: string) => Promise<boolean>;
};

/**
 * Counts store and product page views (issue #23.3, decision record 0033). It runs before the page cache, so a
 * page served from the cache is counted like a rendered one; a view counts once the page answered 200, unless the
 * page's loader found the visitor owns what it shows (a seller looking at their own store is no visitor; such a
 * request carries a session, so the page cache never answers it without the loader). A store address carrying
 * `?src=qr` (what the store's QR code encodes) counts a QR scan and redirects to the address without it, so the
 * source is counted once and gone from the address bar (and from a link copied from it).
 */
export function viewCounting({ counter, ownsStore }: ViewCountingOptions): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const page = viewedPage(req.path);
    if (!page) return next();
    const views = counter();
    if (!views) return next();
    const visitor = { ip: req.ip ?? "", userAgent: req.get("user-agent") };
    const url = new URL(req.originalUrl, "http://localhost");
    if (page.kind === "store" && url.searchParams.get("src") === "qr" && !req.path.endsWith(".data")) {
      const scan = { kind: "qr" as const, subjectId: page.subjectId, ...visitor };
      if (/setu\.session_token=/.test(req.get("cookie") ?? ""))
        res.on("finish", () => {
          ownsStore(req, page.subjectId).then(
            (own) => own || views.record(scan),
            () => views.record(scan),
          );
        });
      else views.record(scan);
      url.searchParams.delete("src");
      res.set("Cache-Control", "no-store").redirect(302, url.pathname + url.search);
      return;
    }
    res.on("finish", () => {
      if (res.statusCode === 200 && res.locals[OWN_PAGE_LOCAL] !== true) views.record({ ...page, ...visitor });
    });
    next();
  };
}
