import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema/profiles";
import { reviews } from "~/db/schema/reviews";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { orderParty } from "~/modules/orders/order-party.server";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
import { reviewReplySchema, reviewSchema, type RatingSummary, type ReviewView } from "./reviews.schema";

export type ReviewResult =
  | { ok: true; message: string }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string>; values: Record<string, unknown> };

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  return fieldErrors;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");


/**
 * The buyer of a completed order rates its supplier: three criteria from 1 to 5 and a text, once per order (the unique
 * order_id makes it once even for two tabs posting together). The supplier is told in the same transaction.
 */
export async function createReview(db: Db, actor: SessionUser, orderId: string, input: Record<string, unknown>, notifier: Notifier): Promise<ReviewResult> {
  const values = { productQuality: text(input.productQuality), communication: text(input.communication), onTimeDelivery: text(input.onTimeDelivery), body: text(input.body) };
  const order = await orderParty(db, actor, orderId);
  if (!order) return { ok: false, status: 404, formError: "Order not found", values };
  if (order.buyerId !== actor.id) return { ok: false, status: 403, formError: "Only the buyer of this order can review the supplier.", values };
  if (order.status !== "completed") return { ok: false, status: 409, formError: "You can review the supplier once the order is completed.", values };
  const parsed = reviewSchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ orderId, buyerId: order.buyerId, sellerId: order.sellerId, ...parsed.data })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning({ id: reviews.id });
    if (!row) return false;
    const [buyer] = await tx.select({ company: profiles.companyName }).from(profiles).where(eq(profiles.userId, order.buyerId)).limit(1);
    const overall = ((parsed.data.productQuality + parsed.data.communication + parsed.data.onTimeDelivery) / 3).toFixed(1);
    await notify(tx, notifier, {
      userId: order.sellerId,
      kind: "order_status",
      title: `${buyer?.company || "Your buyer"} reviewed your order: ${overall} of 5`,
      body: parsed.data.body.slice(0, 300),
      href: `/orders/${orderId}/review`,
      eventKey: `review:${orderId}`,
    });
    return true;
  });
  if (!created) return { ok: false, status: 409, formError: "You have already reviewed this order.", values };
  return { ok: true, message: "Thank you: your review is published on the supplier's store" };
}

/** The supplier replies to the review of one of its orders, once; the buyer is told. */
export async function replyToReview(db: Db, actor: SessionUser, orderId: string, input: Record<string, unknown>, notifier: Notifier): Promise<ReviewResult> {
  const values = { reply: text(input.reply) };
  const order = await orderParty(db, actor, orderId);
  if (!order) return { ok: false, status: 404, formError: "Order not found", values };
  if (order.sellerId !== actor.id) return { ok: false, status: 403, formError: "Only the supplier of this order can reply to its review.", values };
  const [review] = await db.select({ id: reviews.id, reply: reviews.reply }).from(reviews).where(eq(reviews.orderId, orderId)).limit(1);
  if (!review) return { ok: false, status: 404, formError: "This order has no review to reply to yet.", values };
  if (review.reply !== null) return { ok: false, status: 409, formError: "You have already replied to this review.", values };
  const parsed = reviewReplySchema.safeParse(values);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  const replied = await db.transaction(async (tx) => {
    const changed = await tx
      .update(reviews)
      .set({ reply: parsed.data.reply, repliedAt: new Date() })
      .where(and(eq(reviews.id, review.id), isNull(reviews.reply)))
      .returning({ id: reviews.id });
    if (changed.length === 0) return false;
    await notify(tx, notifier, {
      userId: order.buyerId,
      kind: "order_status",
      title: "The supplier replied to your review",
      body: parsed.data.reply.slice(0, 300),
      href: `/orders/${orderId}/review`,
      eventKey: `review-reply:${orderId}`,
    });
    return true;
  });
  if (!replied) return { ok: false, status: 409, formError: "You have already replied to this review.", values };
  return { ok: true, message: "Reply published" };
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  buyerCompany: profiles.companyName,
  productQuality: reviews.productQuality,
  communication: reviews.communication,
  onTimeDelivery: reviews.onTimeDelivery,
  body: reviews.body,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
};

function toView(row: { [K in keyof typeof reviewColumns]: unknown }): ReviewView {
  const r = row as { id: string; orderId: string; buyerCompany: string | null; productQuality: number; communication: number; onTimeDelivery: number; body: string; createdAt: Date; reply: string | null; repliedAt: Date | null };
  return { ...r, buyerCompany: r.buyerCompany || "A buyer", createdAt: r.createdAt.toISOString(), repliedAt: r.repliedAt?.toISOString() ?? null };
}

export type OrderReviewPanel = {
  orderId: string;
  role: "buyer" | "seller";
  /** the buyer may write the review now */
  canReview: boolean;
  /** why the buyer cannot review yet, when not completed */
  notYet: string | null;
  review: ReviewView | null;
  /** the seller may reply now */
  canReply: boolean;
};

/** The order's review and what the viewer may do with it; null for anyone but the order's two parties. */
export async function getOrderReviewPanel(db: Db, actor: SessionUser, orderId: string): Promise<OrderReviewPanel | null> {
  const order = await orderParty(db, actor, orderId);
  if (!order) return null;
  const [row] = await db.select(reviewColumns).from(reviews).leftJoin(profiles, eq(profiles.userId, reviews.buyerId)).where(eq(reviews.orderId, orderId)).limit(1);
  const review = row ? toView(row) : null;
  const role = order.buyerId === actor.id ? "buyer" : "seller";
  return {
    orderId,
    role,
    canReview: role === "buyer" && order.status === "completed" && !review,
    notYet: order.status === "completed" ? null : "Reviews open once the order is completed.",
    review,
    canReply: role === "seller" && review !== null && review.reply === null,
  };
}

/** The three criteria's averages and the overall one (their mean), per review: as SQL over `reviews`, grouped by seller. */
const summaryColumns = {
  count: sql<number>`count(*)::int`,
  average: sql<string>`round(avg((${reviews.productQuality} + ${reviews.communication} + ${reviews.onTimeDelivery})::numeric / 3), 1)`,
  productQuality: sql<string>`round(avg(${reviews.productQuality}), 1)`,
  communication: sql<string>`round(avg(${reviews.communication}), 1)`,
  onTimeDelivery: sql<string>`round(avg(${reviews.onTimeDelivery}), 1)`,
};

/** The ratings of several suppliers (a page's) in one grouped statement; a supplier without reviews is absent. */
export async function supplierRatings(db: Db, sellerIds: readonly string[]): Promise<Map<string, RatingSummary>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sellerId: reviews.sellerId, ...summaryColumns })
    .from(reviews)
    .where(inArray(reviews.sellerId, ids))
    .groupBy(reviews.sellerId);
  return new Map(
    rows.map((r) => [
      r.sellerId,
      { count: Number(r.count), average: Number(r.average), productQuality: Number(r.productQuality), communication: Number(r.communication), onTimeDelivery: Number(r.onTimeDelivery) },
    ]),
  );
}

export const STORE_REVIEWS_LIMIT = 20;

/** A supplier's newest reviews with their replies, for its store page. */
export async function listSupplierReviews(db: Db, sellerId: string, limit = STORE_REVIEWS_LIMIT): Promise<ReviewView[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.buyerId))
    .where(eq(reviews.sellerId, sellerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toView);
}
