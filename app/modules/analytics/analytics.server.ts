import { storeOwnedBy } from "~/modules/stores/store-owner.server";
import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { minorToDecimalString } from "~/lib/money";
import { pageViewDays } from "~/db/schema/analytics";
import { rfqMatches } from "~/db/schema/matching";
import { orders } from "~/db/schema/orders";
import { ledgerEntries } from "~/db/schema/payments";
import { products } from "~/db/schema/products";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { storeProducts, stores } from "~/db/schema/stores";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import type { AnalyticsWindow, SellerAnalyticsSummary, StoreAnalytics } from "./analytics.schema";

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The start of the window: midnight UTC, `days` days including today. */
function windowStart(now: Date, days: number): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
}

/**
 * A store's analytics for its owner over the last `days` days (issue #23.3), in seven statements whatever the
 * store's size: views and QR scans come from the daily counts (page_view_days), the rest is the seller's
 * business across their stores: RFQs matched to them, quotes sent and how many won, how fast they first quoted,
 * and the money released to them from escrow. Null when the store is not the actor's (or does not exist).
 */
export async function storeAnalytics(
  db: Db,
  actor: SessionUser,
  storeId: string,
  days: AnalyticsWindow,
  now = new Date(),
): Promise<StoreAnalytics | null> {
  if (!UUID.test(storeId)) return null;
  const [store] = await db.select({ id: stores.id }).from(stores).where(storeOwnedBy(actor, storeId)).limit(1);
  if (!store) return null;
  const since = windowStart(now, days);
  const sellerId = actor.id;

  const sinceDay = since.toISOString().slice(0, 10);
  const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [storeDays, top, matched, quotes, firstResponse, revenue] = await Promise.all([
    db
      .select({ day: pageViewDays.day, kind: pageViewDays.kind, views: pageViewDays.views })
      .from(pageViewDays)
      .where(
        and(
          inArray(pageViewDays.kind, ["store", "qr"]),
          eq(pageViewDays.subjectId, storeId),
          gte(pageViewDays.day, sinceDay),
        ),
      ),
    db
      .select({
        id: products.id,
        name: products.name,
        views: sql<number>`sum(${pageViewDays.views})::int`,
        total: sql<number>`(sum(sum(${pageViewDays.views})) over ())::int`,
      })
      .from(storeProducts)
      .innerJoin(products, eq(products.id, storeProducts.productId))
      .innerJoin(
        pageViewDays,
        and(
          eq(pageViewDays.kind, "product"),
          eq(pageViewDays.subjectId, storeProducts.productId),
          gte(pageViewDays.day, sinceDay),
        ),
      )
      .where(eq(storeProducts.storeId, storeId))
      .groupBy(products.id, products.name)
      .orderBy(desc(sql`sum(${pageViewDays.views})`), products.name)
      .limit(10),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(rfqMatches)
      .where(and(eq(rfqMatches.sellerId, sellerId), gte(rfqMatches.createdAt, since))),
    db
      .select({
        sent: sql<number>`count(*)::int`,
        accepted: sql<number>`(count(*) filter (where ${rfqResponses.status} = 'accepted'))::int`,
        decided: sql<number>`(count(*) filter (where ${rfqResponses.status} in ('accepted', 'declined')))::int`,
      })
      .from(rfqResponses)
      .where(
        and(
          eq(rfqResponses.sellerId, sellerId),
          gte(rfqResponses.createdAt, since),
          ne(rfqResponses.status, "superseded"),
        ),
      ),
    db
      .select({
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (first_quote.at - ${rfqs.createdAt})))`,
      })
      .from(
        db
          .select({ rfqId: rfqResponses.rfqId, at: sql<Date>`min(${rfqResponses.createdAt})`.as("at") })
          .from(rfqResponses)
          .where(and(eq(rfqResponses.sellerId, sellerId), gte(rfqResponses.createdAt, since)))
          .groupBy(rfqResponses.rfqId)
          .as("first_quote"),
      )
      .innerJoin(rfqs, sql`${rfqs.id} = first_quote.rfq_id`),
    db
      .select({ month, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(and(eq(orders.sellerId, sellerId), eq(ledgerEntries.kind, "release"), gte(ledgerEntries.createdAt, since)))
      .groupBy(month),
  ]);

  const byDay = new Map<string, { storeViews: number; qrScans: number }>();
  for (let t = since.getTime(); t <= now.getTime(); t += DAY_MS)
    byDay.set(new Date(t).toISOString().slice(0, 10), { storeViews: 0, qrScans: 0 });
  for (const row of storeDays) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.kind === "qr") entry.qrScans += Number(row.views);
    else entry.storeViews += Number(row.views);
  }
  const daily = [...byDay].map(([d, v]) => ({ day: d, ...v }));

  const cents = new Map(revenue.map((r) => [r.month, Number(r.cents)]));
  const revenueByMonth: StoreAnalytics["revenueByMonth"] = [];
  const cursor = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1));
  while (cursor <= now) {
    const key = cursor.toISOString().slice(0, 7);
    revenueByMonth.push({ month: key, cents: cents.get(key) ?? 0 });
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }

  const q = quotes[0] ?? { sent: 0, accepted: 0, decided: 0 };
  const median = firstResponse[0]?.median;
  return {
    days,
    since: since.toISOString().slice(0, 10),
    storeViews: daily.reduce((sum, d) => sum + d.storeViews, 0),
    qrScans: daily.reduce((sum, d) => sum + d.qrScans, 0),
    daily,
    productViews: Number(top[0]?.total ?? 0),
    topProducts: top.map((p) => ({ id: p.id, name: p.name, views: Number(p.views) })),
    rfqsMatched: Number(matched[0]?.count ?? 0),
    quotesSent: Number(q.sent),
    quotesAccepted: Number(q.accepted),
    quotesDecided: Number(q.decided),
    winRate: Number(q.decided) > 0 ? Number(q.accepted) / Number(q.decided) : null,
    medianFirstResponseSeconds: median === null || median === undefined ? null : Math.round(Number(median)),
    revenueByMonth,
    revenueCents: revenueByMonth.reduce((sum, m) => sum + m.cents, 0),
  };
}

/**
 * The seller dashboard's summary of the last 30 days: page views of all their stores and products, quotes sent and
 * the share of decided ones won; and the store whose Analytics tab shows more.
 */
export async function sellerAnalyticsSummary(
  db: Db,
  actor: SessionUser,
  now = new Date(),
): Promise<SellerAnalyticsSummary> {
  const since = windowStart(now, 30);
  const [views, quotes, first] = await Promise.all([
    db
      .select({ views: sql<number>`coalesce(sum(${pageViewDays.views}), 0)::int` })
      .from(pageViewDays)
      .where(
        and(
          gte(pageViewDays.day, since.toISOString().slice(0, 10)),
          sql`((${pageViewDays.kind} = 'store' and ${pageViewDays.subjectId} in (select ${stores.id} from ${stores} where ${stores.sellerId} = ${actor.id}))
            or (${pageViewDays.kind} = 'product' and ${pageViewDays.subjectId} in (select ${products.id} from ${products} where ${products.sellerId} = ${actor.id})))`,
        ),
      ),
    db
      .select({
        sent: sql<number>`count(*)::int`,
        accepted: sql<number>`(count(*) filter (where ${rfqResponses.status} = 'accepted'))::int`,
        decided: sql<number>`(count(*) filter (where ${rfqResponses.status} in ('accepted', 'declined')))::int`,
      })
      .from(rfqResponses)
      .where(
        and(
          eq(rfqResponses.sellerId, actor.id),
          gte(rfqResponses.createdAt, since),
          ne(rfqResponses.status, "superseded"),
        ),
      ),
    db.select({ id: stores.id }).from(stores).where(storeOwnedBy(actor)).orderBy(stores.createdAt).limit(1),
  ]);
  const q = quotes[0] ?? { sent: 0, accepted: 0, decided: 0 };
  return {
    views: Number(views[0]?.views ?? 0),
    quotesSent: Number(q.sent),
    winRate: Number(q.decided) > 0 ? Number(q.accepted) / Number(q.decided) : null,
    firstStoreId: first[0]?.id ?? null,
  };
}

/** The CSV of a store's analytics: one section per measure, each a header row and its rows. */
export function analyticsCsv(a: StoreAnalytics): string {
  const cell = (v: string | number) => {
    const s = String(v);
    // a cell a spreadsheet would read as a formula is quoted and prefixed (CSV injection)
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows: (string | number)[][] = [
    ["measure", "value"],
    ["window_days", a.days],
    ["since", a.since],
    ["store_views", a.storeViews],
    ["product_views", a.productViews],
    ["qr_scans", a.qrScans],
    ["rfqs_matched", a.rfqsMatched],
    ["quotes_sent", a.quotesSent],
    ["quotes_accepted", a.quotesAccepted],
    ["quotes_decided", a.quotesDecided],
    ["quote_win_rate", a.winRate === null ? "" : a.winRate.toFixed(4)],
    ["median_first_response_seconds", a.medianFirstResponseSeconds ?? ""],
    ["revenue_usd", minorToDecimalString(a.revenueCents)],
    [],
    ["day", "store_views", "qr_scans"],
    ...a.daily.map((d) => [d.day, d.storeViews, d.qrScans]),
    [],
    ["product_id", "product", "views"],
    ...a.topProducts.map((p) => [p.id, p.name, p.views]),
    [],
    ["month", "revenue_usd"],
    ...a.revenueByMonth.map((m) => [m.month, minorToDecimalString(m.cents)]),
  ];
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}
