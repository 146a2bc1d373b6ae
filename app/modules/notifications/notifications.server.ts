import crypto from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { emailPreferences, notifications, type NotificationKind } from "~/db/schema/notifications";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { publishLive } from "~/modules/live/live-events.server";
import { EMAIL_KINDS, type EmailKind, type EmailPreferencesInput } from "./notifications.schema";
import { PUSHED_KINDS, pushSubscriptionIds } from "./push.server";
import { textsIn } from "~/i18n/resources.server";
import type { Locale } from "~/lib/locale";
import { formatMoney, type MoneyCurrency } from "~/lib/money";
import { formatNumber } from "~/lib/numbers";

/**
 * The notification `userId` was sent under `eventKey`, as a subquery for `notExists`: a pass that tells each user
 * once (deadline reminders) asks it in the statement that finds whom to tell.
 */
export function sentNotification(db: Pick<Db, "select">, userId: SQLWrapper, eventKey: SQLWrapper) {
  return db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, eventKey)));
}

/**
 * What a command needs to notify: the queue that sends e-mail, the site's address, the key that signs unsubscribe
 * links, and where a user's e-mail address is read (accounts' emailAddressOf, given by the composition root: accounts
 * sits above notifications and keeps the users table).
 */
export type Notifier = {
  jobs: Pick<JobQueue, "send">;
  publicUrl: string;
  secret: string;
  addressOf: (db: Db, userId: string) => Promise<string | null>;
  /** the recipient's chosen language (accounts', given by the composition root): e-mails are written in it */
  languageOf?: (db: Db, userId: string) => Promise<Locale | null>;
};

export type Notice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** a path on our site, e.g. /rfqs/{id} */
  href: string;
  /** the event it is about: the same event notifies a user once */
  eventKey?: string;
  /**
   * the title and body as keys of the `emails` namespace, for a reader of another language: what a push to the
   * recipient's devices says, and what the notification list shows a reader of that language (kept with the notice)
   */
  translated?: TranslatedNotice;
  /**
   * the e-mail's subject and first paragraph (the "notice" template adds the link, a sign-off and the unsubscribe
   * link); `translated`: the same as keys of the `emails` namespace, for a recipient who chose another language
   */
  email?: { subject: string; text: string; translated?: TranslatedEmail };
};

export type EmailKey = `emails:${string}`;
/**
 * A value put into a translated text, made in the recipient's language when the text is: a phrase (a key with its
 * own values), an amount of money or a number (formatted for the locale); a string (what a user typed, a code, a
 * name) goes in as it is.
 */
export type PhraseValue =
  | string
  | number
  | Phrase
  | { money: number; currency?: MoneyCurrency }
  | { number: number }
  | { list: PhraseValue[]; separator?: string };
export type Phrase = { key: EmailKey; params?: PhraseParams };
export type PhraseParams = Record<string, PhraseValue>;
export type TranslatedEmail = { subject: EmailKey; text: EmailKey; params: PhraseParams };
/** `body` absent: the body is what a user wrote (a message, a review) and goes as it is */
export type TranslatedNotice = { title: EmailKey; body?: EmailKey; params: PhraseParams };

/**
 * The buyer an e-mail names: their company as written, else "A buyer", or "Anonymous US buyer" for a buyer who asked
 * not to be named (issue #41), the last two in the recipient's language.
 */
export function buyerPhrase(company: string | null, anonymous = false): PhraseValue {
  if (anonymous) return { key: "emails:buyer.anonymous" };
  return company || { key: "emails:buyer.unnamed" };
}

/** A key of the `emails` namespace in `locale`, its values made in the same language (money, numbers, phrases). */
export function translate(locale: Locale, key: EmailKey, params: PhraseParams = {}): string {
  const t = textsIn(locale);
  const valueOf = (value: PhraseValue): string | number => {
    if (typeof value === "string" || typeof value === "number") return value;
    if ("key" in value) return translate(locale, value.key, value.params);
    if ("money" in value) return formatMoney(value.money, value.currency ?? "USD", { locale });
    if ("number" in value) return formatNumber(value.number, locale);
    return value.list.map((item) => String(valueOf(item))).join(value.separator ?? " ");
  };
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, valueOf(value)]));
  return t(key as "emails:signOff", values);
}

/**
 * A notice's title and body in `locale`: English as written; another language from its keys when it has them (a
 * body without a key is what a user wrote, as written). A notice without keys, or whose keys no longer translate,
 * stays as written.
 */
export function noticeIn(
  locale: Locale,
  notice: { title: string; body: string },
  translated: TranslatedNotice | null | undefined,
): { title: string; body: string } {
  const asWritten = { title: notice.title, body: notice.body };
  if (locale === "en" || !translated) return asWritten;
  const title = translate(locale, translated.title, translated.params);
  const body = translated.body ? translate(locale, translated.body, translated.params) : notice.body;
  // a key that is missing comes back as itself (with or without its namespace): show what was written, not a key
  const missing = (text: string, key: string | undefined) =>
    key !== undefined && (text === key || text === key.slice(key.indexOf(":") + 1));
  if (missing(title, translated.title) || missing(body, translated.body)) return asWritten;
  return { title, body };
}

/** Which e-mail preference each kind of notification follows. */
export const EMAIL_KIND_OF: Record<NotificationKind, EmailKind> = {
  quote_received: "quoteReceived",
  quote_accepted: "quoteDecided",
  quote_declined: "quoteDecided",
  order_status: "orderStatus",
  new_message: "newMessage",
  rfq_deadline: "rfqDeadline",
  rfq_matched: "rfqMatched",
  verification_decided: "verification",
  verification_requested: "verification",
};

/**
 * Records a notification and, if the user wants that kind of e-mail, queues it: both in `tx`, the
 * transaction of the change it reports, so neither exists without the other.
 */
export async function notify(tx: Db, notifier: Notifier, notice: Notice): Promise<boolean> {
  const inserted = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      translated: notice.translated ?? null,
      href: notice.href,
      eventKey: notice.eventKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (inserted.length === 0) return false;
  // the bell of the user's open pages counts it as soon as the change commits
  await publishLive(tx, [notice.userId], { type: "notification" });
  // the user's devices, for a kind that is pushed (most users have none: then no more is read)
  const devices = PUSHED_KINDS.has(notice.kind) ? await pushSubscriptionIds(tx, notice.userId) : [];
  if (!notice.email && devices.length === 0) return true;
  const emailKind = EMAIL_KIND_OF[notice.kind];
  // one choice per kind for both: a kind turned off (or unsubscribed from) is neither e-mailed nor pushed
  if (!(await getEmailPreferences(tx, notice.userId))[emailKind]) return true;
  // the recipient's language, read once for the push and the e-mail (record 0058); English when not chosen
  const locale = (await notifier.languageOf?.(tx, notice.userId)) ?? "en";
  // a job per device, run once the change commits: a device whose push service fails is retried alone
  const payload = {
    ...noticeIn(locale, notice, notice.translated),
    url: notice.href,
    tag: `${notice.kind}:${notice.eventKey ?? inserted[0]!.id}`,
  };
  for (const subscriptionId of devices) await notifier.jobs.send(tx, "push", { subscriptionId, payload });
  if (!notice.email) return true;
  const to = await notifier.addressOf(tx, notice.userId);
  if (!to) return true;
  const link = `${notifier.publicUrl}${notice.href}`;
  const unsubscribeUrl = unsubscribeLink(notifier, notice.userId, emailKind);
  const translated = locale !== "en" ? notice.email.translated : undefined;
  await notifier.jobs.send(tx, "email", {
    template: "notice",
    to,
    subject: translated ? translate(locale, translated.subject, translated.params) : notice.email.subject,
    text: translated ? translate(locale, translated.text, translated.params) : notice.email.text,
    link,
    unsubscribeUrl,
    ...(locale !== "en" ? { locale } : {}),
  });
  return true;
}

/** A one-click unsubscribe address for one kind of e-mail, signed so only its recipient's e-mail holds it. */
export function unsubscribeLink(
  notifier: Pick<Notifier, "publicUrl" | "secret">,
  userId: string,
  kind: EmailKind,
): string {
  const params = new URLSearchParams({ u: userId, k: kind, t: unsubscribeToken(notifier.secret, userId, kind) });
  return `${notifier.publicUrl}/unsubscribe?${params}`;
}

function unsubscribeToken(secret: string, userId: string, kind: EmailKind) {
  return crypto.createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");
}

/** Reads an unsubscribe link's parameters; null when they are not a valid signed pair. */
export function verifyUnsubscribe(secret: string, params: URLSearchParams): { userId: string; kind: EmailKind } | null {
  const userId = params.get("u") ?? "";
  const kind = params.get("k") ?? "";
  const token = params.get("t") ?? "";
  if (!userId || userId.length > 200 || !(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(unsubscribeToken(secret, userId, kind as EmailKind));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as EmailKind };
}

/**
 * Whether a user wants one kind of e-mail (a user without preferences wants every kind), as a scalar subquery on their
 * id: for a statement that reads it beside another domain's row (the message digest reads the address beside it).
 */
export function emailWantedSql(userId: SQLWrapper, kind: EmailKind): SQL<boolean> {
  return nestedSql(
    sql<boolean>`coalesce((select ${emailPreferences[kind]} from ${emailPreferences} where ${emailPreferences.userId} = ${userId}), true)`,
  );
}

/** Sets one kind of e-mail on or off for a user (a user without preferences has every kind on). */
export async function setEmailPreference(db: Db, userId: string, kind: EmailKind, on: boolean): Promise<void> {
  await db
    .insert(emailPreferences)
    .values({ userId, [kind]: on })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { [kind]: on, updatedAt: new Date() } });
}

export async function getEmailPreferences(db: Db, userId: string): Promise<Record<EmailKind, boolean>> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, row ? row[kind] : true])) as Record<EmailKind, boolean>;
}

/** Sets every kind at once (the preferences form). */
export async function saveEmailPreferences(db: Db, userId: string, chosen: Record<EmailKind, boolean>): Promise<void> {
  await db
    .insert(emailPreferences)
    .values({ userId, ...chosen })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...chosen, updatedAt: new Date() } });
}

/**
 * The preferences form on /profile (read by emailPreferencesSchema): every kind at once, a ticked box on, an
 * absent one off. Only the acting user's own preferences.
 */
export async function updateOwnEmailPreferences(
  db: Db,
  actor: { id: string },
  input: EmailPreferencesInput,
  offered: readonly EmailKind[] = EMAIL_KINDS,
): Promise<{ ok: true; message: string }> {
  // a kind the form did not offer (another role's) keeps its setting, for the day the account takes that role
  const kept = offered.length < EMAIL_KINDS.length ? await getEmailPreferences(db, actor.id) : null;
  const chosen = Object.fromEntries(
    EMAIL_KINDS.map((kind) => [kind, offered.includes(kind) ? input[kind] === "on" : kept![kind]]),
  ) as Record<EmailKind, boolean>;
  await saveEmailPreferences(db, actor.id, chosen);
  return { ok: true, message: "E-mail preferences saved." };
}

/**
 * A user's unread notifications as a scalar subquery, for a statement that reads more than this domain's table in
 * one go (the header's counts: messaging's headerUnreadCounts).
 */
export function unreadNotificationCountSql(userId: string | SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`;
}

export async function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export const NOTIFICATIONS_PAGE_SIZE = 30;

export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  href: string;
  createdAt: Date;
  read: boolean;
};

/**
 * A user's notifications, newest first, a page at a time (`before`: the last item of the previous page), their
 * titles and bodies in the reader's language where they can be (noticeIn).
 */
export async function listNotifications(
  db: Db,
  userId: string,
  before?: { createdAt: Date; id: string },
  locale: Locale = "en",
): Promise<{ items: NotificationItem[]; next: { createdAt: Date; id: string } | null }> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      translated: notifications.translated,
      href: notifications.href,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        before
          ? or(
              lt(notifications.createdAt, before.createdAt),
              and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(({ readAt, translated, ...row }) => ({
    ...row,
    ...noticeIn(locale, row, translated as TranslatedNotice | null),
    read: readAt !== null,
  }));
  const last = items.at(-1);
  return {
    items,
    next: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Opening a notification marks it read; only its owner's. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<string | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ href: notifications.href });
  return row?.href ?? null;
}

/** Reading what a notice points at reads the notice: e.g. a conversation's new-message notices when its thread is read. */
export async function markNotificationsReadFor(
  db: Db,
  userId: string,
  kind: NotificationKind,
  href: string,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.href, href),
        isNull(notifications.readAt),
      ),
    );
}
