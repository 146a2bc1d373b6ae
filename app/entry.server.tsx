import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { I18nextProvider } from "react-i18next";
import { requestI18n } from "~/i18n/i18next.server";
import { InlineStylesheetContext } from "~/components/app-stylesheet";
import { NonceContext } from "~/components/nonce";
import { lazyPartsLoaded } from "~/components/ui/lazy-part";
import { builtStylesheet } from "~/lib/built-stylesheet.server";
import { logger } from "~/logger.server";
import { appContext } from "~/request-context.server";
import appStylesheet from "./app.css?url";

export const streamTimeout = 5_000;

/**
 * React Router's streaming entry for Node (its default `entry.server.node.tsx`) with our CSP nonce, the inline
 * stylesheet (record 0036) and lazy parts rendered in place (record 0031). The compression middleware
 * (server.js) compresses what it sends.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD")
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  const { cspNonce: nonce, requestId } = loadContext.get(appContext);
  // lazily loaded parts (components/ui/lazy-part.tsx) render in place, never streamed: a page must work without JavaScript
  const loading = lazyPartsLoaded();
  if (loading)
    return loading.then(() => handleRequest(request, responseStatusCode, responseHeaders, routerContext, loadContext));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={builtStylesheet(appStylesheet)}>
          {/* the request's language, as the i18next middleware detected it (record 0058) */}
          <I18nextProvider i18n={requestI18n(loadContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // a finished Suspense boundary (a lazy part) is never sent apart, after a script to move it in place:
        // without JavaScript it would never show
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
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
  });
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
