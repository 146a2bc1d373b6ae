import { z } from "zod";

/**
 * The push services browsers subscribe with (host, or a parent domain of it): Chrome's and Android's (FCM), Firefox's,
 * Edge's (WNS) and Safari's. An endpoint elsewhere is refused, so a subscription cannot make Setu's server post to an
 * address of its choosing (an internal service: SSRF). PUSH_SERVICE_HOSTS adds others.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

const base64url = (what: string, bytes: { min: number; max: number }) =>
  z
    .string({ error: `The subscription's ${what} is missing.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `The subscription's ${what} is not base64url.` })
    .refine((value) => {
      // the bytes a base64url text decodes to: three for every four characters, padding aside
      const length = Math.floor((value.replace(/=+$/, "").length * 3) / 4);
      return length >= bytes.min && length <= bytes.max;
    }, `The subscription's ${what} has the wrong length.`);

/** What the browser posts: PushSubscription.toJSON(), as the Push API gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: "The subscription has no endpoint." }).max(2048, { error: "The endpoint is too long." }),
  keys: z.object(
    {
      // an uncompressed P-256 public key (65 bytes) and a 16-byte secret (RFC 8291)
      p256dh: base64url("p256dh key", { min: 65, max: 65 }),
      auth: base64url("auth secret", { min: 16, max: 16 }),
    },
    { error: "The subscription has no keys." },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: "The subscription has no endpoint." }).max(2048, { error: "The endpoint is too long." }),
});

/**
 * Whether Setu may post to `endpoint`: https to a known push service (or one PUSH_SERVICE_HOSTS names); in a test
 * (PUSH_ALLOW_HTTP_LOOPBACK) also http://127.0.0.1, the test's own push service. Nothing else: no IP address, no
 * other port, no credentials in the address.
 */
export function pushEndpointAllowed(
  endpoint: string,
  options: { extraHosts?: readonly string[]; allowHttpLoopback?: boolean } = {},
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "http:") return Boolean(options.allowHttpLoopback) && url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return [...PUSH_SERVICE_HOSTS, ...(options.extraHosts ?? [])].some(
    (allowed) => host === allowed.toLowerCase() || host.endsWith(`.${allowed.toLowerCase()}`),
  );
}
