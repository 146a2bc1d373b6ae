import { and, eq, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { conversations, messageAttachments, messageReports, messages, userBlocks } from "~/db/schema/messaging";
import { isTimestampText } from "~/lib/date-range";
import { isStorableText } from "~/lib/json-text";
import { isUuid } from "~/lib/uuid";
import type { Actor } from "~/modules/accounts/accounts.schema";
import { ANONYMOUS_BUYER } from "~/modules/accounts/buyer-privacy";
import { companyNameOf } from "~/modules/accounts/profiles.server";
import { orderParty } from "~/modules/orders/order-party.server";
import type { ConversationColumns, ConversationSubjects } from "./conversation-subjects.server";
import { overActionLimit } from "~/modules/accounts/attempt-limiter.server";
import { publishLive } from "~/modules/live/live-events.server";
import { scheduleMessageDigest } from "./message-digest.server";
import {
  markNotificationsReadFor,
  notify,
  unreadNotificationCountSql,
  type Notifier,
} from "~/modules/notifications/notifications.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";
import {
  AttachmentRejected,
  attachmentResponse,
  checkAttachmentLimits,
  discardAttachments,
  storeAttachment,
  thumbnailKey,
  type StoredAttachment,
} from "./attachments.server";
import {
  INBOX_PAGE_SIZE,
  MESSAGE_MAX_LENGTH,
  THREAD_PAGE_SIZE,
  type ReportMessageInput,
  type InboxFilter,
  type InboxItem,
  type SubjectCard,
  type SubjectType,
  type ThreadAttachment,
  type ThreadMessage,
  type ThreadView,
} from "./messaging.schema";

export type MessagingResult<T = undefined> =
  { ok: true; message: string; value: T } | { ok: false; status: number; message: string };

const refused = (status: number, message: string) => ({ ok: false as const, status, message });
const NOT_FOUND = refused(404, "Conversation not found");

/**
 * What a conversation is opened about. For an RFQ, the buyer names the supplier (`counterpartId`, one who
 * quoted); a quote opens the same conversation as its RFQ, so a buyer and a supplier have one thread per RFQ.
 */
export type SubjectRef = { type: SubjectType; id: string; counterpartId?: string };

type Pair = { buyerId: string; sellerId: string; subjectType: SubjectType; subjectId: string };

/**
 * Who the two parties are for a subject the actor may see; a subject the actor may not see is not found (404).
 */
async function resolvePair(
  db: Db,
  subjects: ConversationSubjects,
  actor: Actor,
  subject: SubjectRef,
): Promise<Pair | { ok: false; status: number; message: string }> {
  if (!isUuid(subject.id)) return refused(404, "Not found");
  switch (subject.type) {
    case "product": {
      const row = await subjects.productSeller(db, subject.id);
      if (!row || (row.status !== "active" && row.sellerId !== actor.id)) return refused(404, "Product not found");
      return { buyerId: actor.id, sellerId: row.sellerId, subjectType: "product", subjectId: subject.id };
    }
    case "store": {
      const row = await subjects.storeSeller(db, subject.id);
      if (!row || (row.status !== "active" && row.sellerId !== actor.id)) return refused(404, "Store not found");
      return { buyerId: actor.id, sellerId: row.sellerId, subjectType: "store", subjectId: subject.id };
    }
    case "rfq": {
      const buyerId = await subjects.rfqBuyer(db, subject.id);
      if (!buyerId) return refused(404, "RFQ not found");
      if (buyerId === actor.id) {
        // the buyer talks to a supplier who quoted on it
        const supplier = subject.counterpartId;
        if (!supplier) return refused(400, "Choose the supplier to contact from its quote");
        if (!(await subjects.hasQuoted(db, subject.id, supplier))) return refused(404, "Quote not found");
        return { buyerId: actor.id, sellerId: supplier, subjectType: "rfq", subjectId: subject.id };
      }
      if (!(await subjects.hasQuoted(db, subject.id, actor.id)))
        return refused(403, "You can contact the buyer once you have quoted on this RFQ");
      return { buyerId, sellerId: actor.id, subjectType: "rfq", subjectId: subject.id };
    }
    case "quote": {
      const row = await subjects.quoteParties(db, subject.id);
      // sealed quotes: only the RFQ's buyer and the quote's supplier know of it
      if (!row || (row.buyerId !== actor.id && row.sellerId !== actor.id)) return refused(404, "Quote not found");
      return { buyerId: row.buyerId, sellerId: row.sellerId, subjectType: "rfq", subjectId: row.rfqId };
    }
    case "order": {
      const row = await orderParty(db, actor, subject.id);
      if (!row) return refused(404, "Order not found");
      return { buyerId: row.buyerId, sellerId: row.sellerId, subjectType: "order", subjectId: subject.id };
    }
    default:
      return refused(404, "Not found");
  }
}

function blockedBetween(a: string, b: string): SQL {
  return sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;
}

/**
 * Finds or starts the conversation between the actor and the subject's other party. Race-safe: the unique
 * index on (buyer, seller, subject) lets one insert win and the others read its row. An existing conversation
 * is returned even between blocked users (it stays readable); a new one is not started.
 */
export async function openConversation(
  db: Db,
  subjects: ConversationSubjects,
  actor: Actor,
  subject: SubjectRef,
): Promise<MessagingResult<{ id: string }>> {
  const pair = await resolvePair(db, subjects, actor, subject);
  if ("ok" in pair) return pair;
  if (pair.buyerId === pair.sellerId) return refused(400, "You cannot send messages to yourself");
  const samePair = and(
    eq(conversations.buyerId, pair.buyerId),
    eq(conversations.sellerId, pair.sellerId),
    eq(conversations.subjectType, pair.subjectType),
    eq(conversations.subjectId, pair.subjectId),
  );
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(samePair).limit(1);
  if (existing) return { ok: true, message: "Conversation opened", value: existing };
  const [blocked] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select ${blockedBetween(pair.buyerId, pair.sellerId)} as blocked`,
  );
  if (blocked?.blocked) return refused(403, "You cannot message this user");
  const limited = await overActionLimit(db, "conversation", actor.id);
  if (limited) return refused(429, limited);
  const [created] = await db
    .insert(conversations)
    .values(pair)
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (created) return { ok: true, message: "Conversation started", value: created };
  const [winner] = await db.select({ id: conversations.id }).from(conversations).where(samePair).limit(1);
  return { ok: true, message: "Conversation opened", value: winner! };
}

type PartyRow = { id: string; buyerId: string; sellerId: string; iBlocked: boolean; theyBlocked: boolean };

/** The conversation if the actor is one of its two parties; anyone else gets nothing (404, as if it did not exist). */
async function partyConversation(
  db: Db,
  actor: { id: string },
  conversationId: string,
): Promise<(PartyRow & { counterpartId: string; role: "buyer" | "seller" }) | null> {
  if (!isUuid(conversationId)) return null;
  const counterpart = sql`case when ${conversations.buyerId} = ${actor.id} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const [row] = await db
    .select({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      iBlocked: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${actor.id} and ${userBlocks.blockedId} = ${counterpart})`,
      theyBlocked: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${counterpart} and ${userBlocks.blockedId} = ${actor.id})`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const role = row.buyerId === actor.id ? "buyer" : "seller";
  return { ...row, role, counterpartId: role === "buyer" ? row.sellerId : row.buyerId };
}

export type MessageInput = { body: string; files?: File[] };

function preview(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat || "Sent an attachment";
}

/**
 * Sends a message (with up to 3 attachments) from one party to the other. Refused to anyone else (404), when
 * either blocked the other, and for text that is empty, too long or not storable (400). The message, its
 * attachments, the conversation's activity and read columns, the recipient's notification, their digest
 * e-mail job and both parties' live events commit in one transaction.
 *
 * The recipient's bell gets one notification per unread burst: its event key is the conversation and the
 * recipient's read marker, so messages sent while they have not read the thread add no further notice, and
 * the first message after they read it adds a new one.
 */
export async function sendMessage(
  db: Db,
  actor: Actor,
  conversationId: string,
  input: MessageInput,
  notifier: Notifier,
  storage?: BlobStorage,
): Promise<MessagingResult<{ messageId: string }>> {
  const conversation = await partyConversation(db, actor, conversationId);
  if (!conversation) return NOT_FOUND;
  if (typeof input.body !== "string" || !isStorableText(input.body))
    return refused(400, "The message contains a character that cannot be saved");
  // a form posts line breaks as CRLF: stored as LF, so lengths and rendering match what was typed
  const body = input.body.replace(/\r\n?/g, "\n").trim();
  const files = input.files ?? [];
  if (body.length > MESSAGE_MAX_LENGTH)
    return refused(400, `A message can have at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`);
  if (body.length === 0 && files.length === 0) return refused(400, "Please write a message");
  const overLimit = checkAttachmentLimits(files);
  if (overLimit) return refused(overLimit.status, overLimit.message);
  if (conversation.iBlocked) return refused(403, "You have blocked this user. Unblock them to send messages.");
  if (conversation.theyBlocked) return refused(403, "You can no longer send messages in this conversation.");
  const limited = await overActionLimit(db, "message", actor.id);
  if (limited) return refused(429, limited);

  const stored: StoredAttachment[] = [];
  if (files.length > 0) {
    if (!storage) throw new Error("sendMessage needs the blob storage for attachments");
    try {
      // stored before the transaction (files are not transactional), and removed again if no message comes of them
      for (const file of files) stored.push(await storeAttachment(storage, conversation.id, file));
    } catch (error) {
      await discardAttachments(storage, stored);
      if (error instanceof AttachmentRejected) return refused(error.status, error.message);
      throw error;
    }
  }

  const senderIsBuyer = conversation.role === "buyer";
  const recipientId = conversation.counterpartId;
  // the message, its attachments' rows, the conversation's columns, the notice, the digest job, the live events
  const recordMessage = async (tx: Db): Promise<string> => {
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: actor.id, body })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    const id = message!.id;
    if (stored.length > 0) await tx.insert(messageAttachments).values(stored.map((a) => ({ ...a, messageId: id })));
    // the message's own time, read back in SQL (microseconds; a JavaScript Date has milliseconds)
    const at = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${id})`;
    const newest = sql`(${conversations.lastMessageAt} is null or ${at} >= ${conversations.lastMessageAt})`;
    const senderRead = senderIsBuyer ? conversations.buyerReadAt : conversations.sellerReadAt;
    const recipientRead = senderIsBuyer ? conversations.sellerReadAt : conversations.buyerReadAt;
    const [updated] = await tx
      .update(conversations)
      .set({
        lastMessageAt: sql`case when ${newest} then ${at} else ${conversations.lastMessageAt} end`,
        lastMessageId: sql`case when ${newest} then ${id}::uuid else ${conversations.lastMessageId} end`,
        lastSenderId: sql`case when ${newest} then ${actor.id} else ${conversations.lastSenderId} end`,
        ...(senderIsBuyer
          ? { buyerReadAt: sql`greatest(${senderRead}, ${at})` }
          : { sellerReadAt: sql`greatest(${senderRead}, ${at})` }),
        ...(senderIsBuyer
          ? { buyerFirstMessageAt: sql`coalesce(${conversations.buyerFirstMessageAt}, ${at})` }
          : {
              sellerFirstReplyAt: sql`coalesce(${conversations.sellerFirstReplyAt}, case when ${conversations.buyerFirstMessageAt} is not null then ${at} end)`,
            }),
      })
      .where(eq(conversations.id, conversation.id))
      .returning({
        recipientReadAt: sql<
          string | null
        >`to_char(${recipientRead} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      });
    const href = `/messages/${conversation.id}`;
    await notify(tx, notifier, {
      userId: recipientId,
      kind: "new_message",
      title: `New message from ${actor.profile.companyName || "a Setu member"}`,
      body: preview(body),
      href,
      // a push in the recipient's language (record 0058); the message itself as it was written
      translated: {
        title: "emails:newMessage.title",
        params: { sender: actor.profile.companyName || { key: "emails:newMessage.someone" } },
      },
      eventKey: `message:${conversation.id}:${updated?.recipientReadAt ?? "unread"}`,
    });
    await scheduleMessageDigest(tx, notifier.jobs, recipientId);
    await publishLive(tx, [conversation.buyerId, conversation.sellerId], {
      type: "message",
      conversationId: conversation.id,
      messageId: id,
    });
    return id;
  };
  let rolledBack = false;
  const messageId = await db
    .transaction(async (tx) => {
      try {
        return await recordMessage(tx);
      } catch (error) {
        rolledBack = true;
        throw error;
      }
    })
    .catch(async (error: unknown) => {
      // Removed only when the transaction surely rolled back: a statement in it failed (rejected before COMMIT).
      // A failed COMMIT may have committed (a dropped connection): its files stay, never a message without them.
      if (storage && rolledBack) await discardAttachments(storage, stored);
      throw error;
    });
  return { ok: true, message: "Message sent", value: { messageId } };
}

/**
 * The viewer has read the thread up to a message they were shown (its id, so that a message that arrived
 * after the page was drawn stays unread). Moves only forwards; tells the other party's open pages ("Seen")
 * and marks the thread's new-message notifications read.
 */
export async function markConversationRead(
  db: Db,
  actor: { id: string },
  conversationId: string,
  throughMessageId: string,
): Promise<MessagingResult<{ changed: boolean }>> {
  const conversation = await partyConversation(db, actor, conversationId);
  if (!conversation) return NOT_FOUND;
  if (!isUuid(throughMessageId)) return refused(400, "Unknown message");
  const readColumn = conversation.role === "buyer" ? conversations.buyerReadAt : conversations.sellerReadAt;
  const through = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${throughMessageId} and ${messages.conversationId} = ${conversation.id})`;
  const changed = await db.transaction(async (tx) => {
    const updated = await tx
      .update(conversations)
      .set(conversation.role === "buyer" ? { buyerReadAt: through } : { sellerReadAt: through })
      .where(
        and(eq(conversations.id, conversation.id), sql`${through} > coalesce(${readColumn}, '-infinity'::timestamptz)`),
      )
      .returning({ id: conversations.id });
    if (updated.length === 0) return false;
    await markNotificationsReadFor(tx, actor.id, "new_message", `/messages/${conversation.id}`);
    // the other party's "Seen", and the reader's own other pages (the header's count)
    await publishLive(tx, [conversation.buyerId, conversation.sellerId], {
      type: "read",
      conversationId: conversation.id,
    });
    return true;
  });
  return { ok: true, message: changed ? "Marked as read" : "Already read", value: { changed } };
}

/** A conversation's columns (alias `c`), as the inbox, the thread and the reports name them. */
const RAW_CONVERSATION: ConversationColumns = {
  sellerId: sql.raw("c.seller_id"),
  subjectType: sql.raw("c.subject_type"),
  subjectId: sql.raw("c.subject_id"),
};

/** The counterpart's company as `me` may see it: an anonymous buyer stays anonymous to the supplier. */
function counterpartCompanySql(subjects: ConversationSubjects, me: string): SQL {
  const counterpart = sql`case when c.buyer_id = ${me} then c.seller_id else c.buyer_id end`;
  return sql`case when ${subjects.buyerHiddenFrom(me, RAW_CONVERSATION)} then ${ANONYMOUS_BUYER} else ${companyNameOf(counterpart)} end`;
}

/** The subject card's columns, read from the lateral join subjectJoin gives (alias `sc`). */
const SUBJECT_SELECT = sql.raw(`
  c.subject_type,
  c.subject_id,
  sc.title as subject_title,
  sc.image_url as subject_image,
  sc.price_min_cents as subject_price_min,
  sc.price_max_cents as subject_price_max,
  sc.rfq_id as subject_quote_rfq_id`);

/** The conversation's subject, read by the domain that keeps it, for SUBJECT_SELECT. */
function subjectJoin(subjects: ConversationSubjects): SQL {
  return sql`left join lateral (${subjects.card(RAW_CONVERSATION)}) sc on true`;
}

type SubjectRow = {
  subject_type: SubjectType;
  subject_id: string;
  subject_title: string | null;
  subject_image: string | null;
  subject_price_min: number | null;
  subject_price_max: number | null;
  subject_quote_rfq_id: string | null;
};

function subjectCard(row: SubjectRow): SubjectCard {
  const href =
    row.subject_type === "product"
      ? `/product/${row.subject_id}`
      : row.subject_type === "store"
        ? `/stores/${row.subject_id}`
        : row.subject_type === "rfq"
          ? `/rfqs/${row.subject_id}`
          : row.subject_type === "quote"
            ? `/rfqs/${row.subject_quote_rfq_id ?? ""}`
            : "/orders";
  return {
    type: row.subject_type,
    title: row.subject_title ?? "No longer available",
    href,
    imageUrl: row.subject_image ?? null,
    priceMinCents: row.subject_price_min === null ? null : Number(row.subject_price_min),
    priceMaxCents: row.subject_price_max === null ? null : Number(row.subject_price_max),
  };
}

/**
 * An inbox page cursor: the last row's activity time (to the microsecond, as text) and id. A time outside the shared
 * date range (year 0 parses in JavaScript, not in PostgreSQL) is no cursor: the first page.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

export function parseInboxCursor(value: string | null | undefined): { at: string; id: string } | null {
  const match = CURSOR.exec(value ?? "");
  if (!match || !isUuid(match[2]) || !isTimestampText(match[1]!)) return null;
  return { at: match[1]!, id: match[2] };
}

type InboxRow = SubjectRow & {
  id: string;
  counterpart_company: string | null;
  preview: string | null;
  has_attachment: boolean;
  last_message_at: Date | string;
  cursor: string;
  last_from_me: boolean;
  unread: boolean;
};

/**
 * The actor's conversations with at least one message, newest activity first, a page at a time. One statement
 * whatever the page size or the number of conversations: the page is taken from the buyer side's and the
 * seller side's activity indexes (each an index range, at most a page long) and only its rows are joined to
 * their counterpart, last message and subject. "Needs reply": the last message is the counterpart's.
 */
export async function listInbox(
  db: Db,
  subjects: ConversationSubjects,
  actor: { id: string },
  options: { filter?: InboxFilter; cursor?: string | null } = {},
): Promise<{ items: InboxItem[]; next: string | null }> {
  const me = actor.id;
  const cursor = parseInboxCursor(options.cursor);
  const limit = INBOX_PAGE_SIZE + 1;
  const side = (column: "buyer_id" | "seller_id") => sql`(
    select * from conversations
    where ${sql.raw(column)} = ${me} and last_message_at is not null
    ${options.filter === "needs-reply" ? sql`and last_sender_id <> ${me}` : sql``}
    ${cursor ? sql`and (last_message_at, id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
    order by last_message_at desc, id desc
    limit ${limit})`;
  const rows = await queryRows<InboxRow>(
    db,
    sql`
      with page as (${side("buyer_id")} union all ${side("seller_id")})
      select
        c.id,
        ${counterpartCompanySql(subjects, me)} as counterpart_company,
        left(m.body, 200) as preview,
        exists (select 1 from message_attachments a where a.message_id = c.last_message_id) as has_attachment,
        c.last_message_at,
        to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || c.id as cursor,
        c.last_sender_id = ${me} as last_from_me,
        c.last_message_at > coalesce(case when c.buyer_id = ${me} then c.buyer_read_at else c.seller_read_at end, '-infinity'::timestamptz) as unread,
        ${SUBJECT_SELECT}
      from page c
      left join messages m on m.id = c.last_message_id
      ${subjectJoin(subjects)}
      order by c.last_message_at desc, c.id desc
      limit ${limit}`,
  );
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const items = page.map((row) => ({
    id: row.id,
    counterpartCompany: row.counterpart_company || "Setu member",
    subject: subjectCard(row),
    preview: row.preview ? preview(row.preview) : row.has_attachment ? "Sent an attachment" : "",
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    lastFromMe: Boolean(row.last_from_me),
    unread: Boolean(row.unread),
  }));
  return { items, next: rows.length > INBOX_PAGE_SIZE ? page.at(-1)!.cursor : null };
}

/** How many conversations wait unread for the user (the header's count): one statement on the activity indexes. */
/** How many of a user's conversations have a message they have not read, as a scalar subquery. */
function unreadConversationCountSql(userId: string | SQLWrapper): SQL<number> {
  return sql<number>`(
      (select count(*) from conversations where buyer_id = ${userId} and last_message_at > coalesce(buyer_read_at, '-infinity'::timestamptz))
      + (select count(*) from conversations where seller_id = ${userId} and last_message_at > coalesce(seller_read_at, '-infinity'::timestamptz))
    )::int`;
}

export async function unreadConversationCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select ${unreadConversationCountSql(userId)} as n`);
  return Number(row?.n ?? 0);
}

/**
 * The header's two counts as scalar subqueries on a user id (a value, or the session's column: root reads them in
 * the session's own statement): unread notifications (the notifications domain's subquery) and conversations with
 * a message the user has not read.
 */
export function headerUnreadCountsSql(userId: string | SQLWrapper) {
  return {
    unreadNotifications: unreadNotificationCountSql(userId),
    unreadMessages: unreadConversationCountSql(userId),
  };
}

type ThreadHeadRow = SubjectRow & {
  id: string;
  buyer_id: string;
  counterpart_company: string | null;
  last_message_id: string | null;
  unread: boolean;
  i_blocked: boolean;
  they_blocked: boolean;
};

type ThreadMessageRow = {
  id: string;
  sender_id: string;
  body: string;
  created_at: Date | string;
  seen: boolean;
  attachments: ThreadAttachment[] | string;
};

/**
 * A thread as one of its parties sees it: the subject card, the counterpart, the latest messages (oldest
 * first; `before`: a message id, for the page before it) with their attachments and whether the other party
 * has read each of mine. Anyone else gets null (404). Reading it changes nothing: see markConversationRead.
 */
export async function getThread(
  db: Db,
  subjects: ConversationSubjects,
  actor: Actor,
  conversationId: string,
  options: { before?: string | null } = {},
): Promise<ThreadView | null> {
  if (!isUuid(conversationId)) return null;
  const me = actor.id;
  const [head] = await queryRows<ThreadHeadRow>(
    db,
    sql`
      select
        c.id,
        c.buyer_id,
        ${counterpartCompanySql(subjects, me)} as counterpart_company,
        c.last_message_id,
        coalesce(c.last_message_at > coalesce(case when c.buyer_id = ${me} then c.buyer_read_at else c.seller_read_at end, '-infinity'::timestamptz), false) as unread,
        exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = case when c.buyer_id = ${me} then c.seller_id else c.buyer_id end) as i_blocked,
        exists (select 1 from user_blocks b where b.blocked_id = ${me} and b.blocker_id = case when c.buyer_id = ${me} then c.seller_id else c.buyer_id end) as they_blocked,
        ${SUBJECT_SELECT}
      from conversations c
      ${subjectJoin(subjects)}
      where c.id = ${conversationId} and (c.buyer_id = ${me} or c.seller_id = ${me})`,
  );
  if (!head) return null;
  const before = isUuid(options.before) ? options.before : null;
  const rows = await queryRows<ThreadMessageRow>(
    db,
    sql`
      select
        m.id,
        m.sender_id,
        m.body,
        m.created_at,
        (m.sender_id = ${me} and m.created_at <= coalesce(case when c.buyer_id = ${me} then c.seller_read_at else c.buyer_read_at end, '-infinity'::timestamptz)) as seen,
        coalesce((
          select json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'sizeBytes', a.size_bytes) order by a.id)
          from message_attachments a where a.message_id = m.id
        ), '[]'::json) as attachments
      from messages m
      join conversations c on c.id = m.conversation_id
      where m.conversation_id = ${conversationId}
      ${before ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${before} and b.conversation_id = ${conversationId})` : sql``}
      order by m.created_at desc, m.id desc
      limit ${THREAD_PAGE_SIZE + 1}`,
  );
  const shown = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  const myRole = head.buyer_id === me ? "buyer" : "seller";
  const counterpartCompany = head.counterpart_company || "Setu member";
  return {
    id: head.id,
    myRole,
    counterpartCompany,
    subject: subjectCard(head),
    messages: shown.map((row): ThreadMessage => ({
      id: row.id,
      fromMe: row.sender_id === me,
      senderCompany: row.sender_id === me ? actor.profile.companyName || "You" : counterpartCompany,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
      attachments: (typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments).map(
        (a: ThreadAttachment) => ({ ...a, sizeBytes: Number(a.sizeBytes) }),
      ),
      seen: Boolean(row.seen),
    })),
    olderCursor: rows.length > THREAD_PAGE_SIZE ? (shown[0]?.id ?? null) : null,
    lastMessageId: head.last_message_id,
    unread: Boolean(head.unread),
    iBlocked: Boolean(head.i_blocked),
    theyBlocked: Boolean(head.they_blocked),
  };
}

/** One attachment, as a response to one of its conversation's two parties (404 to anyone else). */
export async function serveAttachment(
  db: Db,
  storage: BlobStorage,
  actor: { id: string },
  conversationId: string,
  attachmentId: string,
  variant: "full" | "thumbnail",
): Promise<Response | null> {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null;
  const [row] = await db
    .select({
      storageKey: messageAttachments.storageKey,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messageAttachments.id, attachmentId),
        eq(conversations.id, conversationId),
        or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const key =
    variant === "thumbnail" && row.contentType === "image/webp" ? thumbnailKey(row.storageKey) : row.storageKey;
  const object = await storage.get(key);
  if (!object) return null;
  return attachmentResponse(object.bytes, row);
}

/** The actor blocks the other party of one of their conversations: no new messages either way; threads stay readable. */
export async function blockUser(db: Db, actor: { id: string }, conversationId: string): Promise<MessagingResult> {
  const conversation = await partyConversation(db, actor, conversationId);
  if (!conversation) return NOT_FOUND;
  await db
    .insert(userBlocks)
    .values({ blockerId: actor.id, blockedId: conversation.counterpartId })
    .onConflictDoNothing();
  return { ok: true, message: "User blocked. They can no longer send you messages.", value: undefined };
}

export async function unblockUser(db: Db, actor: { id: string }, conversationId: string): Promise<MessagingResult> {
  const conversation = await partyConversation(db, actor, conversationId);
  if (!conversation) return NOT_FOUND;
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, conversation.counterpartId)));
  return { ok: true, message: "User unblocked", value: undefined };
}

/**
 * A party reports the other party's message to the administrators, with a reason. Someone else's thread's
 * message is not found (404); one's own message cannot be reported; reporting twice keeps the first report. A
 * reporter sends a limited number of reports an hour, and about one member a day (429 past either).
 */
export async function reportMessage(
  db: Db,
  actor: { id: string },
  input: ReportMessageInput,
): Promise<MessagingResult> {
  const { messageId, reason } = input;
  if (!isUuid(messageId)) return refused(404, "Message not found");
  const [row] = await db
    .select({ senderId: messages.senderId, conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(eq(messages.id, messageId), or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id))),
    )
    .limit(1);
  if (!row) return refused(404, "Message not found");
  if (row.senderId === actor.id) return refused(400, "You cannot report your own message");
  const limited =
    (await overActionLimit(db, "reportAbout", `${actor.id}:${row.senderId}`)) ??
    (await overActionLimit(db, "report", actor.id));
  if (limited) return refused(429, limited);
  await db
    .insert(messageReports)
    .values({
      messageId,
      reporterId: actor.id,
      reportedUserId: row.senderId,
      conversationId: row.conversationId,
      reason,
    })
    .onConflictDoNothing();
  return { ok: true, message: "Thank you. The report was sent to the Setu team.", value: undefined };
}

/** One report as the administrators read it in its group. */
export type ReportSample = {
  id: string;
  status: ReportStatus;
  reason: string;
  createdAt: string;
  messageBody: string;
  messageAt: string;
};

/** A group's reports from one conversation: the reporter is the reported member's counterpart in it. */
export type ReportConversation = {
  conversationId: string;
  subject: SubjectCard;
  reporterCompany: string;
  reports: number;
  newestAt: string;
  oldestAt: string;
  /** the newest REPORT_SAMPLES of them */
  samples: ReportSample[];
};

/** All reports (of one status) about one member: one row of the administrators' list. */
export type ReportGroup = {
  reportedUserId: string;
  reportedCompany: string;
  reports: number;
  reporters: number;
  conversations: number;
  newestAt: string;
  oldestAt: string;
  /** the group's newest report time to the microsecond: resolving the group resolves the reports up to it */
  through: string;
  /** its REPORT_CONVERSATIONS conversations with the newest reports */
  shown: ReportConversation[];
};

export type ReportStatus = "open" | "resolved";

/** Groups on one page of the administrators' list; conversations and reports shown per group. */
export const REPORT_GROUPS_PAGE_SIZE = 20;
export const REPORT_CONVERSATIONS = 5;
export const REPORT_SAMPLES = 3;

/** A report-groups page cursor: the last group's newest report time (to the microsecond, as text) and member id. */
const REPORT_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([A-Za-z0-9_-]{1,64})$/;
const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A time as the list writes it (microseconds, UTC), within the years PostgreSQL and JavaScript both take; else null. */
function microsecondTime(value: string | null | undefined): string | null {
  if (!value || !MICROSECOND_TIME.test(value)) return null;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && !Number.isNaN(Date.parse(value)) ? value : null;
}

function parseReportCursor(value: string | null | undefined): { at: string; userId: string } | null {
  const match = REPORT_CURSOR.exec(value ?? "");
  const at = microsecondTime(match?.[1]);
  return match && at ? { at, userId: match[2]! } : null;
}

const MICROSECONDS = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The administrators' list of reports (issue #38.3), one row per reported member with their reports of the given
 * status: how many, from how many members, in how many conversations, the newest and the oldest; within it the
 * conversations with the newest reports, each with its newest reports (reason and message). Rows are ordered by
 * their newest report, newest first, and paged by a cursor (the last row's newest report and member): so however
 * many reports one member draws, they take one row, and no report is pushed off the list. Two statements per page,
 * whatever the number of reports. Anyone else gets null (404).
 */
export async function listReportGroups(
  db: Db,
  subjects: ConversationSubjects,
  actor: { isAdmin: boolean },
  options: { status?: ReportStatus; cursor?: string | null } = {},
): Promise<{ groups: ReportGroup[]; next: string | null } | null> {
  if (!actor.isAdmin) return null;
  const status = options.status ?? "open";
  const cursor = parseReportCursor(options.cursor);
  const groupRows = await queryRows<{
    reported_user_id: string;
    reported_company: string | null;
    reports: number;
    reporters: number;
    conversations: number;
    newest: Date | string;
    oldest: Date | string;
    through: string;
  }>(
    db,
    sql`
      select g.*, ${MICROSECONDS(sql`g.newest`)} as through, ${companyNameOf(sql`g.reported_user_id`)} as reported_company
      from (
        select reported_user_id, count(*)::int as reports, count(distinct reporter_id)::int as reporters,
          count(distinct conversation_id)::int as conversations, max(created_at) as newest, min(created_at) as oldest
        from message_reports
        where status = ${status}
        group by reported_user_id
        ${cursor ? sql`having (max(created_at), reported_user_id) < (${cursor.at}::timestamptz, ${cursor.userId})` : sql``}
        order by newest desc, reported_user_id desc
        limit ${REPORT_GROUPS_PAGE_SIZE + 1}
      ) g
      order by g.newest desc, g.reported_user_id desc`,
  );
  const page = groupRows.slice(0, REPORT_GROUPS_PAGE_SIZE);
  if (page.length === 0) return { groups: [], next: null };
  const userIds = page.map((g) => g.reported_user_id);
  const sampleRows = await queryRows<
    SubjectRow & {
      reported_user_id: string;
      conversation_id: string;
      reports: number;
      newest: Date | string;
      oldest: Date | string;
      reporter_company: string | null;
      id: string;
      status: ReportStatus;
      reason: string;
      created_at: Date | string;
      body: string;
      message_at: Date | string;
    }
  >(
    db,
    sql`
      with r as (
        select r.*, row_number() over (partition by r.reported_user_id, r.conversation_id order by r.created_at desc, r.id desc) as rn
        from message_reports r
        where r.status = ${status} and r.reported_user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      ), talks as (
        select reported_user_id, conversation_id, count(*)::int as reports, max(created_at) as newest, min(created_at) as oldest,
          row_number() over (partition by reported_user_id order by max(created_at) desc, conversation_id desc) as talk_rank
        from r
        group by reported_user_id, conversation_id
      )
      select t.reported_user_id, t.conversation_id, t.reports, t.newest, t.oldest, ${companyNameOf(sql`s.reporter_id`)} as reporter_company,
        s.id, s.status, s.reason, s.created_at, m.body, m.created_at as message_at,
        ${SUBJECT_SELECT}
      from talks t
      join r s on s.reported_user_id = t.reported_user_id and s.conversation_id = t.conversation_id and s.rn <= ${REPORT_SAMPLES}
      join messages m on m.id = s.message_id
      join conversations c on c.id = t.conversation_id
      ${subjectJoin(subjects)}
      where t.talk_rank <= ${REPORT_CONVERSATIONS}
      order by t.reported_user_id, t.talk_rank, s.rn`,
  );
  const iso = (value: Date | string) => new Date(value).toISOString();
  const talksOf = new Map<string, ReportConversation[]>();
  for (const row of sampleRows) {
    const talks = talksOf.get(row.reported_user_id) ?? [];
    talksOf.set(row.reported_user_id, talks);
    let talk = talks.at(-1);
    if (talk?.conversationId !== row.conversation_id) {
      talk = {
        conversationId: row.conversation_id,
        subject: subjectCard(row),
        reporterCompany: row.reporter_company || "Setu member",
        reports: Number(row.reports),
        newestAt: iso(row.newest),
        oldestAt: iso(row.oldest),
        samples: [],
      };
      talks.push(talk);
    }
    talk.samples.push({
      id: row.id,
      status: row.status,
      reason: row.reason,
      createdAt: iso(row.created_at),
      messageBody: row.body,
      messageAt: iso(row.message_at),
    });
  }
  const groups = page.map((g) => ({
    reportedUserId: g.reported_user_id,
    reportedCompany: g.reported_company || "Setu member",
    reports: Number(g.reports),
    reporters: Number(g.reporters),
    conversations: Number(g.conversations),
    newestAt: iso(g.newest),
    oldestAt: iso(g.oldest),
    through: g.through,
    shown: talksOf.get(g.reported_user_id) ?? [],
  }));
  const last = page.at(-1)!;
  return { groups, next: groupRows.length > page.length ? `${last.through}_${last.reported_user_id}` : null };
}

/**
 * Resolves a member's open reports up to `through` (the newest the administrator saw in the group): one received
 * since stays open. Nothing to resolve is not found (404).
 */
export async function resolveReportGroup(
  db: Db,
  actor: { isAdmin: boolean },
  reportedUserId: string,
  through: string,
): Promise<MessagingResult<number>> {
  if (!actor.isAdmin) return refused(404, "Not found");
  const upTo = microsecondTime(through);
  if (!upTo || !/^[A-Za-z0-9_-]{1,64}$/.test(reportedUserId)) return refused(404, "Reports not found");
  const updated = await db
    .update(messageReports)
    .set({ status: "resolved" })
    .where(
      and(
        eq(messageReports.status, "open"),
        eq(messageReports.reportedUserId, reportedUserId),
        sql`${messageReports.createdAt} <= ${upTo}::timestamptz`,
      ),
    )
    .returning({ id: messageReports.id });
  if (updated.length === 0) return refused(404, "Reports not found");
  const count = updated.length;
  return {
    ok: true,
    message: `${count.toLocaleString("en-US")} ${count === 1 ? "report" : "reports"} resolved`,
    value: count,
  };
}

export async function resolveReport(db: Db, actor: { isAdmin: boolean }, reportId: string): Promise<MessagingResult> {
  if (!actor.isAdmin) return refused(404, "Not found");
  if (!isUuid(reportId)) return refused(404, "Report not found");
  const updated = await db
    .update(messageReports)
    .set({ status: "resolved" })
    .where(eq(messageReports.id, reportId))
    .returning({ id: messageReports.id });
  if (updated.length === 0) return refused(404, "Report not found");
  return { ok: true, message: "Report resolved", value: undefined };
}
