/** One-time notices carried across a redirect in a short-lived cookie (works without JavaScript). */
export type Flash = { type: "success" | "info" | "error"; message: string };

const NAME = "setu_flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${NAME}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const match = new RegExp(`(?:^|;\\s*)${NAME}=([^;]+)`).exec(request.headers.get("cookie") ?? "");
  if (!match) return { flash: null, clear: null };
  const clear = `${NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Flash;
    if (typeof parsed.message !== "string" || !["success", "info", "error"].includes(parsed.type)) return { flash: null, clear };
    return { flash: { type: parsed.type, message: parsed.message.slice(0, 300) }, clear };
  } catch {
    return { flash: null, clear };
  }
}

/** A redirect response that also sets the flash and any other cookies (e.g. the session's). */
export function redirectWithFlash(to: string, flash: Flash, extra?: Headers): Response {
  const headers = new Headers();
  extra?.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
  });
  for (const cookie of extra?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(flash));
  headers.set("Location", safeRedirectPath(to));
  return new Response(null, { status: 302, headers });
}

const OWN_ORIGIN = "http://setu.invalid";

/**
 * Only our own paths: "/x?y" but never "//host", "/\\host", "/\t/host" (browsers drop tabs and
 * line breaks) or an absolute URL. The path is resolved the way a browser would and must stay home.
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex
  if (!to || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to) || to.startsWith("//")) return fallback;
  try {
    const url = new URL(to, OWN_ORIGIN);
    if (url.origin !== OWN_ORIGIN) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
