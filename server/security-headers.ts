import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/**
 * Security headers for every response, set by helmet; the CSP is enforced in production, where every script
 * carries the request's nonce (report-only in development, where Vite injects its own scripts).
 */
export function securityHeaders({
  production,
  formActionOrigins = [],
}: {
  production: boolean;
  formActionOrigins?: string[];
}): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: !production,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: production ? ["'self'"] : ["'self'", "ws:", "wss:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Google sign-in posts a form that redirects to the provider's authorization page.
        formAction: ["'self'", ...formActionOrigins],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity:
      production && Boolean(process.env.PUBLIC_URL?.startsWith("https://"))
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
  });
  return (req, res, next) => {
    // helmet has no Permissions-Policy
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    headers(req, res, next);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests that do not come from our own pages: the Origin
 * (or, failing that, the Referer) must be this site's. Defends every form post against CSRF.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // a mail client's one-click unsubscribe (RFC 8058) posts from nowhere; the signed link is its authority
    if (req.path === "/unsubscribe") return next();
    // the payment provider's webhook posts from its own servers; its Standard Webhooks signature is its authority
    if (req.path === "/api/payments/webhook") return next();
    // scheme, host and port must all match: an https page may not post to the http site, nor the reverse
    const allowed = new Set<string>();
    const host = req.get("host");
    if (host) allowed.add(`${req.protocol}://${host}`);
    if (process.env.PUBLIC_URL) allowed.add(new URL(process.env.PUBLIC_URL).origin);
    const origin = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (origin && allowed.has(origin)) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
