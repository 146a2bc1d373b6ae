import type { Request, RequestHandler } from "express";

export const UPLOADS_BUSY_MESSAGE = "Please wait for your other uploads to finish";

/**
 * At most `perAccount` uploads of one account in flight on this instance (each one's images are decoded, and
 * held, until it answers); one more is refused with 429 before its body is read. An upload is a multipart
 * POST larger than `minBytes` (or of unknown length): a form's text fields alone are smaller (a message's
 * 5,000 characters), so a message without attachments never counts. `accountOf` says whose request it is
 * (null: signed out, and the route answers that itself).
 */
export function uploadSlots({
  accountOf,
  perAccount = 2,
  minBytes = 64 * 1024,
}: {
  accountOf: (req: Request) => Promise<string | null>;
  perAccount?: number;
  minBytes?: number;
}): RequestHandler & { inFlight: (accountId: string) => number } {
  const inFlight = new Map<string, number>();
  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== "POST" || !req.is("multipart/form-data")) return next();
    const declared = req.get("content-length");
    if (declared !== undefined && Number(declared) <= minBytes) return next();
    let account: string | null;
    try {
      account = await accountOf(req);
    } catch (error) {
      return next(error);
    }
    if (!account) return next();
    const count = inFlight.get(account) ?? 0;
    if (count >= perAccount) {
      res.setHeader("Connection", "close");
      res.setHeader("Retry-After", "5");
      if (req.path.startsWith("/api/")) res.status(429).json({ error: UPLOADS_BUSY_MESSAGE });
      else res.status(429).type("text/plain").send(UPLOADS_BUSY_MESSAGE);
      return;
    }
    inFlight.set(account, count + 1);
    res.once("close", () => {
      const left = (inFlight.get(account) ?? 1) - 1;
      if (left > 0) inFlight.set(account, left);
      else inFlight.delete(account);
    });
    next();
  };
  return Object.assign(handler, { inFlight: (accountId: string) => inFlight.get(accountId) ?? 0 });
}
