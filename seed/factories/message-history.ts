import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversations, messages } from "~/db/schema/messaging";

export type ConversationRow = typeof conversations.$inferSelect;
export type HistoryMessage = { from: "buyer" | "seller"; at: Date; body?: string };
export type ConversationOverrides = {
  buyerId: string;
  sellerId: string;
  subjectType?: ConversationRow["subjectType"];
  subjectId?: string;
  messages?: HistoryMessage[];
  buyerReadAt?: Date | null;
  sellerReadAt?: Date | null;
};

/**
 * A conversation and its messages written straight into the tables, with the markers the messaging domain keeps
 * on the row (last message, first message and first reply) as it would have set them. For tests and the demo seed
 * of what reads conversations (digests, response times) without going through sending.
 */
export async function createConversation(db: Db, overrides: ConversationOverrides): Promise<ConversationRow> {
  const first = overrides.messages?.[0]?.at ?? new Date();
  const [row] = await db
    .insert(conversations)
    .values({
      buyerId: overrides.buyerId,
      sellerId: overrides.sellerId,
      subjectType: overrides.subjectType ?? "store",
      subjectId: overrides.subjectId ?? crypto.randomUUID(),
      createdAt: first,
    })
    .returning();
  let conversation = row!;
  for (const message of overrides.messages ?? []) conversation = await addMessage(db, conversation, message);
  // read markers as given, after the messages (sending marks the sender's side read)
  const read = {
    ...(overrides.buyerReadAt !== undefined && { buyerReadAt: overrides.buyerReadAt }),
    ...(overrides.sellerReadAt !== undefined && { sellerReadAt: overrides.sellerReadAt }),
  };
  if (Object.keys(read).length)
    conversation = (
      await db.update(conversations).set(read).where(eq(conversations.id, conversation.id)).returning()
    )[0]!;
  return conversation;
}

/** One more message in a conversation, moving its markers as sending does (the sender has read up to it). */
export async function addMessage(
  db: Db,
  conversation: Pick<ConversationRow, "id" | "buyerId" | "sellerId">,
  message: HistoryMessage,
): Promise<ConversationRow> {
  const senderId = message.from === "buyer" ? conversation.buyerId : conversation.sellerId;
  const [inserted] = await db
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId,
      body: message.body ?? `A message from the ${message.from}.`,
      createdAt: message.at,
    })
    .returning({ id: messages.id });
  const [updated] = await db
    .update(conversations)
    .set({
      lastMessageAt: message.at,
      lastMessageId: inserted!.id,
      lastSenderId: senderId,
      ...(message.from === "buyer"
        ? {
            buyerReadAt: message.at,
            buyerFirstMessageAt: sql`coalesce(${conversations.buyerFirstMessageAt}, ${message.at.toISOString()}::timestamptz)`,
          }
        : {
            sellerReadAt: message.at,
            sellerFirstReplyAt: sql`case when ${conversations.buyerFirstMessageAt} is null then ${conversations.sellerFirstReplyAt} else coalesce(${conversations.sellerFirstReplyAt}, ${message.at.toISOString()}::timestamptz) end`,
          }),
    })
    .where(eq(conversations.id, conversation.id))
    .returning();
  return updated!;
}
