import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import { REPORT_STATUSES } from "../../lib/status-lists";
import { user } from "./auth";

/**
 * One buyer and one supplier talking about one subject (a product, a store, an RFQ, a quote or an order).
 * A pair has at most one conversation per subject. Read markers and the last activity live on the row so
 * the inbox is one indexed query, whatever the number of messages.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subjectType: text("subject_type").notNull().$type<"product" | "store" | "rfq" | "quote" | "order">(),
    subjectId: uuid("subject_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessageId: uuid("last_message_id"),
    lastSenderId: text("last_sender_id"),
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true }),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true }),
    // for the supplier's response time: the buyer's first message, and the supplier's first answer after it
    buyerFirstMessageAt: timestamp("buyer_first_message_at", { withTimezone: true }),
    sellerFirstReplyAt: timestamp("seller_first_reply_at", { withTimezone: true }),
    // until when each party's unread messages were e-mailed (the digest mails each message once)
    buyerEmailedThrough: timestamp("buyer_emailed_through", { withTimezone: true }),
    sellerEmailedThrough: timestamp("seller_emailed_through", { withTimezone: true }),
  },
  (t) => [
    check("conversations_subject_type_check", sql`${t.subjectType} in ('product', 'store', 'rfq', 'quote', 'order')`),
    check("conversations_parties_check", sql`${t.buyerId} <> ${t.sellerId}`),
    uniqueIndex("conversations_pair_subject_idx").on(t.buyerId, t.sellerId, t.subjectType, t.subjectId),
    index("conversations_buyer_activity_idx").on(t.buyerId, t.lastMessageAt, t.id),
    index("conversations_seller_activity_idx").on(t.sellerId, t.lastMessageAt, t.id),
    index("conversations_seller_first_message_idx").on(t.sellerId, t.buyerFirstMessageAt),
  ],
);

/** One user blocked another: no new messages either way; their conversations stay readable. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("messages_body_length_check", sql`char_length(${t.body}) <= 5000`),
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt, t.id),
    index("messages_sender_created_idx").on(t.senderId, t.createdAt),
  ],
);

/** A file sent with a message: an image (re-encoded as uploads are) or a PDF, kept in the blob storage. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  },
  (t) => [
    check("message_attachments_type_check", sql`${t.contentType} in ('image/webp', 'application/pdf')`),
    index("message_attachments_message_idx").on(t.messageId),
  ],
);

/**
 * A message reported to the administrators by one of the two parties. The reported user (the message's sender) and
 * the conversation are copied from the message, so the administrators' list groups reports by them from one index;
 * no foreign keys of their own: the row goes with its message, which goes with its sender and its conversation.
 */
export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reportedUserId: text("reported_user_id").notNull(),
    conversationId: uuid("conversation_id").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open").$type<(typeof REPORT_STATUSES)[number]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("message_reports_status_check", isOneOf(t.status, REPORT_STATUSES)),
    uniqueIndex("message_reports_once_idx").on(t.messageId, t.reporterId),
    // the administrators' groups: per status, by reported user, their newest and oldest report
    index("message_reports_status_reported_idx").on(t.status, t.reportedUserId, t.createdAt),
  ],
);
