import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "~/db/client.server";
import { pushSubscriptions, type NotificationKind } from "~/db/schema/notifications";
import { logger } from "~/logger.server";
import { pushEndpointAllowed, type PushSubscriptionInput } from "./push.schema";

/** The server's VAPID key pair (RFC 8292): push services accept Setu's pushes for subscriptions made with its public key. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** What the push job and the subscription commands need: the keys, and which endpoints may be posted to. */
export type PushConfig = {
  vapid: VapidKeys;
  extraHosts: readonly string[];
  /** tests only: the test's own push service on http://127.0.0.1 */
  allowHttpLoopback: boolean;
};

/** The kinds of notification a device is pushed (issue #43 item 4): a matched RFQ, a new message, an order to act on. */
export const PUSHED_KINDS: ReadonlySet<NotificationKind> = new Set(["rfq_matched", "new_message", "order_status"]);

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (every instance of a multi-instance setup must share them, as the
 * auth secret); otherwise a pair generated once into DATA_DIR and kept there. A new pair would orphan every
 * subscription (the browser made it for the old public key), so the file is never replaced.
 */
export function resolveVapidKeys(dataDir: string, publicUrl: string, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  // a contact for the push services: an https site or a mailto address (VAPID_SUBJECT)
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith("https://") ? publicUrl : "mailto:support@setu.example");
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(dataDir, "vapid-keys.json");
  const read = () => JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  try {
    return { ...read(), subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    logger.info({ file }, "VAPID keys are not set: generated a new pair and saved it in DATA_DIR");
    return { ...keys, subject };
  } catch (error) {
    // another process wrote it first: theirs is the pair
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return { ...read(), subject };
    throw error;
  }
}

export function pushConfigFromEnv(
  dataDir: string,
  publicUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): PushConfig {
  return {
    vapid: resolveVapidKeys(dataDir, publicUrl, env),
    extraHosts: (env.PUSH_SERVICE_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean),
    allowHttpLoopback: env.PUSH_ALLOW_HTTP_LOOPBACK === "true",
  };
}

type Result = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/**
 * Turns push on for the acting user on one device: stores its subscription. An endpoint already stored (the device
 * was another account's) now belongs to the actor; only an endpoint of a known push service is accepted.
 */
export async function subscribeOwnDevice(
  db: Db,
  config: Pick<PushConfig, "extraHosts" | "allowHttpLoopback">,
  actor: { id: string },
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<Result> {
  if (!pushEndpointAllowed(input.endpoint, config))
    return { ok: false, status: 400, message: "This push service is not one Setu sends notifications through." };
  const values = {
    userId: actor.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
  return { ok: true, message: "Push notifications are on for this device." };
}

/** Turns push off for one of the acting user's devices; another account's endpoint is "not found". */
export async function unsubscribeOwnDevice(db: Db, actor: { id: string }, endpoint: string): Promise<Result> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) return { ok: false, status: 404, message: "This device has no push subscription." };
  return { ok: true, message: "Push notifications are off for this device." };
}

/** How many devices the user gets pushes on (the profile says so). */
export async function ownPushDeviceCount(db: Db, userId: string): Promise<number> {
  return db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
}

/** What a push carries: the notification's title and text, the page it opens, and a tag that folds repeats. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The user's devices, for `notify` to queue one push job each (in its transaction). */
export async function pushSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

/** A push service answer that needs another try later (pg-boss retries the job). */
export class PushRetryLater extends Error {}

/**
 * Sends one push (the "push" job): the payload encrypted for the device (RFC 8291, aes128gcm) and signed with the
 * VAPID key, by web-push. A subscription the push service no longer knows (404, 410) is deleted; a busy or failing
 * service (429, 5xx, no answer) is tried again by the job queue; any other refusal is logged and dropped.
 */
export async function sendPush(
  db: Db,
  config: PushConfig,
  job: { subscriptionId: string; payload: PushPayload },
): Promise<"sent" | "gone" | "refused" | "no-subscription"> {
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, job.subscriptionId))
    .limit(1);
  if (!subscription) return "no-subscription";
  // checked again when sending: an allow-list narrowed since it was stored still holds
  if (!pushEndpointAllowed(subscription.endpoint, config)) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return "refused";
  }
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(job.payload),
    {
      vapidDetails: config.vapid,
      // a day: a phone that is off longer gets the notification under the bell instead
      TTL: 24 * 60 * 60,
      urgency: "high",
      contentEncoding: "aes128gcm",
    },
  );
  let response: Response;
  try {
    // web-push encrypts and signs; the request itself is ours, to refuse redirects and bound its time
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new PushRetryLater(
      `The push service did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await response.body?.cancel();
  if (response.ok) return "sent";
  if (response.status === 404 || response.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return "gone";
  }
  if (response.status === 429 || response.status >= 500)
    throw new PushRetryLater(`The push service answered ${response.status}`);
  logger.warn({ status: response.status, subscriptionId: subscription.id }, "a push service refused a push");
  return "refused";
}
