import { and, desc, eq, inArray, isNull, sql, type Column } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companyNameOf, findProfile } from "~/modules/accounts/profiles.server";
import { reviews } from "~/db/schema/reviews";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { orderParty } from "~/modules/orders/order-party.server";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
import type { CommandRefusal, CommandResult } from "~/lib/command-result";
import type { RatingSummary, ReviewInput, ReviewReplyInput, ReviewView } from "./reviews.schema";

const refused = (status: number, message: string): CommandRefusal => ({ ok: false, status, message, fieldErrors: {} });

/** An order its buyer may review: what createReview needs of it. */
export type ReviewTarget = { orderId: string; buyerId: string; sellerId: string };

/**
 * The order the actor may review: theirs as its buyer, completed (404, 403, 409 otherwise). Asked before the review
 * form is read, so that someone who may not review is told so whatever they posted.
 */
export async function reviewTarget(db: Db, actor: SessionUser, orderId: string): Promise<CommandResult<ReviewTarget>> {
  const order = await orderParty(db, actor, orderId);
  if (!order) return refused(404, "Order not found");
  if (order.buyerId !== actor.id) return refused(403, "Only the buyer of this order can review the supplier.");
  if (order.status !== "completed") return refused(409, "You can review the supplier once the order is completed.");
  return { ok: true, message: "", value: { orderId, buyerId: order.buyerId, sellerId: order.sellerId } };
}

/**
 * The buyer of a completed order (reviewTarget) rates its supplier: three criteria from 1 to 5 and a text, once per
 * order (the unique order_id makes it once even for two tabs posting together). The supplier is told in the same
 * transaction.
 */
export async function createReview(
  db: Db,
  order: ReviewTarget,
  input: ReviewInput,
  notifier: Notifier,
): Promise<CommandResult> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ orderId: order.orderId, buyerId: order.buyerId, sellerId: order.sellerId, ...input })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning({ id: reviews.id });
    if (!row) return false;
    const buyer = await findProfile(tx, order.buyerId);
    const overall = ((input.productQuality + input.communication + input.onTimeDelivery) / 3).toFixed(1);
    await notify(tx, notifier, {
      userId: order.sellerId,
      kind: "order_status",
      title: `${buyer?.companyName || "Your buyer"} reviewed your order: ${overall} of 5`,
      body: input.body.slice(0, 300),
      // a push in the supplier's language (record 0058); the review itself as the buyer wrote it
      translated: {
        title: "emails:review.title",
        params: { buyer: buyer?.companyName || { key: "emails:review.yourBuyer" }, overall },
      },
      href: `/orders/${order.orderId}/review`,
      eventKey: `review:${order.orderId}`,
    });
    return true;
  });
  if (!created) return refused(409, "You have already reviewed this order.");
  return { ok: true, message: "Thank you: your review is published on the supplier's store", value: undefined };
}

/** A review its supplier may reply to: what replyToReview needs of it. */
export type ReplyTarget = { orderId: string; buyerId: string; reviewId: string };

/**
 * The review of one of the actor's orders as its supplier, not yet replied to (404, 403, 409 otherwise). Asked before
 * the reply form is read.
 */
export async function replyTarget(db: Db, actor: SessionUser, orderId: string): Promise<CommandResult<ReplyTarget>> {
  const order = await orderParty(db, actor, orderId);
  if (!order) return refused(404, "Order not found");
  if (order.sellerId !== actor.id) return refused(403, "Only the supplier of this order can reply to its review.");
  const [review] = await db
    .select({ id: reviews.id, reply: reviews.reply })
    .from(reviews)
    .where(eq(reviews.orderId, orderId))
    .limit(1);
  if (!review) return refused(404, "This order has no review to reply to yet.");
  if (review.reply !== null) return refused(409, "You have already replied to this review.");
  return { ok: true, message: "", value: { orderId, buyerId: order.buyerId, reviewId: review.id } };
}

/** The supplier replies to the review of one of its orders (replyTarget), once; the buyer is told. */
export async function replyToReview(
  db: Db,
  review: ReplyTarget,
  input: ReviewReplyInput,
  notifier: Notifier,
): Promise<CommandResult> {
  const replied = await db.transaction(async (tx) => {
    const changed = await tx
      .update(reviews)
      .set({ reply: input.reply, repliedAt: new Date() })
      .where(and(eq(reviews.id, review.reviewId), isNull(reviews.reply)))
      .returning({ id: reviews.id });
    if (changed.length === 0) return false;
    await notify(tx, notifier, {
      userId: review.buyerId,
      kind: "order_status",
      title: "The supplier replied to your review",
      body: input.reply.slice(0, 300),
      href: `/orders/${review.orderId}/review`,
      eventKey: `review-reply:${review.orderId}`,
    });
    return true;
  });
  if (!replied) return refused(409, "You have already replied to this review.");
  return { ok: true, message: "Reply published", value: undefined };
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  buyerCompany: companyNameOf(reviews.buyerId),
  productQuality: reviews.productQuality,
  communication: reviews.communication,
  onTimeDelivery: reviews.onTimeDelivery,
  body: reviews.body,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
};

function toView(row: { [K in keyof typeof reviewColumns]: unknown }): ReviewView {
  const r = row as {
    id: string;
    orderId: string;
    buyerCompany: string | null;
    productQuality: number;
    communication: number;
    onTimeDelivery: number;
    body: string;
    createdAt: Date;
    reply: string | null;
    repliedAt: Date | null;
  };
  return {
    ...r,
    buyerCompany: r.buyerCompany || "A buyer",
    createdAt: r.createdAt.toISOString(),
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
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
export async function getOrderReviewPanel(
  db: Db,
  actor: SessionUser,
  orderId: string,
): Promise<OrderReviewPanel | null> {
  const order = await orderParty(db, actor, orderId);
  if (!order) return null;
  const [row] = await db.select(reviewColumns).from(reviews).where(eq(reviews.orderId, orderId)).limit(1);
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

/**
 * The supplier's rating (the average of its reviews' three criteria, and their count) as a subquery aliased
 * "ratings", to join laterally per row of a page: an index range on (seller_id, …); the reviews table stays reviews'.
 */
export function sellerRatings(db: Pick<Db, "select">, seller: Column) {
  return db
    .select({
      average: sql<
        string | null
      >`round(avg((${reviews.productQuality} + ${reviews.communication} + ${reviews.onTimeDelivery})::numeric / 3), 1)`.as(
        "average",
      ),
      count: sql<number>`count(*)::int`.as("count"),
    })
    .from(reviews)
    .where(eq(reviews.sellerId, seller))
    .as("ratings");
}

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
      {
        count: Number(r.count),
        average: Number(r.average),
        productQuality: Number(r.productQuality),
        communication: Number(r.communication),
        onTimeDelivery: Number(r.onTimeDelivery),
      },
    ]),
  );
}

export const STORE_REVIEWS_LIMIT = 20;

/** A supplier's newest reviews with their replies, for its store page. */
export async function listSupplierReviews(
  db: Db,
  sellerId: string,
  limit = STORE_REVIEWS_LIMIT,
): Promise<ReviewView[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(eq(reviews.sellerId, sellerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toView);
}
