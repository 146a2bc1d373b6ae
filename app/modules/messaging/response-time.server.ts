import { and, eq, gte, inArray, isNotNull, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversations } from "~/db/schema/messaging";
import { RESPONSE_TIME_WINDOW_DAYS, responseTimeOf, type ResponseTime } from "~/modules/response-times/response-time";

/** The median first reply, in seconds, of the rows' answered conversations (null when none was answered). */
export const medianReplySeconds = () =>
  sql<
    number | null
  >`percentile_cont(0.5) within group (order by extract(epoch from (${conversations.sellerFirstReplyAt} - ${conversations.buyerFirstMessageAt}))) filter (where ${conversations.sellerFirstReplyAt} is not null)`;
export const answeredConversations = () =>
  sql<number>`(count(*) filter (where ${conversations.sellerFirstReplyAt} is not null))::int`;
export const startedConversations = () => sql<number>`count(*)::int`;

/**
 * The conversations buyers started with the supplier(s) in the window (since `now` less the window; the database's
 * clock when `now` is not given): a range of the index on (seller_id, buyer_first_message_at) per supplier.
 */
export function inResponseWindow(sellers: Column | SQL.Aliased | readonly string[], now?: Date): SQL {
  const since = now
    ? sql`${new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * 86_400_000).toISOString()}::timestamptz`
    : sql`now() - make_interval(days => ${RESPONSE_TIME_WINDOW_DAYS})`;
  const seller = Array.isArray(sellers)
    ? inArray(conversations.sellerId, sellers as string[])
    : eq(conversations.sellerId, sellers as Column);
  return and(seller, isNotNull(conversations.buyerFirstMessageAt), gte(conversations.buyerFirstMessageAt, since))!;
}

/**
 * The supplier's reply figures in the window as a subquery aliased "replies", to join laterally per row of a page
 * (one statement for a page of cards, and the conversations table stays messaging's).
 */
export function sellerReplies(db: Pick<Db, "select">, seller: Column) {
  return db
    .select({
      median: medianReplySeconds().as("median"),
      answered: answeredConversations().as("answered"),
      started: startedConversations().as("started"),
    })
    .from(conversations)
    .where(inResponseWindow(seller))
    .as("replies");
}

/** The response times of several suppliers (a page's) in one grouped statement; a supplier without one is absent. */
export async function supplierResponseTimes(
  db: Db,
  sellerIds: readonly string[],
  now?: Date,
): Promise<Map<string, ResponseTime>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      sellerId: conversations.sellerId,
      median: medianReplySeconds(),
      answered: answeredConversations(),
      started: startedConversations(),
    })
    .from(conversations)
    .where(inResponseWindow(ids, now))
    .groupBy(conversations.sellerId);
  const times = new Map<string, ResponseTime>();
  for (const row of rows) {
    const time = responseTimeOf(
      row.median === null ? null : Number(row.median),
      Number(row.answered),
      Number(row.started),
    );
    if (time) times.set(row.sellerId, time);
  }
  return times;
}

export async function supplierResponseTime(db: Db, sellerId: string, now?: Date): Promise<ResponseTime | null> {
  return (await supplierResponseTimes(db, [sellerId], now)).get(sellerId) ?? null;
}
