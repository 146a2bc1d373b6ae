import { sql, type SQLWrapper } from "drizzle-orm";
import type { ConversationSubjects } from "~/modules/messaging/conversation-subjects.server";
import { orderOnRfqWith, orderSubjectCardOf } from "~/modules/orders/order-party.server";
import { productSellerOf, productSubjectCardOf } from "~/modules/products/product-owner.server";
import {
  buyerHiddenOnRfq,
  hasQuotedOn,
  quotePartiesOf,
  quoteSubjectCardOf,
  rfqBuyerOf,
  rfqSubjectCardOf,
  rfqTitleOf,
} from "~/modules/rfqs/rfq-owner.server";
import { storeSellerOf, storeSubjectCardOf } from "~/modules/stores/store-owner.server";

/**
 * The things a conversation may be about, each read by the domain that keeps it (record 0049): products, stores, RFQs
 * and their quotes sit above messaging, so the pages and the digest job give messaging this. Each card is one
 * subquery of its owner's, on one row shape.
 */
export const conversationSubjects: ConversationSubjects = {
  productSeller: productSellerOf,
  storeSeller: storeSellerOf,
  rfqBuyer: rfqBuyerOf,
  hasQuoted: hasQuotedOn,
  quoteParties: quotePartiesOf,
  card: ({ subjectType: type, subjectId: id }) => sql`
    select p.title, p.image_url, p.price_min_cents, p.price_max_cents, null::uuid as rfq_id
      from (${productSubjectCardOf(id)}) p where ${type} = 'product'
    union all select s.title, s.image_url, null, null, null from (${storeSubjectCardOf(id)}) s where ${type} = 'store'
    union all select r.title, null, null, null, null from (${rfqSubjectCardOf(id)}) r where ${type} = 'rfq'
    union all select q.title, null, null, null, q.rfq_id from (${quoteSubjectCardOf(id)}) q where ${type} = 'quote'
    union all select o.title, null, null, null, null
      from (${orderSubjectCardOf(id, (rfqId: SQLWrapper) => rfqTitleOf(rfqId))}) o where ${type} = 'order'`,
  buyerHiddenFrom: (me, c) => buyerHiddenOnRfq(me, c, orderOnRfqWith),
};
