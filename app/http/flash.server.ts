import { createCookie } from "react-router";
import { z } from "zod";
import { FLASH_SEEN_COOKIE } from "./flash-seen";

/**
 * One-time notices carried across a redirect in a short-lived cookie (works without JavaScript). Each has an id, by
 * which the page shows it once (root.tsx): a notice read by the page's JavaScript stays until its minute is up.
 */
export type Flash = { type: "success" | "info" | "error"; message: string };
export type ReadFlash = Flash & { id: string };

/** React Router's cookie (serialized and parsed for us), kept for a minute: long enough to survive one redirect; Secure on an https site. */
const flashCookie = () =>
  createCookie("setu_flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secure: Boolean(process.env.PUBLIC_URL?.startsWith("https://")),
  });

const flashSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  type: z.enum(["success", "info", "error"]),
  message: z.string().transform((message) => message.slice(0, 300)),
});

/**
 * The notice the previous response left, if any, and the header that clears it. A tampered cookie is ignored.
 *
 * A page's data fetched by its own JavaScript (`Sec-Fetch-Dest: empty`: React Router's loads after a form's redirect)
 * does not clear it: React Router aborts a load that a re-read overtakes (a live event arriving meanwhile) after the
 * server has answered it, and a notice cleared by that discarded answer was never shown ("Payment of $300.00
 * submitted" after the payment's own webhook event). The cookie then lasts its minute; the page shows each notice
 * once, by its id, and says so (FLASH_SEEN_COOKIE): a notice shown is cleared by the next request. A document (a page
 * loaded whole, with or without JavaScript) clears it as it reads it.
 */
export async function readFlash(request: Request): Promise<{ flash: ReadFlash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("setu_flash=")) return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(
    await flashCookie()
      .parse(header)
      .catch(() => null),
  );
  const flash = parsed.success ? parsed.data : null;
  const seen = flash !== null && header.includes(`${FLASH_SEEN_COOKIE}=${flash.id}`);
  const keep = request.headers.get("sec-fetch-dest") === "empty" && flash !== null && !seen;
  const clear = keep ? null : await flashCookie().serialize("", { maxAge: 0 });
  return { flash: seen ? null : flash, clear };
}

/** A redirect response that also sets the flash and any other cookies (e.g. the session's). */
export async function redirectWithFlash(to: string, flash: Flash, extra?: Headers): Promise<Response> {
  const headers = new Headers();
  extra?.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
  });
  for (const cookie of extra?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie().serialize({ ...flash, id: crypto.randomUUID() }));
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
    const path = `${url.pathname}${url.search}${url.hash}`;
    // what we send is the normalised path, so that is what is checked: "/.//evil.example" becomes "//evil.example"
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
