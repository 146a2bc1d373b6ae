import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getPublicStore } from "~/modules/stores/stores.server";
import { addProductToStore, createStore } from "../../../seed/factories/stores";
import { createProduct } from "../../../seed/factories/products";
import { createConversation, type HistoryMessage } from "../../../seed/factories/message-history";
import { createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { parseProductSearchParams } from "../products/product-search-params";
import { searchProducts } from "../products/product-search.server";
import { listFeaturedProducts } from "../stores/featured-products.server";
import { replyHours, replyTimeLabel, responseTimeOf } from "~/modules/response-times/response-time";
import { supplierResponseTime, supplierResponseTimes } from "./response-time.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("response time labels", () => {
  it("rounds the median up to whole hours, at least one, and waits for five answered conversations", () => {
    expect(replyHours(0)).toBe(1);
    expect(replyHours(3600)).toBe(1);
    expect(replyHours(3601)).toBe(2);
    expect(replyTimeLabel(1)).toBe("Usually replies within 1 hour");
    expect(replyTimeLabel(6)).toBe("Usually replies within 6 hours");
    expect(responseTimeOf(7200, 4, 4)).toBeNull();
    expect(responseTimeOf(null, 0, 3)).toBeNull();
    expect(responseTimeOf(7200, 5, 6)).toEqual({ hours: 2, answered: 5, replyRatePercent: 83 });
  });
});

describe.each(testEngines())("supplier response time on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let fast: Account;
  let few: Account;
  const now = new Date();

  /** A conversation the buyer started `daysAgo`, answered `replyHours` later (never when null). */
  const talk = (seller: Account, daysAgo: number, replyAfterHours: number | null) => {
    const start = new Date(now.getTime() - daysAgo * DAY);
    const history: HistoryMessage[] = [{ from: "buyer", at: start }];
    if (replyAfterHours !== null)
      history.push({ from: "seller", at: new Date(start.getTime() + replyAfterHours * HOUR) });
    return createConversation(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, messages: history });
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    buyer = await createBuyer(database.db, {});
    fast = await createSeller(database.db, { companyName: "Quick Replies Exports" });
    few = await createSeller(database.db, {});
    // answered after 0.5, 1, 2.5, 3 and 30 hours: the median is 2.5 hours, shown as 3
    for (const [daysAgo, after] of [
      [1, 0.5],
      [5, 1],
      [20, 2.5],
      [40, 3],
      [80, 30],
    ] as const)
      await talk(fast, daysAgo, after);
    await talk(fast, 3, null); // unanswered: not in the median, in the reply rate
    await talk(fast, 120, 200); // before the window
    // a conversation the supplier started does not count
    await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: fast.user.id,
      subjectType: "product",
      messages: [{ from: "seller", at: new Date(now.getTime() - DAY) }],
    });
    for (const daysAgo of [1, 2, 3, 4]) await talk(few, daysAgo, 1);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("is the median first reply of answered conversations buyers started in the last 90 days, from five on", async () => {
    expect(await supplierResponseTime(database.db, fast.user.id)).toEqual({
      hours: 3,
      answered: 5,
      replyRatePercent: 83,
    });
    expect(await supplierResponseTime(database.db, few.user.id)).toBeNull();
    const times = await supplierResponseTimes(database.db, [fast.user.id, few.user.id, fast.user.id]);
    expect([...times.keys()]).toEqual([fast.user.id]);
    // 85 days later the 1-, 3- and 5-day-old conversations are all that is left
    expect(await supplierResponseTime(database.db, fast.user.id, new Date(now.getTime() + 85 * DAY))).toBeNull();
  });

  it("shows on the supplier's store page and on its marketplace cards, in the page's one statement", async () => {
    const store = await createStore(database.db, { sellerId: fast.user.id, name: "Quick Replies Store" });
    const product = await createProduct(database.db, { sellerId: fast.user.id, name: "Zephyrine brass diya" });
    await addProductToStore(database.db, { storeId: store.id, productId: product.id });
    const other = await createProduct(database.db, { sellerId: few.user.id, name: "Zephyrine copper bottle" });
    const page = await getPublicStore(database.db, store.id, null);
    expect(page?.responseTime).toEqual({ hours: 3, answered: 5, replyRatePercent: 83 });

    const db = database.db;
    const client = (db as unknown as { session: { client: Record<string, (...args: unknown[]) => unknown> } }).session
      .client;
    const sent = vi.spyOn(client, "unsafe" in client ? "unsafe" : "query");
    try {
      const params = { ...parseProductSearchParams(new URLSearchParams("sort=name")), cursor: null };
      await searchProducts(db, params);
      sent.mockClear();
      const { items } = await searchProducts(db, params);
      expect(sent.mock.calls.length).toBe(1);
      expect(items.find((item) => item.id === product.id)?.supplierReplyHours).toBe(3);
      expect(items.find((item) => item.id === other.id)?.supplierReplyHours).toBeNull();
    } finally {
      sent.mockRestore();
    }
  });

  /** How many statements `work` sends to the database. */
  async function statementsOf(work: () => Promise<unknown>): Promise<number> {
    const client = (database.db as unknown as { session: { client: Record<string, (...args: unknown[]) => unknown> } })
      .session.client;
    const sent = vi.spyOn(client, "unsafe" in client ? "unsafe" : "query");
    try {
      await work();
      return sent.mock.calls.length;
    } finally {
      sent.mockRestore();
    }
  }

  it("shows on every card the supplier's products appear on (home's featured, its store page, browse), in a fixed number of statements", async () => {
    const small = await createStore(database.db, { sellerId: fast.user.id, name: "Quick Replies One" });
    const large = await createStore(database.db, { sellerId: fast.user.id, name: "Quick Replies Four" });
    const fastProducts = [];
    for (let i = 0; i < 4; i++) {
      const product = await createProduct(database.db, {
        sellerId: fast.user.id,
        name: `Quillon card test lamp ${i}`,
        category: "electronics",
      });
      // featured, so home's Featured Products lists it
      await addProductToStore(database.db, { storeId: large.id, productId: product.id, featured: true });
      if (i === 0) await addProductToStore(database.db, { storeId: small.id, productId: product.id });
      fastProducts.push(product);
    }
    const slow = await createProduct(database.db, {
      sellerId: few.user.id,
      name: "Quillon card test fan",
      category: "electronics",
    });
    const slowStore = await createStore(database.db, { sellerId: few.user.id, name: "Slow Replies" });
    await addProductToStore(database.db, { storeId: slowStore.id, productId: slow.id, featured: true });

    // the store page: the supplier's figure once for the page, on each card; one product or four cost the same
    await getPublicStore(database.db, small.id, null);
    const smallStatements = await statementsOf(() => getPublicStore(database.db, small.id, null));
    const largeStatements = await statementsOf(() => getPublicStore(database.db, large.id, null));
    expect(largeStatements).toBe(smallStatements);
    const storePage = await getPublicStore(database.db, large.id, null);
    expect(storePage!.products.map((p) => p.supplierReplyHours)).toEqual([3, 3, 3, 3]);

    // home's featured cards and browse: the page's one statement
    let featured: Awaited<ReturnType<typeof listFeaturedProducts>> = [];
    expect(await statementsOf(async () => (featured = await listFeaturedProducts(database.db, 50)))).toBe(1);
    let browse: Awaited<ReturnType<typeof searchProducts>> = { items: [], nextCursor: null };
    const params = { ...parseProductSearchParams(new URLSearchParams("category=electronics")), cursor: null };
    expect(await statementsOf(async () => (browse = await searchProducts(database.db, params)))).toBe(1);
    for (const items of [featured, browse.items]) {
      const hours = new Map(items.map((item) => [item.id, item.supplierReplyHours]));
      expect(fastProducts.map((p) => hours.get(p.id))).toEqual([3, 3, 3, 3]);
      expect(hours.get(slow.id)).toBeNull();
    }
  });
});
