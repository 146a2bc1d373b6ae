import { and, desc, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { conversations, messages } from "~/db/schema/messaging";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Locale } from "~/lib/locale";
import { ANONYMOUS_BUYER } from "~/modules/accounts/buyer-privacy";
import { companyNameOf, emailOf, preferredLanguageOf } from "~/modules/accounts/profiles.server";
import { emailWantedSql, unsubscribeLink, type Notifier } from "~/modules/notifications/notifications.server";
import type { ConversationSubjects } from "./conversation-subjects.server";

/** How long a message waits unread before the digest e-mail mentions it. */
export const DIGEST_DELAY_SECONDS = 10 * 60;

/** How much of a conversation's last message the digest quotes. */
export const DIGEST_PREVIEW_LENGTH = 140;

/**
 * Queues the recipient's digest of unread messages in the transaction that stores a message: at most one
 * waiting digest per user (the singleton key on the `stately` queue), run DIGEST_DELAY_SECONDS later.
 */
export async function scheduleMessageDigest(
  tx: Db,
  jobs: Pick<JobQueue, "send">,
  userId: string,
  delaySeconds = DIGEST_DELAY_SECONDS,
): Promise<void> {
  await jobs.send(
    tx,
    "message-digest",
    { userId },
    { startAfterSeconds: delaySeconds, singletonKey: `digest:${userId}` },
  );
}

export type DigestEntry = { conversationId: string; counterpartCompany: string; preview: string; lastMessageAt: Date };

type Role = "buyer" | "seller";

/** What the digest needs of a conversation's subject: whether its buyer stays anonymous to the supplier. */
type DigestSubjects = Pick<ConversationSubjects, "buyerHiddenFrom">;

/** The user's side of a conversation: its own id column, read marker and e-mailed marker, and the counterpart's id. */
function side(role: Role) {
  return role === "buyer"
    ? {
        self: conversations.buyerId,
        counterpart: conversations.sellerId,
        readAt: conversations.buyerReadAt,
        emailedThrough: conversations.buyerEmailedThrough,
      }
    : {
        self: conversations.sellerId,
        counterpart: conversations.buyerId,
        readAt: conversations.sellerReadAt,
        emailedThrough: conversations.sellerEmailedThrough,
      };
}

/**
 * The conversations whose last message, from the counterpart, the user has not read and no e-mail has
 * mentioned; `due`: only those whose last message is older than the digest delay (`false`: only younger ones).
 */
async function waitingConversations(
  tx: Db,
  subjects: DigestSubjects,
  userId: string,
  role: Role,
  now: Date,
  due: boolean,
) {
  const { self, counterpart, readAt, emailedThrough } = side(role);
  const cutoff = new Date(now.getTime() - DIGEST_DELAY_SECONDS * 1000);
  const last = tx
    .select({ body: messages.body })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as("last");
  return tx
    .select({
      conversationId: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      counterpartCompany: sql<
        string | null
      >`case when ${subjects.buyerHiddenFrom(userId, { sellerId: conversations.sellerId, subjectType: conversations.subjectType, subjectId: conversations.subjectId })} then ${ANONYMOUS_BUYER} else ${companyNameOf(counterpart)} end`,
      body: last.body,
    })
    .from(conversations)
    .leftJoinLateral(last, sql`true`)
    .where(
      and(
        eq(self, userId),
        ne(conversations.lastSenderId, userId),
        or(isNull(readAt), lt(readAt, conversations.lastMessageAt)),
        or(isNull(emailedThrough), lt(emailedThrough, conversations.lastMessageAt)),
        due ? lte(conversations.lastMessageAt, cutoff) : gt(conversations.lastMessageAt, cutoff),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .for("update", { of: conversations });
}

function preview(body: string | null): string {
  const text = (body ?? "").replace(/\s+/g, " ").trim();
  if (!text) return "(an attachment)";
  return text.length > DIGEST_PREVIEW_LENGTH ? `${text.slice(0, DIGEST_PREVIEW_LENGTH - 1)}…` : text;
}

/**
 * The `message-digest` job: one e-mail listing every conversation whose last message, from the counterpart,
 * has waited unread for DIGEST_DELAY_SECONDS and was not e-mailed yet, if the user wants digests. The e-mail is
 * queued in the transaction that marks those conversations e-mailed through their last message, so each message
 * is e-mailed at most once, however often the job runs. A conversation whose last message is still younger than
 * the delay (it came while an earlier digest waited, so its own schedule was deduplicated) gets a digest queued
 * for when it is due. Returns what the e-mail listed (empty when none was sent).
 */
export async function sendMessageDigest(
  db: Db,
  subjects: DigestSubjects,
  notifier: Notifier,
  userId: string,
  now = new Date(),
): Promise<DigestEntry[]> {
  return db.transaction(async (tx) => {
    const [recipient] = await queryRows<{ email: string | null; wants: boolean; locale: Locale | null }>(
      tx,
      sql`select ${emailOf(sql`${userId}`)} as email, ${emailWantedSql(sql`${userId}`, "messageDigest")} as wants, ${preferredLanguageOf(sql`${userId}`)} as locale`,
    );
    if (!recipient?.email || !recipient.wants) return [];

    const entries: DigestEntry[] = [];
    for (const role of ["buyer", "seller"] as const) {
      const rows = await waitingConversations(tx, subjects, userId, role, now, true);
      for (const row of rows) {
        if (!row.lastMessageAt) continue;
        await tx
          .update(conversations)
          .set(
            role === "buyer" ? { buyerEmailedThrough: row.lastMessageAt } : { sellerEmailedThrough: row.lastMessageAt },
          )
          .where(eq(conversations.id, row.conversationId));
        entries.push({
          conversationId: row.conversationId,
          counterpartCompany: row.counterpartCompany ?? "A Setu member",
          preview: preview(row.body),
          lastMessageAt: row.lastMessageAt,
        });
      }
    }

    const younger = [
      ...(await waitingConversations(tx, subjects, userId, "buyer", now, false)),
      ...(await waitingConversations(tx, subjects, userId, "seller", now, false)),
    ];
    const nextDue = Math.min(...younger.map((row) => row.lastMessageAt!.getTime() + DIGEST_DELAY_SECONDS * 1000));
    if (Number.isFinite(nextDue))
      await scheduleMessageDigest(tx, notifier.jobs, userId, Math.max(1, Math.ceil((nextDue - now.getTime()) / 1000)));

    if (entries.length === 0) return [];
    entries.sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime());
    await notifier.jobs.send(tx, "email", {
      template: "message-digest",
      to: recipient.email,
      publicUrl: notifier.publicUrl,
      conversations: entries.map(({ conversationId, counterpartCompany, preview }) => ({
        conversationId,
        counterpartCompany,
        preview,
      })),
      unsubscribeUrl: unsubscribeLink(notifier, userId, "messageDigest"),
      ...(recipient.locale && recipient.locale !== "en" ? { locale: recipient.locale } : {}),
    });
    return entries;
  });
}
