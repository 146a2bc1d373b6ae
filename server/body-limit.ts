import type { RequestHandler, Response } from "express";

const BODILESS = new Set(["GET", "HEAD", "OPTIONS"]);

function tooLarge(res: Response, limit: number) {
  if (res.headersSent) return;
  // the rest of the body is never read: close the connection rather than drain it
  res.setHeader("Connection", "close");
  res
    .status(413)
    .type("text/plain")
    .send(`The request is too large (at most ${Math.floor(limit / 1024)} KB).`);
}

/**
 * Refuses a request body larger than its route's limit with 413: at once when Content-Length says so,
 * and as soon as a chunked body goes past it (a route whose limit is null reads its body within a limit itself). The body is still read by React Router as a stream; this
 * only counts what passes, so nothing is buffered here. A body cut short is an error to its reader,
 * never a shorter form.
 */
export function bodyLimit(limitFor: (path: string) => number | null): RequestHandler {
  return (req, res, next) => {
    if (BODILESS.has(req.method)) return next();
    const limit = limitFor(req.path);
    if (limit === null) return next();
    const declared = req.get("content-length");
    if (declared !== undefined && !(Number(declared) <= limit)) return tooLarge(res, limit);
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      req.off("data", count);
      tooLarge(res, limit);
      req.destroy(new Error("request body over its limit"));
    };
    req.on("data", count);
    // counting must not start the flow: the body's reader resumes the stream when it reads
    req.pause();
    next();
  };
}
