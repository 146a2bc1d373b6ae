import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";

/** The one ownership condition on RFQs: the RFQ (or, without an id, every RFQ) the acting buyer posted. */
export function rfqOwnedBy(actor: { id: string }, rfqId?: string): SQL {
  const own = eq(rfqs.buyerId, actor.id);
  return rfqId === undefined ? own : (and(eq(rfqs.id, rfqId), own) as SQL);
}

/** An RFQ's buyer, or null when there is no such RFQ. */
export async function rfqBuyerOf(db: Db, rfqId: string): Promise<string | null> {
  const [row] = await db.select({ buyerId: rfqs.buyerId }).from(rfqs).where(eq(rfqs.id, rfqId)).limit(1);
  return row?.buyerId ?? null;
}

/** Whether the supplier has quoted on the RFQ (a quote of any status). */
export async function hasQuotedOn(db: Db, rfqId: string, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rfqResponses.id })
    .from(rfqResponses)
    .where(and(eq(rfqResponses.rfqId, rfqId), eq(rfqResponses.sellerId, sellerId)))
    .limit(1);
  return Boolean(row);
}

/** A quote's two parties and its RFQ, or null when there is no such quote. */
export async function quotePartiesOf(
  db: Db,
  quoteId: string,
): Promise<{ sellerId: string; rfqId: string; buyerId: string } | null> {
  const [row] = await db
    .select({ sellerId: rfqResponses.sellerId, rfqId: rfqResponses.rfqId, buyerId: rfqs.buyerId })
    .from(rfqResponses)
    .innerJoin(rfqs, eq(rfqs.id, rfqResponses.rfqId))
    .where(eq(rfqResponses.id, quoteId))
    .limit(1);
  return row ?? null;
}

/** An RFQ's title as a scalar subquery on its id (null for none): for a statement that names an RFQ beside its own rows. */
export function rfqTitleOf(rfqId: SQLWrapper): SQL<string | null> {
  return nestedSql(sql<string | null>`(select ${rfqs.title} from ${rfqs} where ${rfqs.id} = ${rfqId})`);
}

/** An RFQ as the subject of a conversation, a subquery of at most one row on its id (`title`). */
export function rfqSubjectCardOf(rfqId: SQLWrapper): SQL {
  return sql`select ${rfqs.title} as title from ${rfqs} where ${rfqs.id} = ${rfqId}`;
}

/** A quote as the subject of a conversation, a subquery of at most one row on its id (`title`: its RFQ's, `rfq_id`). */
export function quoteSubjectCardOf(quoteId: SQLWrapper): SQL {
  return sql`select ${rfqs.title} as title, ${rfqResponses.rfqId} as rfq_id from ${rfqResponses} join ${rfqs} on ${rfqs.id} = ${rfqResponses.rfqId} where ${rfqResponses.id} = ${quoteId}`;
}

/**
 * Whether the supplier `me` may not know who the buyer of a conversation is: it is about an RFQ (or a quote on one)
 * the buyer posted anonymously, and no order joins them on it yet (issue #41, record 0047); `orderJoins` is the
 * orders domain's condition (orderOnRfqWith). The columns are the conversation's, as the calling query names them.
 */
export function buyerHiddenOnRfq(
  me: string,
  c: { sellerId: SQLWrapper; subjectType: SQLWrapper; subjectId: SQLWrapper },
  orderJoins: (rfqId: SQLWrapper, sellerId: SQLWrapper) => SQL<boolean>,
): SQL<boolean> {
  return sql<boolean>`(${c.sellerId} = ${me} and exists (
    select 1 from ${rfqs}
    where ${rfqs.buyerAnonymous}
      and ${rfqs.id} = case ${c.subjectType}
        when 'rfq' then ${c.subjectId}
        when 'quote' then (select ${rfqResponses.rfqId} from ${rfqResponses} where ${rfqResponses.id} = ${c.subjectId})
      end
      and not ${orderJoins(rfqs.id, c.sellerId)}))`;
}

/** What an order's papers print of the RFQ and the quote it came from (each null when the order has none). */
export async function orderOriginFacts(
  db: Db,
  rfqId: string | null,
  quoteId: string | null,
): Promise<{
  title: string | null;
  deliveryLocation: string | null;
  quoteUnitPriceMinor: number | null;
  quoteDeliveryTimeline: string | null;
}> {
  const [rfq] = rfqId
    ? await db
        .select({ title: rfqs.title, deliveryLocation: rfqs.deliveryLocation })
        .from(rfqs)
        .where(eq(rfqs.id, rfqId))
        .limit(1)
    : [];
  const [quote] = quoteId
    ? await db
        .select({ unitPriceMinor: rfqResponses.unitPriceMinor, deliveryTimeline: rfqResponses.deliveryTimeline })
        .from(rfqResponses)
        .where(eq(rfqResponses.id, quoteId))
        .limit(1)
    : [];
  return {
    title: rfq?.title ?? null,
    deliveryLocation: rfq?.deliveryLocation ?? null,
    quoteUnitPriceMinor: quote?.unitPriceMinor ?? null,
    quoteDeliveryTimeline: quote?.deliveryTimeline ?? null,
  };
}
