import type { RequestHandler } from "express";

/** Security headers for every response; the CSP is enforced in production, where every script carries the request's nonce. */
export function securityHeaders({ production, formActionOrigins = [] }: { production: boolean; formActionOrigins?: string[] }): RequestHandler {
  return (_req, res, next) => {
    const nonce = res.locals.cspNonce as string;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      production ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "base-uri 'self'",
      // Google sign-in posts a form that redirects to the provider's authorization page.
      ["form-action 'self'", ...formActionOrigins].join(" "),
      "frame-ancestors 'none'",
    ];
    if (production) {
      res.setHeader("Content-Security-Policy", directives.join("; "));
      if (process.env.PUBLIC_URL?.startsWith("https://")) {
        res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    } else {
      res.setHeader("Content-Security-Policy-Report-Only", directives.join("; "));
    }
    next();
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
    const allowed = new Set<string>();
    const host = req.get("host");
    if (host) {
      allowed.add(`${req.protocol}://${host}`);
      allowed.add(`https://${host}`);
      allowed.add(`http://${host}`);
    }
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
