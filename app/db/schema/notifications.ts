import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const NOTIFICATION_KINDS = [
  "quote_received",
  "quote_accepted",
  "quote_declined",
  "order_status",
  "new_message",
  "rfq_deadline",
  "rfq_matched",
  "verification_decided",
  "verification_requested",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the bell counts and /notifications lists: one row per user and event, linking to its subject. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<NotificationKind>(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    // the title and body as keys with their values (the notifications module's TranslatedNotice), so the list reads
    // in the reader's language; none on a notice written before it (or whose words are only English): shown as written
    translated: jsonb("translated"),
    href: text("href").notNull(),
    // the event it is about, so the same event never notifies twice (e.g. the deadline reminder)
    eventKey: text("event_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('quote_received', 'quote_accepted', 'quote_declined', 'order_status', 'new_message', 'rfq_deadline', 'rfq_matched', 'verification_decided', 'verification_requested')`,
    ),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_user_event_idx")
      .on(t.userId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
  ],
);

/** Which e-mails a user wants; a user without a row gets every kind (the defaults). */
export const emailPreferences = pgTable("email_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  quoteReceived: boolean("quote_received").notNull().default(true),
  quoteDecided: boolean("quote_decided").notNull().default(true),
  orderStatus: boolean("order_status").notNull().default(true),
  newMessage: boolean("new_message").notNull().default(true),
  rfqDeadline: boolean("rfq_deadline").notNull().default(true),
  rfqMatched: boolean("rfq_matched").notNull().default(true),
  messageDigest: boolean("message_digest").notNull().default(true),
  verification: boolean("verification").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser's Web Push subscription (issue #43 item 4): one row per account and device, its endpoint the push
 * service's address for that browser (unique: a device signed in to another account passes to it).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    // the browser's keys for the payload's encryption (RFC 8291), base64url as PushSubscription.toJSON() gives them
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // which device it is, as its browser says (shown to its owner, never trusted)
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
