import { rfqOwnedBy } from "~/modules/rfqs/rfq-owner.server";
import { productOwnedBy } from "~/modules/products/product-owner.server";
import { storeOwnedBy } from "~/modules/stores/store-owner.server";
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  sum,
  type SQL,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { rfqMatches } from "~/db/schema/matching";
import { messageReports } from "~/db/schema/messaging";
import { orderPackingDetails } from "~/db/schema/order-documents";
import { orders } from "~/db/schema/orders";
import { disputes, ledgerEntries, paymentMilestones } from "~/db/schema/payments";
import { reviews } from "~/db/schema/reviews";
import { profiles } from "~/db/schema/profiles";
import { products } from "~/db/schema/products";
import { verificationSubmissions } from "~/db/schema/verifications";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { stores } from "~/db/schema/stores";
import { logger } from "~/logger.server";
import { accountView, type Actor } from "~/modules/accounts/accounts.schema";
import { matchReason } from "~/modules/matching/matching.server";
import { FUNDABLE_ORDER_STATUSES } from "~/lib/status-lists";
import { formatMoney } from "~/lib/money";

/** How many matched RFQs the seller's dashboard lists (the rest are at /rfqs?matched=1). */
const MATCHED_ON_DASHBOARD = 5;

export const RECENT_ACTIVITY_LIMIT = 5;

/** Released and held escrow money of the orders matching `where`, from the ledger (one statement). */
function escrowSums(db: Db, where: SQL | undefined) {
  return db
    .select({
      released: sum(sql`case when ${ledgerEntries.kind} = 'release' then ${ledgerEntries.amountCents} else 0 end`),
      held: sum(
        sql`case ${ledgerEntries.kind} when 'fund' then ${ledgerEntries.amountCents} else -${ledgerEntries.amountCents} end`,
      ),
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(where);
}

const orderName = (title: string | null, id: string) =>
  title ? `"${title}"` : `order ${id.slice(0, 8).toUpperCase()}`;

export type ActivityItem = {
  id: string;
  /** a quote is shown as "Quote for" its RFQ's title, in the reader's language (dashboard:activity.quoteFor) */
  type: "quote" | "rfq";
  /** the RFQ's title, as its buyer wrote it */
  title: string;
  status: string;
  createdAt: string;
  amountCents: number | null;
  href: string;
};

export type SellerDashboard = {
  role: "seller";
  stores: number;
  products: number;
  quotesSubmitted: number;
  /** the value of the seller's orders that are not cancelled */
  orderValueCents: number;
  /** money released to the seller from escrow (the ledger's releases): revenue is money received */
  revenueCents: number;
  /** money buyers hold in escrow for the seller's orders, not released yet */
  heldCents: number;
  /** what waits for the seller: orders to confirm, packing details to enter, orders to ship */
  actionNeeded: ActionItem[];
  activity: ActivityItem[];
  /** the first steps of a new seller, in order; the checklist shows until every one is done */
  onboarding: { step: OnboardingStep; done: boolean }[];
  /** the latest open RFQs matched to the seller's catalogue, with the reason (issue #23) */
  matched: { id: string; title: string; reason: string; closesAt: string }[];
};
export type OnboardingStep = "verify" | "store" | "products" | "quote";

export type AdminDashboard = {
  role: "admin";
  pendingVerifications: number;
  openReports: number;
  openDisputes: number;
  users: number;
  sellers: number;
  activeProducts: number;
  /** the published RFQs of the public board: what every supplier may quote on (direct inquiries are not among them) */
  openRfqs: number;
  /** published direct inquiries, each addressed to one supplier (record 0054): a channel of its own, counted apart */
  openDirectInquiries: number;
  orders: number;
};
export type BuyerDashboard = {
  role: "buyer";
  activeRfqs: number;
  orders: number;
  suppliers: number;
  /** the value of the buyer's orders that are not cancelled */
  orderValueCents: number;
  /** money released from the buyer's escrow to suppliers (the ledger's releases): spend is money paid */
  spendCents: number;
  /** the buyer's money held in escrow, not released yet */
  heldCents: number;
  activity: ActivityItem[];
  /** what waits for the buyer: milestones to fund, deliveries to confirm, suppliers to review */
  actionNeeded: ActionItem[];
};

/** One thing a user should do now, linking to where it is done. */
export type ActionItem = { key: string; text: string; href: string };

/** How many "Action needed" items the dashboard lists (the rest are on /orders). */
export const ACTION_NEEDED_LIMIT = 8;

export const DASHBOARD_LOAD_FAILED = "Failed to load dashboard data";

/** loadDashboard for the page: a failure is logged and becomes the spec's message instead of the generic error page. */
export async function loadDashboardForPage(
  db: Db,
  user: Actor,
  now = new Date(),
  view = accountView(user.profile),
): Promise<
  | { ok: true; dashboard: SellerDashboard | BuyerDashboard | AdminDashboard }
  | { ok: false; message: typeof DASHBOARD_LOAD_FAILED }
> {
  try {
    return {
      ok: true,
      dashboard: user.isAdmin ? await loadAdminDashboard(db, user) : await loadDashboard(db, user, now, view),
    };
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "dashboard failed to load");
    return { ok: false, message: DASHBOARD_LOAD_FAILED };
  }
}

/**
 * Role-specific counts and the latest activity; a fixed number of queries whatever the data size.
 * Seller: Quotes Submitted leaves out withdrawn quotes; Order value sums the seller's orders that are not cancelled
 * (called Revenue once payments exist: an order placed is not money received).
 * Buyer: Active RFQs are published and not past their deadline (an expired RFQ takes no quotes);
 * Suppliers and Order value count the orders that are not cancelled; Orders counts every order.
 */
export async function loadDashboard(
  db: Db,
  user: Actor,
  now = new Date(),
  view = accountView(user.profile),
): Promise<SellerDashboard | BuyerDashboard> {
  if (accountView(user.profile, view) === "seller") {
    const [[storeCount], [productCount], [quoteCount], [revenue], recent, matched, [escrow], waiting] =
      await Promise.all([
        db.select({ n: count() }).from(stores).where(storeOwnedBy(user)),
        db.select({ n: count() }).from(products).where(productOwnedBy(user)),
        db
          .select({ n: count() })
          .from(rfqResponses)
          .where(and(eq(rfqResponses.sellerId, user.id), notInArray(rfqResponses.status, ["withdrawn", "superseded"]))),
        db
          .select({ total: sum(orders.totalCents) })
          .from(orders)
          .where(and(eq(orders.sellerId, user.id), ne(orders.status, "cancelled"))),
        db
          .select({
            id: rfqResponses.id,
            rfqId: rfqResponses.rfqId,
            status: rfqResponses.status,
            createdAt: rfqResponses.createdAt,
            priceCents: rfqResponses.priceCents,
            title: rfqs.title,
          })
          .from(rfqResponses)
          .innerJoin(rfqs, eq(rfqs.id, rfqResponses.rfqId))
          .where(eq(rfqResponses.sellerId, user.id))
          .orderBy(desc(rfqResponses.createdAt), desc(rfqResponses.id))
          .limit(RECENT_ACTIVITY_LIMIT),
        // matched RFQs and the direct inquiries addressed to the seller (issue #41.3), newest first
        db
          .select({
            id: rfqs.id,
            title: rfqs.title,
            closesAt: rfqs.closesAt,
            productNames: rfqMatches.productNames,
            inquiryProduct: sql<
              string | null
            >`case when ${rfqs.addressedSellerId} = ${user.id} then coalesce(${products.name}, ${rfqs.title}) end`,
          })
          .from(rfqs)
          .leftJoin(rfqMatches, and(eq(rfqMatches.rfqId, rfqs.id), eq(rfqMatches.sellerId, user.id)))
          .leftJoin(products, eq(products.id, rfqs.productId))
          .where(
            and(
              or(eq(rfqs.addressedSellerId, user.id), isNotNull(rfqMatches.rfqId)),
              eq(rfqs.status, "published"),
              gt(rfqs.closesAt, now),
            ),
          )
          .orderBy(desc(sql`coalesce(${rfqMatches.createdAt}, ${rfqs.createdAt})`), desc(rfqs.id))
          .limit(MATCHED_ON_DASHBOARD),
        escrowSums(db, eq(orders.sellerId, user.id)),
        db
          .select({ id: orders.id, status: orders.status, title: rfqs.title })
          .from(orders)
          .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
          .leftJoin(orderPackingDetails, eq(orderPackingDetails.orderId, orders.id))
          .where(
            and(
              eq(orders.sellerId, user.id),
              or(
                inArray(orders.status, ["placed", "ready_to_ship"]),
                and(inArray(orders.status, ["confirmed", "in_production"]), isNull(orderPackingDetails.orderId)),
              ),
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .limit(ACTION_NEEDED_LIMIT),
      ]);
    return {
      role: "seller",
      stores: storeCount?.n ?? 0,
      products: productCount?.n ?? 0,
      quotesSubmitted: quoteCount?.n ?? 0,
      orderValueCents: Number(revenue?.total ?? 0),
      activity: recent.map((r) => ({
        id: r.id,
        type: "quote",
        title: r.title,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        amountCents: r.priceCents,
        href: `/rfqs/${r.rfqId}`,
      })),
      onboarding: [
        { step: "verify", done: user.profile.verificationStatus === "verified" },
        { step: "store", done: (storeCount?.n ?? 0) > 0 },
        { step: "products", done: (productCount?.n ?? 0) > 0 },
        { step: "quote", done: (quoteCount?.n ?? 0) > 0 },
      ],
      revenueCents: Number(escrow?.released ?? 0),
      heldCents: Number(escrow?.held ?? 0),
      actionNeeded: waiting.map((o) => ({
        key: `${o.id}:${o.status}`,
        text:
          o.status === "placed"
            ? `Confirm or decline ${orderName(o.title, o.id)}`
            : o.status === "ready_to_ship"
              ? `Ship ${orderName(o.title, o.id)} with its bill of lading`
              : `Enter the packing details of ${orderName(o.title, o.id)} for its packing list`,
        href: `/orders/${o.id}`,
      })),
      matched: matched.map((m) => ({
        id: m.id,
        title: m.title,
        reason: m.inquiryProduct
          ? `Direct inquiry: a buyer asks you for a quote on ${m.inquiryProduct}`
          : matchReason(m.productNames ?? []),
        closesAt: (m.closesAt ?? now).toISOString(),
      })),
    };
  }
  const [[active], [orderStats], recent, [escrow], toFund, toFinish] = await Promise.all([
    db
      .select({ n: count() })
      .from(rfqs)
      // open until its closing instant (the end of the deadline day in the buyer's zone; older rows: in UTC)
      .where(
        and(
          eq(rfqs.buyerId, user.id),
          eq(rfqs.status, "published"),
          sql`coalesce(${rfqs.closesAt}, (${rfqs.deadline} + 1)::timestamp at time zone 'UTC') > ${now.toISOString()}::timestamptz`,
        ),
      ),
    db
      .select({
        n: count(),
        suppliers: countDistinct(sql`case when ${orders.status} <> 'cancelled' then ${orders.sellerId} end`),
        spend: sum(sql`case when ${orders.status} <> 'cancelled' then ${orders.totalCents} else 0 end`),
      })
      .from(orders)
      .where(eq(orders.buyerId, user.id)),
    db
      .select({
        id: rfqs.id,
        title: rfqs.title,
        status: rfqs.status,
        createdAt: rfqs.createdAt,
        budgetMaxCents: rfqs.budgetMaxCents,
      })
      .from(rfqs)
      .where(rfqOwnedBy(user))
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(RECENT_ACTIVITY_LIMIT),
    escrowSums(db, eq(orders.buyerId, user.id)),
    db
      .select({
        id: orders.id,
        title: rfqs.title,
        label: paymentMilestones.label,
        amountCents: paymentMilestones.amountCents,
        position: paymentMilestones.position,
      })
      .from(paymentMilestones)
      .innerJoin(orders, eq(orders.id, paymentMilestones.orderId))
      .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
      .where(
        and(
          eq(orders.buyerId, user.id),
          eq(paymentMilestones.state, "awaiting_funds"),
          inArray(orders.status, [...FUNDABLE_ORDER_STATUSES]),
          // one at a time: the balance is due once the advance is in, not beside it
          sql`not exists (select 1 from ${paymentMilestones} earlier where earlier.order_id = ${paymentMilestones.orderId} and earlier.position < ${paymentMilestones.position} and earlier.state = 'awaiting_funds')`,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(paymentMilestones.position))
      .limit(ACTION_NEEDED_LIMIT),
    db
      .select({ id: orders.id, status: orders.status, title: rfqs.title })
      .from(orders)
      .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
      .leftJoin(reviews, eq(reviews.orderId, orders.id))
      .where(
        and(
          eq(orders.buyerId, user.id),
          or(eq(orders.status, "delivered"), and(eq(orders.status, "completed"), isNull(reviews.orderId))),
        ),
      )
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(ACTION_NEEDED_LIMIT),
  ]);
  const actionNeeded: ActionItem[] = [
    ...toFund.map((m) => ({
      key: `${m.id}:fund:${m.position}`,
      text: `Fund ${m.label.toLowerCase()} of ${orderName(m.title, m.id)}: ${formatMoney(m.amountCents)} into escrow`,
      href: `/orders/${m.id}`,
    })),
    ...toFinish.map((o) => ({
      key: `${o.id}:${o.status}`,
      text:
        o.status === "delivered"
          ? `Confirm the delivery of ${orderName(o.title, o.id)} and complete it`
          : `Review the supplier of ${orderName(o.title, o.id)}`,
      href: `/orders/${o.id}`,
    })),
  ].slice(0, ACTION_NEEDED_LIMIT);
  return {
    role: "buyer",
    spendCents: Number(escrow?.released ?? 0),
    heldCents: Number(escrow?.held ?? 0),
    actionNeeded,
    activeRfqs: active?.n ?? 0,
    orders: orderStats?.n ?? 0,
    suppliers: Number(orderStats?.suppliers ?? 0),
    orderValueCents: Number(orderStats?.spend ?? 0),
    activity: recent.map((r) => ({
      id: r.id,
      type: "rfq",
      title: r.title,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      amountCents: r.budgetMaxCents,
      href: `/rfqs/${r.id}`,
    })),
  };
}

/** An administrator's landing page: what waits for them and the size of the marketplace, in one statement. */
export async function loadAdminDashboard(db: Db, actor: { isAdmin: boolean }): Promise<AdminDashboard> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const n = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
  const [row] = await db
    .select({
      // profiles awaiting a first verification, and verified sellers' change requests (issue #38)
      pendingVerifications: n(
        sql`select (select count(*) from ${profiles} where ${profiles.verificationStatus} = 'pending') + (select count(*) from ${verificationSubmissions} where ${verificationSubmissions.kind} = 'change' and ${verificationSubmissions.status} = 'pending')`,
      ),
      openReports: n(sql`select count(*) from ${messageReports} where ${messageReports.status} = 'open'`),
      openDisputes: n(sql`select count(*) from ${disputes} where ${disputes.status} = 'open'`),
      users: n(sql`select count(*) from ${userTable}`),
      sellers: n(sql`select count(*) from ${profiles} where ${profiles.isSeller}`),
      activeProducts: n(sql`select count(*) from ${products} where ${products.status} = 'active'`),
      // the public board as /rfqs shows it to suppliers; a direct inquiry reaches one supplier and is counted apart
      openRfqs: n(
        sql`select count(*) from ${rfqs} where ${rfqs.status} = 'published' and ${rfqs.addressedSellerId} is null`,
      ),
      openDirectInquiries: n(
        sql`select count(*) from ${rfqs} where ${rfqs.status} = 'published' and ${rfqs.addressedSellerId} is not null`,
      ),
      orders: n(sql`select count(*) from ${orders}`),
    })
    .from(sql`(select 1) as one`);
  return { role: "admin", ...row! };
}
