import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server";
import { rfqMatches } from "~/db/schema/matching";
import { ledgerEntries } from "~/db/schema/payments";
import { reviews } from "~/db/schema/reviews";
import { logger } from "~/logger.server";
import type { Profile } from "~/modules/accounts/accounts.schema";
import { createOrderMilestones, createOrders, forceMilestoneState } from "../../../tests/factories/orders";
import { createProducts } from "../../../seed/factories/products";
import { createQuotes, createRfq, createRfqs, dateFromToday } from "../../../seed/factories/rfqs";
import { createStore } from "../../../seed/factories/stores";
import { createBuyer, createSeller, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  DASHBOARD_LOAD_FAILED,
  loadAdminDashboard,
  loadDashboard,
  loadDashboardForPage,
  RECENT_ACTIVITY_LIMIT,
} from "./dashboard.server";

/** `n` minutes after a fixed instant, so "newest first" never depends on insert timing. */
function at(n: number) {
  return new Date(Date.UTC(2026, 0, 1, 12, n));
}

describe.each(testEngines())("dashboards on %s", (engine) => {
  let database: TestDatabase;
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("shows 'No recent activity' data and zeros for new accounts", async () => {
    const seller = await createSeller(database.db);
    const buyer = await createBuyer(database.db);
    expect(await loadDashboard(database.db, actor(seller), now)).toEqual({
      role: "seller",
      stores: 0,
      products: 0,
      quotesSubmitted: 0,
      orderValueCents: 0,
      revenueCents: 0,
      heldCents: 0,
      actionNeeded: [],
      activity: [],
      onboarding: [
        { step: "verify", done: true },
        { step: "store", done: false },
        { step: "products", done: false },
        { step: "quote", done: false },
      ],
      matched: [],
    });
    expect(await loadDashboard(database.db, actor(buyer), now)).toEqual({
      role: "buyer",
      activeRfqs: 0,
      orders: 0,
      suppliers: 0,
      orderValueCents: 0,
      spendCents: 0,
      heldCents: 0,
      activity: [],
      actionNeeded: [],
    });
  });

  it("counts a seller's stores, products, quotes (not withdrawn) and revenue (not cancelled), and no one else's", async () => {
    const seller = await createSeller(database.db);
    const other = await createSeller(database.db);
    const buyer = await createBuyer(database.db);
    await createStore(database.db, { sellerId: seller.user.id });
    await createStore(database.db, { sellerId: seller.user.id });
    await createStore(database.db, { sellerId: other.user.id });
    await createProducts(database.db, [
      { sellerId: seller.user.id },
      { sellerId: seller.user.id },
      { sellerId: seller.user.id },
      { sellerId: other.user.id },
    ]);
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id });
    const rfqs = await createRfqs(database.db, [
      { buyerId: buyer.user.id },
      { buyerId: buyer.user.id },
      { buyerId: buyer.user.id },
      { buyerId: buyer.user.id },
    ]);
    await createQuotes(database.db, [
      { rfqId: rfq.id, sellerId: seller.user.id, status: "submitted" },
      { rfqId: rfqs[0]!.id, sellerId: seller.user.id, status: "accepted" },
      { rfqId: rfqs[1]!.id, sellerId: seller.user.id, status: "declined" },
      { rfqId: rfqs[2]!.id, sellerId: seller.user.id, status: "withdrawn" },
      { rfqId: rfqs[3]!.id, sellerId: other.user.id, status: "submitted" },
    ]);
    await createOrders(database.db, [
      { buyerId: buyer.user.id, sellerId: seller.user.id, status: "placed", quantity: 10, unitPriceCents: 100_00 },
      { buyerId: buyer.user.id, sellerId: seller.user.id, status: "shipped", quantity: 20, unitPriceCents: 100_00 },
      { buyerId: buyer.user.id, sellerId: seller.user.id, status: "completed", quantity: 1, unitPriceCents: 30_00 },
      {
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        status: "cancelled",
        quantity: 1,
        unitPriceCents: 999_999_00,
      },
      { buyerId: buyer.user.id, sellerId: other.user.id, status: "completed", quantity: 1, unitPriceCents: 777_00 },
    ]);

    const dashboard = await loadDashboard(database.db, actor(seller), now);
    expect(dashboard).toMatchObject({
      role: "seller",
      stores: 2,
      products: 3,
      quotesSubmitted: 3,
      orderValueCents: 3_030_00,
    });
    expect(dashboard.activity).toHaveLength(4);
    expect(await loadDashboard(database.db, actor(other), now)).toMatchObject({
      stores: 1,
      products: 1,
      quotesSubmitted: 1,
      orderValueCents: 777_00,
    });
  });

  it("lists a seller's latest 5 quotes, newest first, with the RFQ's title and the quoted amount", async () => {
    const seller = await createSeller(database.db);
    const buyer = await createBuyer(database.db);
    const rfqs = await createRfqs(
      database.db,
      Array.from({ length: 7 }, (_, i) => ({ buyerId: buyer.user.id, title: `Dashboard RFQ ${i}` })),
    );
    // inserted out of order on purpose: the list follows created_at, not insertion
    const quotes = await createQuotes(
      database.db,
      [3, 0, 6, 1, 5, 2, 4].map((i) => ({
        rfqId: rfqs[i]!.id,
        sellerId: seller.user.id,
        priceCents: 1_000_00 + i,
        createdAt: at(i),
        status: i === 6 ? "withdrawn" : "submitted",
      })),
    );
    const byRfq = new Map(quotes.map((q) => [q.rfqId, q]));

    const { activity } = await loadDashboard(database.db, actor(seller), now);
    expect(activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(activity).toEqual(
      [6, 5, 4, 3, 2].map((i) => ({
        id: byRfq.get(rfqs[i]!.id)!.id,
        type: "quote",
        title: `Dashboard RFQ ${i}`,
        status: i === 6 ? "withdrawn" : "submitted",
        createdAt: at(i).toISOString(),
        amountCents: 1_000_00 + i,
        href: `/rfqs/${rfqs[i]!.id}`,
      })),
    );
  });

  it("counts a buyer's active RFQs (published and not past the deadline), orders, suppliers and spend", async () => {
    const buyer = await createBuyer(database.db);
    const otherBuyer = await createBuyer(database.db);
    const [sellerA, sellerB, sellerC] = [
      await createSeller(database.db),
      await createSeller(database.db),
      await createSeller(database.db),
    ];
    await createRfqs(database.db, [
      { buyerId: buyer.user.id, status: "published", deadline: dateFromToday(10, now) },
      // today's deadline closes at the end of the UTC day: still open
      { buyerId: buyer.user.id, status: "published", deadline: dateFromToday(0, now) },
      // published but past the deadline: expired, not active
      { buyerId: buyer.user.id, status: "published", deadline: dateFromToday(-1, now) },
      { buyerId: buyer.user.id, status: "published", deadline: dateFromToday(-30, now) },
      { buyerId: buyer.user.id, status: "awarded" },
      { buyerId: buyer.user.id, status: "closed" },
      { buyerId: otherBuyer.user.id, status: "published" },
    ]);
    await createOrders(database.db, [
      { buyerId: buyer.user.id, sellerId: sellerA.user.id, status: "placed", quantity: 100, unitPriceCents: 12_50 },
      { buyerId: buyer.user.id, sellerId: sellerA.user.id, status: "completed", quantity: 10, unitPriceCents: 100_00 },
      { buyerId: buyer.user.id, sellerId: sellerB.user.id, status: "shipped", quantity: 1, unitPriceCents: 499_99 },
      // a cancelled order counts as an order, but neither as spend nor makes its seller a supplier
      {
        buyerId: buyer.user.id,
        sellerId: sellerC.user.id,
        status: "cancelled",
        quantity: 1,
        unitPriceCents: 50_000_00,
      },
      {
        buyerId: otherBuyer.user.id,
        sellerId: sellerC.user.id,
        status: "completed",
        quantity: 1,
        unitPriceCents: 1_00,
      },
    ]);

    const dashboard = await loadDashboard(database.db, actor(buyer), now);
    expect(dashboard).toMatchObject({
      role: "buyer",
      activeRfqs: 2,
      orders: 4,
      suppliers: 2,
      orderValueCents: 1_250_00 + 1_000_00 + 499_99,
    });
    expect(await loadDashboard(database.db, actor(otherBuyer), now)).toMatchObject({
      activeRfqs: 1,
      orders: 1,
      suppliers: 1,
      orderValueCents: 1_00,
    });
  });

  it("decides 'active' by the UTC deadline day, whatever the clock says", async () => {
    const buyer = await createBuyer(database.db);
    await createRfq(database.db, { buyerId: buyer.user.id, deadline: "2026-11-22" });
    expect(await loadDashboard(database.db, actor(buyer), new Date("2026-11-22T23:59:59Z"))).toMatchObject({
      activeRfqs: 1,
    });
    expect(await loadDashboard(database.db, actor(buyer), new Date("2026-11-23T00:00:00Z"))).toMatchObject({
      activeRfqs: 0,
    });
  });

  it("lists a buyer's latest 5 RFQs, newest first, in every status, with title and budget", async () => {
    const buyer = await createBuyer(database.db);
    const statuses = ["published", "awarded", "closed", "published", "published", "published", "published"] as const;
    const rfqs = await createRfqs(
      database.db,
      [4, 1, 6, 0, 3, 5, 2].map((i) => ({
        buyerId: buyer.user.id,
        title: `Buyer RFQ ${i}`,
        status: statuses[i],
        budgetMaxCents: 50_000_00 + i,
        createdAt: at(i),
      })),
    );
    const byTitle = new Map(rfqs.map((r) => [r.title, r]));

    const { activity } = await loadDashboard(database.db, actor(buyer), now);
    expect(activity).toEqual(
      [6, 5, 4, 3, 2].map((i) => ({
        id: byTitle.get(`Buyer RFQ ${i}`)!.id,
        type: "rfq",
        title: `Buyer RFQ ${i}`,
        status: statuses[i],
        createdAt: at(i).toISOString(),
        amountCents: 50_000_00 + i,
        href: `/rfqs/${byTitle.get(`Buyer RFQ ${i}`)!.id}`,
      })),
    );
  });

  it("walks a new seller through verification, store, products and a first quote", async () => {
    const seller = await createSeller(database.db, { verificationStatus: "pending" });
    const buyer = await createBuyer(database.db);
    const steps = async () =>
      (
        (await loadDashboard(database.db, actor(seller), now)) as { onboarding: { step: string; done: boolean }[] }
      ).onboarding
        .filter((s) => s.done)
        .map((s) => s.step);
    expect(await steps()).toEqual([]);
    await createStore(database.db, { sellerId: seller.user.id });
    expect(await steps()).toEqual(["store"]);
    await createProducts(database.db, [{ sellerId: seller.user.id }]);
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id });
    await createQuotes(database.db, [{ rfqId: rfq.id, sellerId: seller.user.id, status: "submitted" }]);
    expect(await steps()).toEqual(["store", "products", "quote"]);
    const verified = await createSeller(database.db, { verificationStatus: "verified" });
    expect(
      ((await loadDashboard(database.db, actor(verified), now)) as { onboarding: { step: string; done: boolean }[] })
        .onboarding[0],
    ).toEqual({ step: "verify", done: true });
  });

  it("lists a seller's open matched RFQs with the reason, newest first, and not closed or other sellers' ones (issue #23)", async () => {
    const seller = await createSeller(database.db);
    const other = await createSeller(database.db);
    const buyer = await createBuyer(database.db);
    const [open, older, closed] = await createRfqs(database.db, [
      { buyerId: buyer.user.id, title: "Bath towels" },
      { buyerId: buyer.user.id, title: "Hand towels" },
      { buyerId: buyer.user.id, title: "Beach towels", status: "closed" },
    ]);
    await database.db.insert(rfqMatches).values([
      {
        rfqId: older!.id,
        sellerId: seller.user.id,
        score: 1,
        productNames: ["Terry Hand Towels"],
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        rfqId: open!.id,
        sellerId: seller.user.id,
        score: 2,
        productNames: ["Organic Bath Towels", "Terry Hand Towels"],
      },
      { rfqId: closed!.id, sellerId: seller.user.id, score: 2, productNames: ["Beach Towels"] },
      { rfqId: open!.id, sellerId: other.user.id, score: 2, productNames: ["Other Towels"] },
    ]);
    const dashboard = await loadDashboard(database.db, actor(seller));
    expect(dashboard.role === "seller" && dashboard.matched.map(({ title, reason }) => ({ title, reason }))).toEqual([
      { title: "Bath towels", reason: "Matches your products: Organic Bath Towels, Terry Hand Towels" },
      { title: "Hand towels", reason: "Matches your products: Terry Hand Towels" },
    ]);
  });

  it("counts Revenue and Total Spend from money released from escrow, and lists what each party must do now (#22.6)", async () => {
    const seller = await createSeller(database.db);
    const buyer = await createBuyer(database.db);
    const parties = { buyerId: buyer.user.id, sellerId: seller.user.id };
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, title: "Canvas totes" });
    const [placed, confirmed, readyToShip, shipped, delivered, completed, reviewed] = await createOrders(database.db, [
      { ...parties, status: "placed", rfqId: rfq.id },
      { ...parties, status: "confirmed", paymentTerms: "advance_30_bl_70", quantity: 100, unitPriceCents: 10_00 },
      { ...parties, status: "ready_to_ship" },
      { ...parties, status: "shipped", paymentTerms: "advance_100", quantity: 10, unitPriceCents: 50_00 },
      { ...parties, status: "delivered" },
      { ...parties, status: "completed" },
      { ...parties, status: "completed" },
    ]);
    // the confirmed order's 30 % advance is held; the shipped order's 100 % was funded and released at shipment
    const [advance, balance] = await createOrderMilestones(database.db, confirmed!);
    // a second confirmed order: only its advance is due now, not its balance beside it
    const [waiting] = await createOrders(database.db, [
      { ...parties, status: "confirmed", paymentTerms: "advance_30_bl_70", quantity: 10, unitPriceCents: 10_00 },
    ]);
    const [waitingAdvance] = await createOrderMilestones(database.db, waiting!);
    await forceMilestoneState(database.db, advance!.id, "held");
    const [paid] = await createOrderMilestones(database.db, shipped!, "released");
    await database.db.insert(ledgerEntries).values([
      {
        orderId: confirmed!.id,
        milestoneId: advance!.id,
        kind: "fund",
        amountCents: 300_00,
        idempotencyKey: `t:${advance!.id}:fund`,
      },
      {
        orderId: shipped!.id,
        milestoneId: paid!.id,
        kind: "fund",
        amountCents: 500_00,
        idempotencyKey: `t:${paid!.id}:fund`,
      },
      {
        orderId: shipped!.id,
        milestoneId: paid!.id,
        kind: "release",
        amountCents: 500_00,
        idempotencyKey: `t:${paid!.id}:release`,
      },
    ]);
    await database.db.insert(reviews).values({
      orderId: reviewed!.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      productQuality: 5,
      communication: 5,
      onTimeDelivery: 5,
      body: "Good.",
    });

    const sellerView = await loadDashboard(database.db, actor(seller));
    expect(sellerView).toMatchObject({ role: "seller", revenueCents: 500_00, heldCents: 300_00 });
    const ref = (id: string) => `order ${id.slice(0, 8).toUpperCase()}`;
    // oldest first; these were inserted together, so compared as a set
    expect(sellerView.role === "seller" && sellerView.actionNeeded.map((a) => [a.text, a.href]).sort()).toEqual(
      [
        ['Confirm or decline "Canvas totes"', `/orders/${placed!.id}`],
        [`Enter the packing details of ${ref(confirmed!.id)} for its packing list`, `/orders/${confirmed!.id}`],
        [`Enter the packing details of ${ref(waiting!.id)} for its packing list`, `/orders/${waiting!.id}`],
        [`Ship ${ref(readyToShip!.id)} with its bill of lading`, `/orders/${readyToShip!.id}`],
      ].sort(),
    );

    const buyerView = await loadDashboard(database.db, actor(buyer));
    expect(buyerView).toMatchObject({ role: "buyer", spendCents: 500_00, heldCents: 300_00 });
    expect(buyerView.role === "buyer" && buyerView.actionNeeded.map((a) => [a.text, a.href]).sort()).toEqual(
      [
        [
          `Fund ${balance!.label.toLowerCase()} of ${ref(confirmed!.id)}: $700.00 into escrow`,
          `/orders/${confirmed!.id}`,
        ],
        [
          `Fund ${waitingAdvance!.label.toLowerCase()} of ${ref(waiting!.id)}: $30.00 into escrow`,
          `/orders/${waiting!.id}`,
        ],
        [`Confirm the delivery of ${ref(delivered!.id)} and complete it`, `/orders/${delivered!.id}`],
        [`Review the supplier of ${ref(completed!.id)}`, `/orders/${completed!.id}`],
      ].sort(),
    );
  });

  it("gives an administrator the admin dashboard: what waits for review and the marketplace's size, matching the data", async () => {
    const admin = actor(await createBuyer(database.db));
    const before = await loadAdminDashboard(database.db, { isAdmin: true });
    await createSeller(database.db, { verificationStatus: "pending" });
    const buyer = await createBuyer(database.db, { verificationStatus: "pending" });
    await createRfq(database.db, { buyerId: buyer.user.id });
    await createRfq(database.db, { buyerId: buyer.user.id, status: "closed" });
    // a direct inquiry (record 0054) reaches one supplier, not the public board: counted apart, not as an open RFQ
    const supplier = await createSeller(database.db);
    await createRfq(database.db, { buyerId: buyer.user.id, addressedSellerId: supplier.user.id });
    await createRfq(database.db, { buyerId: buyer.user.id, addressedSellerId: supplier.user.id, status: "closed" });
    const after = await loadAdminDashboard(database.db, { isAdmin: true });
    expect(after).toMatchObject({
      role: "admin",
      pendingVerifications: before.pendingVerifications + 2,
      users: before.users + 3,
      sellers: before.sellers + 2,
      openRfqs: before.openRfqs + 1,
      openDirectInquiries: before.openDirectInquiries + 1,
    });
    expect(await loadDashboardForPage(database.db, { ...admin, isAdmin: true }, now)).toMatchObject({
      ok: true,
      dashboard: { role: "admin" },
    });
    await expect(loadAdminDashboard(database.db, { isAdmin: false })).rejects.toThrow("not an administrator");
  });

  it("gives the page its data when the load works", async () => {
    const seller = await createSeller(database.db);
    expect(await loadDashboardForPage(database.db, actor(seller), now)).toMatchObject({
      ok: true,
      dashboard: { role: "seller", activity: [] },
    });
  });
});

describe("a dashboard that fails to load", () => {
  it("logs the error and says 'Failed to load dashboard data' instead of throwing", async () => {
    const failing = {
      select: () => {
        throw new Error("connection reset");
      },
    } as unknown as Db;
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      for (const userType of ["seller", "buyer"] as const) {
        const user = {
          id: "u1",
          email: "x@example.test",
          name: "X",
          emailVerified: true,
          isAdmin: false,
          profile: { isSeller: userType === "seller", isBuyer: userType === "buyer" } as Profile,
        };
        expect(await loadDashboardForPage(failing, user)).toEqual({ ok: false, message: DASHBOARD_LOAD_FAILED });
      }
      expect(DASHBOARD_LOAD_FAILED).toBe("Failed to load dashboard data");
      expect(logged).toHaveBeenCalledTimes(2);
      expect((logged.mock.calls[0]![0] as { err: Error }).err.message).toBe("connection reset");
    } finally {
      logged.mockRestore();
    }
  });
});
