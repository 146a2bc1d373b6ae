import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "~/db/schema/notifications";
import { reviews } from "~/db/schema/reviews";
import { browseProducts } from "~/modules/products/product-search.server";
import { getProductDetail } from "~/modules/products/product-detail.server";
import { getPublicStore } from "~/modules/stores/stores.server";
import { createOrder, forceOrderStatus } from "../../../tests/factories/orders";
import { createProduct } from "../../../seed/factories/products";
import { addProductToStore, createStore } from "../../../seed/factories/stores";
import { createBuyer, createSeller, actorOf as actor, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import type { Db } from "~/db/client.server";
import { parseInput, type CommandResult } from "~/lib/command-result";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { reviewReplySchema, reviewSchema } from "./reviews.schema";
import {
  createReview,
  getOrderReviewPanel,
  replyTarget,
  replyToReview,
  reviewTarget,
  supplierRatings,
} from "./reviews.server";
import { sellerStoreOf } from "~/modules/stores/store-owner.server";

const good = {
  productQuality: "5",
  communication: "4",
  onTimeDelivery: "3",
  body: "Towels as sampled, packed well, two days late.",
};

/** The review form posted as /orders/{id}/review reads it: who may review first, then the form by its schema. */
async function postReview(
  db: Db,
  actor: SessionUser,
  orderId: string,
  values: Record<string, string>,
  notifier: Notifier,
): Promise<CommandResult> {
  const order = await reviewTarget(db, actor, orderId);
  const input = parseInput(reviewSchema, values);
  return !order.ok ? order : input.ok ? createReview(db, order.value, input.value, notifier) : input;
}

/** The reply form posted as the same page reads it. */
async function postReply(
  db: Db,
  actor: SessionUser,
  orderId: string,
  values: Record<string, string>,
  notifier: Notifier,
): Promise<CommandResult> {
  const review = await replyTarget(db, actor, orderId);
  const input = parseInput(reviewReplySchema, values);
  return !review.ok ? review : input.ok ? replyToReview(db, review.value, input.value, notifier) : input;
}

// on both engines (test-database.ts): one review when two tabs post at once: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("reviews on %s", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let notifier: Notifier;
  let buyer: Account;
  let seller: Account;
  let stranger: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ jobs, notifier } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods LLC" });
    seller = await createSeller(database.db, { companyName: "Karur Terry Mills" });
    stranger = await createBuyer(database.db, { companyName: "Austin Linen Co" });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  it("lets only the buyer of a completed order review its supplier, once, and tells the supplier", async () => {
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "delivered",
    });
    expect(await postReview(database.db, actor(buyer), order.id, good, notifier)).toMatchObject({
      ok: false,
      status: 409,
      message: "You can review the supplier once the order is completed.",
    });
    await forceOrderStatus(database.db, order.id, "completed");
    expect(await postReview(database.db, actor(seller), order.id, good, notifier)).toMatchObject({
      ok: false,
      status: 403,
      message: "Only the buyer of this order can review the supplier.",
    });
    // who may review is asked before the form is read: a bad form from the supplier is still a 403
    expect(
      await postReview(database.db, actor(seller), order.id, { ...good, productQuality: "9" }, notifier),
    ).toMatchObject({ ok: false, status: 403 });
    expect(await postReview(database.db, actor(stranger), order.id, good, notifier)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await postReview(database.db, actor(buyer), "not-a-uuid", good, notifier)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await getOrderReviewPanel(database.db, actor(buyer), order.id)).toMatchObject({
      canReview: true,
      review: null,
      canReply: false,
    });

    const refused = await postReview(
      database.db,
      actor(buyer),
      order.id,
      { productQuality: "6", communication: "", onTimeDelivery: "2.5", body: "ok" },
      notifier,
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        productQuality: "Choose a rating for product quality from 1 to 5 stars",
        communication: "Choose a rating for communication from 1 to 5 stars",
        onTimeDelivery: "Choose a rating for on-time delivery from 1 to 5 stars",
        body: "Tell other buyers a little about the order: at least 10 characters",
      },
    });
    expect(
      await postReview(database.db, actor(buyer), order.id, { ...good, body: "x".repeat(2001) }, notifier),
    ).toMatchObject({ ok: false, status: 400 });

    // two tabs posting at once: one review
    const both = await Promise.all([
      postReview(database.db, actor(buyer), order.id, good, notifier),
      postReview(database.db, actor(buyer), order.id, good, notifier),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ status: 409, message: "You have already reviewed this order." });
    expect(await database.db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(told.map((n) => n.title)).toEqual(["Brooklyn Home Goods LLC reviewed your order: 4.0 of 5"]);
    expect(await getOrderReviewPanel(database.db, actor(buyer), order.id)).toMatchObject({
      canReview: false,
      canReply: false,
      review: { productQuality: 5, communication: 4, onTimeDelivery: 3, reply: null },
    });
    expect(await getOrderReviewPanel(database.db, actor(stranger), order.id)).toBeNull();
  });

  it("lets only the order's supplier reply, once, checked", async () => {
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "completed",
    });
    expect(await postReply(database.db, actor(seller), order.id, { reply: "Thank you" }, notifier)).toMatchObject({
      ok: false,
      status: 404,
      message: "This order has no review to reply to yet.",
    });
    expect((await postReview(database.db, actor(buyer), order.id, good, notifier)).ok).toBe(true);
    expect(await getOrderReviewPanel(database.db, actor(seller), order.id)).toMatchObject({
      canReply: true,
      canReview: false,
    });
    expect(await postReply(database.db, actor(buyer), order.id, { reply: "Me too" }, notifier)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await postReply(database.db, actor(stranger), order.id, { reply: "Hi" }, notifier)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await postReply(database.db, actor(seller), order.id, { reply: "   " }, notifier)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reply: "Write your reply" },
    });
    expect(
      await postReply(
        database.db,
        actor(seller),
        order.id,
        { reply: "Thank you: the delay was the port's, we now ship a week early." },
        notifier,
      ),
    ).toMatchObject({ ok: true, message: "Reply published" });
    expect(await postReply(database.db, actor(seller), order.id, { reply: "Again" }, notifier)).toMatchObject({
      ok: false,
      status: 409,
      message: "You have already replied to this review.",
    });
    const panel = await getOrderReviewPanel(database.db, actor(buyer), order.id);
    expect(panel!.review!.reply).toBe("Thank you: the delay was the port's, we now ship a week early.");
    expect(panel!.review!.repliedAt).not.toBeNull();
  });

  it("shows the supplier's real average and count on its store page, store and marketplace cards and product page; none before the first review", async () => {
    const supplier = await createSeller(database.db, { companyName: "Panipat Rugs", verificationStatus: "verified" });
    const store = await createStore(database.db, { sellerId: supplier.user.id, name: "Panipat Rugs Store" });
    const product = await createProduct(database.db, {
      sellerId: supplier.user.id,
      name: `Hand-tufted wool rug ${Date.now()}`,
      category: "home-textiles",
    });
    await addProductToStore(database.db, { storeId: store.id, productId: product.id });

    const before = await getPublicStore(database.db, store.id, null);
    expect(before!.rating).toBeNull();
    expect(before!.reviews).toEqual([]);
    expect(before!.products[0]!.supplierRating).toBeNull();
    expect((await getProductDetail(database.db, product.id, sellerStoreOf))!.supplier.rating).toBeNull();

    // overall = the mean of the three criteria: (5+4+3)/3 = 4.0 and (4+4+5)/3 = 4.33 → 4.2 together
    for (const ratings of [
      good,
      {
        productQuality: "4",
        communication: "4",
        onTimeDelivery: "5",
        body: "Good rugs, answered every question the same day.",
      },
    ]) {
      const order = await createOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: supplier.user.id,
        status: "completed",
      });
      expect((await postReview(database.db, actor(buyer), order.id, ratings, notifier)).ok).toBe(true);
    }
    const after = await getPublicStore(database.db, store.id, null);
    expect(after!.rating).toEqual({ average: 4.2, count: 2, productQuality: 4.5, communication: 4, onTimeDelivery: 4 });
    expect(after!.reviews.map((r) => r.buyerCompany)).toEqual(["Brooklyn Home Goods LLC", "Brooklyn Home Goods LLC"]);
    expect(after!.products[0]!.supplierRating).toEqual({ average: 4.2, count: 2 });
    expect((await getProductDetail(database.db, product.id, sellerStoreOf))!.supplier.rating).toEqual({
      average: 4.2,
      count: 2,
    });
    const page = await browseProducts(database.db, {
      q: product.name,
      category: null,
      min: null,
      max: null,
      sort: "newest",
      page: 1,
    });
    expect(page.items.find((p) => p.id === product.id)!.supplierRating).toEqual({ average: 4.2, count: 2 });
    const ratings = await supplierRatings(database.db, [supplier.user.id, stranger.user.id]);
    expect([...ratings.keys()]).toEqual([supplier.user.id]);
  });
});
