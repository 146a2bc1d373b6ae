import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { clientNetwork } from "~/lib/client-network";
import { logger } from "~/logger.server";
import { getSignedInSession } from "~/modules/accounts/session.server";
import { openLiveStream } from "~/modules/live/live-stream.server";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "~/modules/messaging/messaging.schema";
import { forgetFeaturedProducts } from "~/modules/stores/featured-products.server";
import { productsApi, type JsonAnswer } from "~/modules/products/products-api.server";
import { HTS_IMPORT_MAX_BYTES } from "~/modules/trade/hts-import.server";
import { MAX_IMPORT_POST_BYTES } from "~/modules/catalogue-import/import-limits";
import { appContext } from "~/request-context.server";
import { getRuntime, startRuntime, stopRuntime, type Runtime } from "~/runtime.server";
import { bodyLimit } from "./body-limit";
import { cspNonce } from "./csp-nonce";
import { pageCache } from "./page-cache";
import { sameOriginWrites, securityHeaders } from "./security-headers";
import { uploadSlots } from "./upload-slots";
import { markOwnPage, viewCounting } from "./view-counting";

export { logger };
export const start = startRuntime;
export const stop = stopRuntime;

export const app = express();
app.disable("x-powered-by");

app.use((req, res, next) => {
  const incoming = req.get("x-request-id");
  const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  const started = process.hrtime.bigint();
  res.locals.requestId = requestId;
  res.locals.cspNonce = cspNonce();
  res.setHeader("X-Request-Id", requestId);
  // The client address as Express sees it (X-Forwarded-For only with TRUST_PROXY); never the client's own claim.
  req.headers["x-setu-client-ip"] = req.ip ?? "";
  // (a listener per request only when the line would be written: LOG_LEVEL=warn and up skip it)
  if (logger.isLevelEnabled("info"))
    res.on("finish", () => {
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        "request",
      );
    });
  next();
});

const googleOrigin = process.env.GOOGLE_CLIENT_ID
  ? new URL(process.env.GOOGLE_DISCOVERY_URL ?? "https://accounts.google.com").origin
  : undefined;
app.use(
  securityHeaders({
    production: process.env.NODE_ENV === "production",
    formActionOrigins: googleOrigin ? [googleOrigin] : [],
  }),
);
app.use(sameOriginWrites());
/** The Fetch Request of an Express request's address and headers (no body), for functions that read a session. */
function fetchRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(req.originalUrl, "http://localhost"), { headers });
}

// before the page cache, so a cached page's view counts too (decision record 0033)
app.use(viewCounting({ counter: () => getRuntime().views }));
// anonymous pages that are the same for everyone, served again for a few seconds without rendering (issue #25)
// (and the home page's featured products, looked up at most every 30 s otherwise)
// PAGE_CACHE=off renders every page (bench/throughput.ts measures both)
export const pages = pageCache({
  onWrite: () => forgetFeaturedProducts(getRuntime().db),
  enabled: process.env.PAGE_CACHE !== "off",
});
app.use(pages);

/**
 * Form posts are small (the longest form's fields hold 20,000 characters: 256 KB even if every one is
 * percent-encoded non-ASCII); a store's design is a larger JSON document; an upload reads its own body within
 * the image limit, to answer with the upload's own message (modules/uploads).
 */
export const BODY_LIMITS = {
  form: 256 * 1024,
  storeDesign: 1024 * 1024,
  message: MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 256 * 1024,
  // an administrator's USITC HTS export (modules/trade/hts-import.server.ts: 5 MB) and its form
  tradeData: HTS_IMPORT_MAX_BYTES + 64 * 1024,
  catalogueImport: MAX_IMPORT_POST_BYTES,
};
// an account's uploads in flight on this instance (issue 38): a third waits for one of two to finish
app.use(
  uploadSlots({
    async accountOf(req) {
      const signedIn = await getSignedInSession(fetchRequest(req), getRuntime());
      return signedIn?.user.id ?? null;
    },
  }),
);
app.use(
  bodyLimit((path) => {
    if (path === "/api/uploads") return null;
    if (/^\/stores\/[^/]+\/manage(\.data)?$/.test(path)) return BODY_LIMITS.storeDesign;
    // a message with its attachments (messaging.schema.ts: 3 files of 10 MB)
    if (/^\/messages\/[^/]+(\.data)?$/.test(path)) return BODY_LIMITS.message;
    // a dispute with its evidence files (the same limits as a message's attachments)
    if (/^\/orders\/[^/]+(\.data)?$/.test(path)) return BODY_LIMITS.message;
    if (/^\/admin\/trade-data(\.data)?$/.test(path)) return BODY_LIMITS.tradeData;
    // a catalogue import: its sheet and ZIP of pictures, streamed to disk within their own limits
    if (/^\/products\/import(\.data)?$/.test(path)) return BODY_LIMITS.catalogueImport;
    return BODY_LIMITS.form;
  }),
);

// a NUL byte cannot be stored or searched for: an address holding one is refused whole, whatever the route
app.use((req, res, next) => {
  if (!/%00/i.test(req.originalUrl) && !req.originalUrl.includes("\u0000")) return next();
  const message = "The address contains a character that is not allowed (a NUL byte).";
  if (req.path.startsWith("/api/")) res.status(400).json({ error: message });
  else res.status(400).type("text/plain").send(message);
});

app.get("/healthz", async (_req, res) => {
  try {
    await getRuntime().healthCheck();
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    res.status(503).json({ status: "unavailable" });
  }
});

/**
 * JSON endpoints that render no page are plain Express handlers over a domain function: React Router's
 * Fetch Request, Response and web streams cost the search API a quarter of its CPU (decision record 0011).
 */
function jsonEndpoint(
  answer: (db: Runtime["db"], search: URLSearchParams) => Promise<JsonAnswer>,
): express.RequestHandler {
  return async (req, res) => {
    try {
      const { status, body, headers } = await answer(
        getRuntime().db,
        new URL(req.originalUrl, "http://localhost").searchParams,
      );
      if (headers) res.set(headers);
      res.status(status).json(body);
    } catch (error) {
      logger.error({ err: error, requestId: res.locals.requestId }, "JSON endpoint failed");
      if (!res.headersSent) res.status(500).json({ error: "Something went wrong" });
    }
  };
}
app.get("/api/products", jsonEndpoint(productsApi));
// a search only reads: say so to anything else, rather than the page router's 404
app.all("/api/products", (_req, res) => {
  res.set("Allow", "GET, HEAD").status(405).json({ error: "Method not allowed" });
});

/**
 * Live updates (Server-Sent Events) for the signed-in user's open pages (decision record 0020): an
 * Express handler, as the stream is long-lived and the page router has nothing to add to it.
 */
app.get("/api/events", async (req, res) => {
  try {
    const runtime = getRuntime();
    const signedIn = await getSignedInSession(fetchRequest(req), runtime);
    if (!signedIn?.user.profile) {
      res.status(401).json({ error: "User not authenticated" });
      return;
    }
    // the stream closes with its session: at sign-out at once, when revoked or expired at the next check
    openLiveStream(req, res, runtime.live, signedIn.user.id, signedIn.sessionId, clientNetwork(req.ip));
  } catch (error) {
    logger.error({ err: error, requestId: res.locals.requestId }, "could not open a live stream");
    if (!res.headersSent) res.status(500).json({ error: "Something went wrong" });
  }
});
app.all("/api/events", (_req, res) => {
  res.set("Allow", "GET, HEAD").status(405).json({ error: "Method not allowed" });
});

// Given a function, React Router re-derives its route table on every request (so that development
// picks up edited routes): in production that was about half a millisecond of CPU a request.
const build = import.meta.env.PROD
  ? await import("virtual:react-router/server-build")
  : () => import("virtual:react-router/server-build");

app.use(
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        runtime: getRuntime(),
        requestId: res.locals.requestId as string,
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? null,
        ownPage: () => markOwnPage(res),
      });
      return context;
    },
  }),
);
