import type { SQL, SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** A conversation's columns as the calling statement names them. */
export type ConversationColumns = { sellerId: SQLWrapper; subjectType: SQLWrapper; subjectId: SQLWrapper };

/**
 * What messaging needs to know of the things a conversation is about (record 0049). A product, a store and an RFQ
 * with its quotes are kept by domains above messaging, so the caller gives their facts (`conversationSubjects` in
 * app/modules/conversation-subjects); messaging keeps the rules of who may talk to whom about what, and reads each
 * page in one statement with the fragments given here.
 */
export type ConversationSubjects = {
  /** a product's seller and status (null: none) */
  productSeller(db: Db, productId: string): Promise<{ sellerId: string; status: string } | null>;
  /** a store's seller and status (null: none) */
  storeSeller(db: Db, storeId: string): Promise<{ sellerId: string; status: string } | null>;
  /** an RFQ's buyer (null: none) */
  rfqBuyer(db: Db, rfqId: string): Promise<string | null>;
  /** whether the supplier quoted on the RFQ */
  hasQuoted(db: Db, rfqId: string, sellerId: string): Promise<boolean>;
  /** a quote's parties and RFQ (null: none) */
  quoteParties(db: Db, quoteId: string): Promise<{ sellerId: string; rfqId: string; buyerId: string } | null>;
  /**
   * The subject's card as a subquery of at most one row, joined laterally per conversation: `title` (text),
   * `image_url` (text), `price_min_cents`, `price_max_cents` (float8), `rfq_id` (a quote's RFQ, uuid).
   */
  card(c: ConversationColumns): SQL;
  /** whether the supplier `me` may not know who the conversation's buyer is (an anonymous RFQ, record 0047) */
  buyerHiddenFrom(me: string, c: ConversationColumns): SQL<boolean>;
};
