import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import Negotiator from "negotiator";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/components/nonce";
import { InlineStylesheetContext } from "~/components/app-stylesheet";
import { builtStylesheet } from "~/lib/built-stylesheet.server";
import appStylesheet from "./app.css?url";
import { lazyPartsLoaded } from "~/components/ui/lazy-part";
import { CoalescedHtmlStream } from "~/lib/coalesced-html-stream.server";
import { logger } from "~/logger.server";
import { prunedRouterContext } from "~/lib/pruned-router-context.server";
import { appContext } from "~/request-context.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<unknown> {
  const { cspNonce: nonce, requestId } = loadContext.get(appContext);
  // lazily loaded parts (components/ui/lazy-part.tsx) render in place, never streamed: a page must work without JavaScript
  const loading = lazyPartsLoaded();
  if (loading)
    return loading.then(() => handleRequest(request, responseStatusCode, responseHeaders, routerContext, loadContext));
  // the stylesheet's text goes in as the page is sent (CoalescedHtmlStream), encoded once rather than by every render
  const inlineStylesheet = builtStylesheet(appStylesheet);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheet?.placeholder}>
          <ServerRouter context={prunedRouterContext(routerContext)} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // a finished Suspense boundary (a lazy part) is never sent apart, after a script to move it in place:
        // without JavaScript it would never show
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          const gzip = inlineStylesheet !== undefined && sentGzipped(request, responseHeaders);
          if (gzip) {
            responseHeaders.set("Content-Encoding", "gzip");
            responseHeaders.append("Vary", "Accept-Encoding");
          }
          const body = new CoalescedHtmlStream(inlineStylesheet?.splice, gzip);
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, requestId }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Whether this page goes out gzipped from here (CoalescedHtmlStream: the inline stylesheet compressed once, the rest
 * as it is sent) rather than compressed whole by the compression middleware: whenever the client takes gzip. (The
 * app's page cache keeps a public page as it was rendered, gunzipped, and compresses it once itself: record 0040.)
 */
function sentGzipped(request: Request, headers: Headers): boolean {
  const acceptEncoding = request.headers.get("accept-encoding");
  if (!acceptEncoding || headers.has("Content-Encoding")) return false;
  return new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings(["gzip"]).includes("gzip");
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const url = new URL(request.url).pathname;
  // A client's mistake (a POST where no form lives, an unknown path) is a 4xx answer, not our error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, method: request.method, url }, "client error");
    return;
  }
  logger.error({ err: error, url }, "unhandled error");
}
