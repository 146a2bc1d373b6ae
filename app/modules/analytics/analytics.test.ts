import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewDays, pageViewHours } from "~/db/schema/analytics";
import { rfqMatches } from "~/db/schema/matching";
import { ledgerEntries } from "~/db/schema/payments";
import { storeProducts } from "~/db/schema/stores";
import { createOrder, createOrderMilestones } from "../../../tests/factories/orders";
import { createProducts } from "../../../seed/factories/products";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createStore } from "../../../seed/factories/stores";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { analyticsCsv, sellerAnalyticsSummary, storeAnalytics } from "./analytics.server";

const NOW = new Date("2026-11-25T12:00:00Z");
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000);
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

describe.each(testEngines())("a store's analytics on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let rival: Account;
  let storeId: string;
  let towelId: string;
  let sheetId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    seller = await createSeller(db, { companyName: "Erode Terry Mills" });
    rival = await createSeller(db, { companyName: "Karur Towel House" });
    const buyer = await createBuyer(db, { companyName: "Brooklyn Bath Co" });
    storeId = (await createStore(db, { sellerId: seller.user.id, name: "Erode Terry" })).id;
    const rivalStore = (await createStore(db, { sellerId: rival.user.id })).id;
    const [towel, sheet, unviewed] = await createProducts(db, [
      { sellerId: seller.user.id, name: "Terry Bath Towels" },
      { sellerId: seller.user.id, name: "Cotton Bed Sheets" },
      { sellerId: seller.user.id, name: "Kitchen Towels" },
    ]);
    towelId = towel!.id;
    sheetId = sheet!.id;
    await db.insert(storeProducts).values([towel, sheet, unviewed].map((p) => ({ storeId, productId: p!.id })));

    const counts: (typeof pageViewHours.$inferInsert)[] = [
      { kind: "store", subjectId: storeId, hour: hourOf(ago(0)), views: 5 },
      { kind: "store", subjectId: storeId, hour: hourOf(ago(2)), views: 3 },
      { kind: "store", subjectId: storeId, hour: hourOf(ago(20)), views: 10 },
      { kind: "store", subjectId: storeId, hour: hourOf(ago(60)), views: 100 },
      { kind: "qr", subjectId: storeId, hour: hourOf(ago(1)), views: 2 },
      { kind: "product", subjectId: towelId, hour: hourOf(ago(1)), views: 7 },
      { kind: "product", subjectId: towelId, hour: hourOf(ago(2, 3)), views: 1 },
      { kind: "product", subjectId: sheetId, hour: hourOf(ago(3)), views: 4 },
      { kind: "product", subjectId: sheetId, hour: hourOf(ago(40)), views: 50 },
      { kind: "store", subjectId: rivalStore, hour: hourOf(ago(1)), views: 1000 },
    ];
    // as the view counter writes them: per hour, and added up per day (none of these share a day)
    await db.insert(pageViewHours).values(counts);
    await db
      .insert(pageViewDays)
      .values(counts.map(({ hour, ...rest }) => ({ ...rest, day: new Date(hour).toISOString().slice(0, 10) })));

    const rfqAt = (days: number) => createRfq(db, { buyerId: buyer.user.id, createdAt: ago(days, 4) });
    const [r1, r2, r3, r4] = [await rfqAt(3), await rfqAt(4), await rfqAt(5), await rfqAt(50)];
    await db.insert(rfqMatches).values(
      [r1, r2, r3, r4].map((r, i) => ({
        rfqId: r.id,
        sellerId: seller.user.id,
        score: 1,
        createdAt: i === 3 ? ago(50) : ago(3),
      })),
    );
    // first quotes 1 h, 2 h and 4 h after the RFQ; the 4 h one revised (its revision is not another quote)
    const old = await createQuote(db, {
      rfqId: r3.id,
      sellerId: seller.user.id,
      status: "superseded",
      createdAt: ago(5),
    });
    await createQuote(db, {
      rfqId: r3.id,
      sellerId: seller.user.id,
      status: "submitted",
      supersedesId: old.id,
      createdAt: ago(4),
    });
    await createQuote(db, { rfqId: r1.id, sellerId: seller.user.id, status: "accepted", createdAt: ago(3, 3) });
    await createQuote(db, { rfqId: r2.id, sellerId: seller.user.id, status: "declined", createdAt: ago(4, 2) });
    await createQuote(db, { rfqId: r4.id, sellerId: seller.user.id, status: "accepted", createdAt: ago(49) });
    await createQuote(db, { rfqId: r1.id, sellerId: rival.user.id, status: "declined", createdAt: ago(3) });

    const order = await createOrder(db, { buyerId: buyer.user.id, sellerId: seller.user.id, totalCents: 1_000_000 });
    const [milestone] = await createOrderMilestones(db, order, "released");
    await db.insert(ledgerEntries).values([
      {
        orderId: order.id,
        milestoneId: milestone!.id,
        kind: "fund",
        amountCents: 900_000,
        idempotencyKey: "f1",
        createdAt: ago(10),
      },
      {
        orderId: order.id,
        milestoneId: milestone!.id,
        kind: "release",
        amountCents: 300_000,
        idempotencyKey: "r1",
        createdAt: new Date("2026-10-28T00:00:00Z"),
      },
      {
        orderId: order.id,
        milestoneId: milestone!.id,
        kind: "release",
        amountCents: 450_050,
        idempotencyKey: "r2",
        createdAt: ago(1),
      },
      {
        orderId: order.id,
        milestoneId: milestone!.id,
        kind: "release",
        amountCents: 99_900,
        idempotencyKey: "r3",
        createdAt: new Date("2026-09-01T00:00:00Z"),
      },
    ]);
  });
  afterAll(() => database.drop());

  it("counts the last 7 days: views, top products, QR scans, matches, quotes, win rate, first response, revenue", async () => {
    const a = (await storeAnalytics(database.db, actorOf(seller), storeId, 7, NOW))!;
    expect(a).toMatchObject({
      days: 7,
      since: "2026-11-19",
      storeViews: 8,
      qrScans: 2,
      productViews: 12,
      rfqsMatched: 3,
      quotesSent: 3,
      quotesAccepted: 1,
      quotesDecided: 2,
      winRate: 0.5,
    });
    expect(a.topProducts).toEqual([
      { id: towelId, name: "Terry Bath Towels", views: 8 },
      { id: sheetId, name: "Cotton Bed Sheets", views: 4 },
    ]);
    expect(a.daily).toHaveLength(7);
    expect(a.daily.at(-1)).toEqual({ day: "2026-11-25", storeViews: 5, qrScans: 0 });
    expect(a.daily.find((d) => d.day === "2026-11-24")).toEqual({ day: "2026-11-24", storeViews: 0, qrScans: 2 });
    expect(a.medianFirstResponseSeconds).toBe(2 * 3600);
    expect(a.revenueByMonth).toEqual([{ month: "2026-11", cents: 450_050 }]);
    expect(a.revenueCents).toBe(450_050);
  });

  it("looks back 30 and 90 days", async () => {
    const month = (await storeAnalytics(database.db, actorOf(seller), storeId, 30, NOW))!;
    expect(month).toMatchObject({ storeViews: 18, productViews: 12, revenueCents: 750_050 });
    expect(month.revenueByMonth).toEqual([
      { month: "2026-10", cents: 300_000 },
      { month: "2026-11", cents: 450_050 },
    ]);
    const quarter = (await storeAnalytics(database.db, actorOf(seller), storeId, 90, NOW))!;
    expect(quarter).toMatchObject({
      storeViews: 118,
      productViews: 62,
      rfqsMatched: 4,
      quotesSent: 4,
      quotesAccepted: 2,
      winRate: 2 / 3,
      revenueCents: 849_950,
    });
    expect(quarter.topProducts.map((p) => p.name)).toEqual(["Cotton Bed Sheets", "Terry Bath Towels"]);
    expect(quarter.revenueByMonth.map((m) => m.month)).toEqual(["2026-08", "2026-09", "2026-10", "2026-11"]);
  });

  it("sums up the last 30 days for the seller's dashboard", async () => {
    expect(await sellerAnalyticsSummary(database.db, actorOf(seller), NOW)).toEqual({
      views: 30,
      quotesSent: 3,
      winRate: 0.5,
      firstStoreId: storeId,
    });
    expect(await sellerAnalyticsSummary(database.db, actorOf(rival), NOW)).toMatchObject({
      views: 1000,
      quotesSent: 1,
      winRate: 0,
    });
  });

  it("shows nothing to anyone but the owner", async () => {
    expect(await storeAnalytics(database.db, actorOf(rival), storeId, 30, NOW)).toBeNull();
    expect(await storeAnalytics(database.db, actorOf(seller), "not-a-store", 30, NOW)).toBeNull();
    expect(
      await storeAnalytics(database.db, actorOf(seller), "00000000-0000-4000-8000-000000000000", 30, NOW),
    ).toBeNull();
  });

  it("exports a CSV a spreadsheet cannot mistake for formulas", async () => {
    const a = (await storeAnalytics(database.db, actorOf(seller), storeId, 7, NOW))!;
    const csv = analyticsCsv({
      ...a,
      topProducts: [...a.topProducts, { id: "x", name: '=HYPERLINK("evil"), "quoted"', views: 1 }],
    });
    expect(csv).toContain("store_views,8\r\n");
    expect(csv).toContain("quote_win_rate,0.5000\r\n");
    expect(csv).toContain("2026-11,4500.50\r\n");
    expect(csv).toContain(`${towelId},Terry Bath Towels,8\r\n`);
    expect(csv).toContain(`x,"'=HYPERLINK(""evil""), ""quoted""",1\r\n`);
  });
});
