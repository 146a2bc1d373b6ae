import type express from "express";
import { viewedPage, type ViewCounter } from "~/modules/analytics/view-counter.server";

/**
 * Counts store and product page views (issue #23.3, decision record 0033). It runs before the page cache, so a
 * page served from the cache is counted like a rendered one; a view counts once the page answered 200. A store
 * address carrying `?src=qr` (what the store's QR code encodes) counts a QR scan and redirects to the address
 * without it, so the source is counted once and gone from the address bar (and from a link copied from it).
 */
export function viewCounting(counter: () => ViewCounter | undefined): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const page = viewedPage(req.path);
    if (!page) return next();
    const views = counter();
    if (!views) return next();
    const visitor = { ip: req.ip ?? "", userAgent: req.get("user-agent") };
    const url = new URL(req.originalUrl, "http://localhost");
    if (page.kind === "store" && url.searchParams.get("src") === "qr" && !req.path.endsWith(".data")) {
      views.record({ kind: "qr", subjectId: page.subjectId, ...visitor });
      url.searchParams.delete("src");
      res.set("Cache-Control", "no-store").redirect(302, url.pathname + url.search);
      return;
    }
    res.on("finish", () => {
      if (res.statusCode === 200) views.record({ ...page, ...visitor });
    });
    next();
  };
}
