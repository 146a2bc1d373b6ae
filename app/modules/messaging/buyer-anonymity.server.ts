import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * Whether the supplier `me` may not know who the buyer of a conversation is: it is about an RFQ (or a quote on one)
 * the buyer posted anonymously, and no order joins them on it yet (issue #41, record 0047). The columns are the
 * conversation's, as the calling query names them.
 */
export function buyerHiddenFrom(
  me: string,
  c: { sellerId: SQLWrapper; subjectType: SQLWrapper; subjectId: SQLWrapper },
): SQL<boolean> {
  return sql<boolean>`(${c.sellerId} = ${me} and exists (
    select 1 from rfqs hr
    where hr.buyer_anonymous
      and hr.id = case ${c.subjectType}
        when 'rfq' then ${c.subjectId}
        when 'quote' then (select hq.rfq_id from rfq_responses hq where hq.id = ${c.subjectId})
      end
      and not exists (select 1 from orders ho where ho.rfq_id = hr.id and ho.seller_id = ${c.sellerId})))`;
}
