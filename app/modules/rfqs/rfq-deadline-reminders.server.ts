import { and, eq, notExists, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { closingInstant, formatClosing, formatDeadline } from "~/lib/deadline";
import { notify, sentNotification, type Notifier } from "~/modules/notifications/notifications.server";

/** The reminder's pass runs every 15 minutes (UTC), whichever instance comes first. */
export const RFQ_DEADLINE_REMINDER_CRON = "*/15 * * * *";

/** How long before a deadline closes the buyer is reminded. */
export const RFQ_DEADLINE_REMINDER_HOURS = 24;

/**
 * Reminds each buyer, once per RFQ (its event key), of a published RFQ that closes within the next 24 hours
 * with no quote accepted: a notification and, if wanted, an e-mail. An RFQ closes at its closes_at instant (the
 * end of the deadline day in the buyer's zone, decision record 0025; older rows: the end of the day in UTC), so
 * "closes within 24 hours" is now < closes_at ≤ now + 24 h.
 * Each RFQ is notified in its own transaction. Returns how many buyers were reminded.
 */
export async function remindRfqDeadlines(db: Db, notifier: Notifier, now = new Date()): Promise<number> {
  const closesAt = sql`coalesce(${rfqs.closesAt}, (${rfqs.deadline} + 1)::timestamp at time zone 'UTC')`;
  const earliest = now.toISOString();
  const latest = new Date(now.getTime() + RFQ_DEADLINE_REMINDER_HOURS * 60 * 60 * 1000).toISOString();
  const eventKey = sql<string>`'rfq-deadline:' || ${rfqs.id}`;
  const due = await db
    .select({
      id: rfqs.id,
      buyerId: rfqs.buyerId,
      title: rfqs.title,
      deadline: rfqs.deadline,
      closesAt: rfqs.closesAt,
      timeZone: rfqs.timeZone,
      quotes: db.$count(rfqResponses, eq(rfqResponses.rfqId, rfqs.id)),
    })
    .from(rfqs)
    .where(
      and(
        eq(rfqs.status, "published"),
        sql`${closesAt} > ${earliest}::timestamptz`,
        sql`${closesAt} <= ${latest}::timestamptz`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(rfqResponses)
            .where(and(eq(rfqResponses.rfqId, rfqs.id), eq(rfqResponses.status, "accepted"))),
        ),
        notExists(sentNotification(db, rfqs.buyerId, eventKey)),
      ),
    );
  let reminded = 0;
  for (const rfq of due) {
    const quotes =
      rfq.quotes === 0
        ? "No quotes yet"
        : rfq.quotes === 1
          ? "1 quote is waiting for your decision"
          : `${rfq.quotes} quotes are waiting for your decision`;
    // an RFQ made before time zones closes at the end of its UTC day, and says so
    const body = rfq.timeZone
      ? `"${rfq.title}" closes on ${formatClosing(rfq.closesAt ?? closingInstant(rfq.deadline, rfq.timeZone), rfq.timeZone)}. ${quotes}.`
      : `"${rfq.title}" closes at the end of ${formatDeadline(rfq.deadline)} (UTC). ${quotes}.`;
    await db.transaction((tx) =>
      notify(tx, notifier, {
        userId: rfq.buyerId,
        kind: "rfq_deadline",
        title: `Your RFQ "${rfq.title}" closes within 24 hours`,
        body,
        href: `/rfqs/${rfq.id}`,
        eventKey: `rfq-deadline:${rfq.id}`,
        email: {
          subject: `Your RFQ "${rfq.title}" closes within 24 hours`,
          text: `${body}\n\nReview its quotes before it closes:`,
        },
      }),
    );
    reminded += 1;
  }
  return reminded;
}
