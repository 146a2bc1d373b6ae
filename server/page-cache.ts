import type express from "express";
import { LRUCache } from "lru-cache";
import { isPersonalRequest } from "~/lib/page-cache-control";
import { visitorLocale } from "~/lib/visitor-locale";

/** A kept page: its body cut where the CSP nonce it was rendered with stood, to be joined with another. */
type Page = {
  status: number;
  headers: Record<string, string>;
  parts: Buffer[];
  size: number;
};

/** How long the app serves an anonymous page it rendered, at most (a shared cache in front may keep it as long: PUBLIC_PAGE_CACHE). */
export const PAGE_CACHE_TTL_MS = 10_000;
/** Headers of a rendered page worth replaying (the security headers are the middleware's, per request). */
const REPLAYED = ["content-type", "cache-control", "vary", "link"];

/**
 * The app's own cache of anonymous pages that are the same for everyone (issue #25): a page whose route said
 * `Cache-Control: public` (lib/page-cache-control.ts; never when the request carries a session or flash cookie:
 * root says `private, no-store` then, and this cache does not even look) is kept for PAGE_CACHE_TTL_MS by its
 * language and URL and served again with the request's own CSP nonce in place of the one it was rendered with. Any write
 * (a request other than GET or HEAD) empties it, so a visitor never waits out the TTL for a change made here.
 * It keeps the page as rendered; the compression middleware (server.js, in front of it) compresses each response.
 */
export function pageCache({
  maxPages = 500,
  ttlMs = PAGE_CACHE_TTL_MS,
  onWrite,
  enabled = true,
}: { maxPages?: number; ttlMs?: number; onWrite?: () => void; enabled?: boolean } = {}) {
  const pages = new LRUCache<string, Page>({
    max: maxPages,
    ttl: ttlMs,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) => page.size + 1,
  });

  const middleware: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET") {
      if (req.method !== "HEAD")
        res.on("finish", () => {
          pages.clear();
          onWrite?.();
        });
      return next();
    }
    // documents only (a client-side navigation's .data is the same loaders: served fresh), never for a person
    if (!enabled || req.path.endsWith(".data") || req.path.startsWith("/api/") || isPersonalRequest(req.get("cookie")))
      return next();
    // the same URL is a page in English or Hindi (record 0058): the language the app will choose is part of the key
    const key = `${visitorLocale(req.get("cookie"), req.get("accept-language"))} ${req.originalUrl}`;
    const nonce = res.locals.cspNonce as string;
    const cached = pages.get(key);
    if (cached) {
      res.status(cached.status).set(cached.headers).set("X-Page-Cache", "hit");
      sendWithNonce(res, cached, nonce);
      return;
    }

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") keep(chunk, rest[0]);
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      // pages only: a public image or file (GET /uploads/*) is binary, which the nonce replacement would garble
      const html = String(res.getHeader("Content-Type") ?? "").startsWith("text/html");
      const keepable =
        res.statusCode === 200 &&
        html &&
        /(^|,)\s*public\b/.test(cacheControl) &&
        !res.getHeader("Set-Cookie") &&
        nonce;
      if (keepable) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        const body = Buffer.concat(chunks);
        pages.set(key, { status: 200, headers, parts: splitOn(body, Buffer.from(nonce)), size: body.length });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
  return Object.assign(middleware, { clear: () => pages.clear() });
}

/** The body cut at every occurrence of `separator` (the nonce), without it. */
export function splitOn(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator, from); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The kept page with this request's nonce where the rendered one stood. */
function sendWithNonce(res: express.Response, page: Page, nonce: string): void {
  const separator = Buffer.from(nonce);
  const buffers = page.parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part]));
  // (compression drops it when it compresses the page)
  res.setHeader(
    "Content-Length",
    buffers.reduce((sum, buffer) => sum + buffer.length, 0),
  );
  res.end(Buffer.concat(buffers));
}
