import { createCookie } from "react-router";
import { z } from "zod";

/** One-time notices carried across a redirect in a short-lived cookie (works without JavaScript). */
export type Flash = { type: "success" | "info" | "error"; message: string };

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
  type: z.enum(["success", "info", "error"]),
  message: z.string().transform((message) => message.slice(0, 300)),
});

/** The notice the previous response left, if any, and the header that clears it. A tampered cookie is ignored. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("setu_flash=")) return { flash: null, clear: null };
  const clear = await flashCookie().serialize("", { maxAge: 0 });
  const parsed = flashSchema.safeParse(
    await flashCookie()
      .parse(header)
      .catch(() => null),
  );
  return { flash: parsed.success ? parsed.data : null, clear };
}

/** A redirect response that also sets the flash and any other cookies (e.g. the session's). */
export async function redirectWithFlash(to: string, flash: Flash, extra?: Headers): Promise<Response> {
  const headers = new Headers();
  extra?.forEach((value, key) => {
    if (key.toLowerCase() !== "set-cookie") headers.append(key, value);
  });
  for (const cookie of extra?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie().serialize(flash));
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
