import { and, eq, type SQL } from "drizzle-orm";
import { rfqs } from "~/db/schema/rfqs";

/** The one ownership condition on RFQs: the RFQ (or, without an id, every RFQ) the acting buyer posted. */
export function rfqOwnedBy(actor: { id: string }, rfqId?: string): SQL {
  const own = eq(rfqs.buyerId, actor.id);
  return rfqId === undefined ? own : (and(eq(rfqs.id, rfqId), own) as SQL);
}
