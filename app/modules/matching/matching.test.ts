import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { inMatchingSample } from "~/db/schema/products";
import { notifications } from "~/db/schema/notifications";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { parseRfqListParams } from "~/modules/rfqs/rfq.schema";
import { listRfqs } from "~/modules/rfqs/rfqs.server";
import { postRfq } from "../../../tests/support/rfq-form";
import { createProducts } from "../../../seed/factories/products";
import { createQuote, createRfq as createRfqRow, dateFromToday } from "../../../seed/factories/rfqs";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import {
  listMutedCategories,
  matchedToSupplier,
  matchReasons,
  matchRfq,
  rankSuppliersForRfq,
  setCategoryMuted,
} from "./matching.server";

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

// on both engines (test-database.ts): text search and similarity, planned differently on each engine
describe.each(testEngines("both"))("matching RFQs to suppliers on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let buyer: Account;
  let towels: Account;
  let towelsUnverified: Account;
  let machinery: Account;
  let linens: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Bath Co" });
    towels = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    towelsUnverified = await createSeller(database.db, {
      companyName: "Karur Towel House",
      verificationStatus: "pending",
    });
    machinery = await createSeller(database.db, { companyName: "Rajkot Pumps" });
    linens = await createSeller(database.db, { companyName: "Panipat Home Linen" });
    await createProducts(database.db, [
      {
        sellerId: towels.user.id,
        name: "Organic Cotton Bath Towels",
        category: "home-textiles",
        tags: ["towel", "organic", "bath"],
        description: "GOTS certified organic cotton terry towels, 600 GSM.",
      },
      {
        sellerId: towels.user.id,
        name: "Terry Hand Towels",
        category: "home-textiles",
        tags: ["towel"],
        description: "Soft cotton hand towels for hotels.",
      },
      {
        sellerId: towelsUnverified.user.id,
        name: "Cotton Bath Towels",
        category: "home-textiles",
        tags: ["towel"],
        description: "Ring-spun cotton towels.",
      },
      {
        sellerId: machinery.user.id,
        name: "Centrifugal Water Pump",
        category: "engineering-goods",
        tags: ["pump"],
        description: "Cast iron monoblock pump for irrigation.",
      },
      {
        sellerId: linens.user.id,
        name: "Cotton Bed Sheets",
        category: "home-textiles",
        tags: ["bedding"],
        description: "Percale cotton sheets.",
      },
      {
        sellerId: linens.user.id,
        name: "Old Towel Line",
        category: "home-textiles",
        tags: ["towel"],
        status: "inactive",
        description: "Discontinued.",
      },
    ]);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const towelRfq = {
    title: "Organic cotton towels",
    category: "home-textiles",
    description: "Looking for a reliable supplier of bath towels for our spa chain.",
    specifications: "",
    quantity: "2000",
    unit: "pieces",
    budgetMin: "",
    budgetMax: "",
    deliveryLocation: "Austin, TX",
    deadline: dateFromToday(20),
  };

  it("queues the matching with the new RFQ, and notifies the towel suppliers, verified first, not the pump maker", async () => {
    const created = await postRfq(database.db, actorOf(buyer), form(towelRfq), new Date(), jobs);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const queued = await queryRows<{ data: { rfqId: string } }>(
      database.db,
      sql`select data from pgboss.job where name = 'match-rfq'`,
    );
    expect(queued.map((j) => j.data.rfqId)).toContain(created.value.id);

    const ranked = await rankSuppliersForRfq(database.db, created.value.id);
    expect(ranked.map((m) => m.sellerId)).toEqual([towels.user.id, towelsUnverified.user.id, linens.user.id]);
    expect(ranked[0]!.productNames).toEqual(["Organic Cotton Bath Towels", "Terry Hand Towels"]);
    // an inactive product never makes a match
    expect(ranked[2]!.productNames).toEqual(["Cotton Bed Sheets"]);

    expect(await matchRfq(database.db, notifier, created.value.id)).toBe(3);
    // a retried job tells nobody twice
    expect(await matchRfq(database.db, notifier, created.value.id)).toBe(3);
    const notices = await database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.kind} = 'rfq_matched'`);
    expect(notices.map((n) => n.userId).sort()).toEqual(
      [towels.user.id, towelsUnverified.user.id, linens.user.id].sort(),
    );
    const towelNotice = notices.find((n) => n.userId === towels.user.id)!;
    expect(towelNotice.body).toContain("Matches your products: Organic Cotton Bath Towels, Terry Hand Towels");
    expect(towelNotice.href).toBe(`/rfqs/${created.value.id}`);
    expect(notices.some((n) => n.userId === machinery.user.id || n.userId === buyer.user.id)).toBe(false);
    const mails = (await queuedEmails(database.db)).filter((m) =>
      m.subject.startsWith("New RFQ that matches your products"),
    );
    expect(mails).toHaveLength(3);

    // the supplier's "Matched for you" lists it with its reason; the pump maker's is empty
    const mine = await listRfqs(
      database.db,
      parseRfqListParams(new URLSearchParams("matched=1")),
      actorOf(towels),
      matchedToSupplier,
    );
    expect(mine.items.map((r) => r.id)).toEqual([created.value.id]);
    expect((await matchReasons(database.db, actorOf(towels), [created.value.id])).get(created.value.id)).toBe(
      "Matches your products: Organic Cotton Bath Towels, Terry Hand Towels",
    );
    expect(
      (
        await listRfqs(
          database.db,
          parseRfqListParams(new URLSearchParams("matched=1")),
          actorOf(machinery),
          matchedToSupplier,
        )
      ).total,
    ).toBe(0);
    expect(
      (await listRfqs(database.db, parseRfqListParams(new URLSearchParams("matched=1")), null, matchedToSupplier))
        .total,
    ).toBe(0);
  });

  it("ranks a supplier who quoted fast on RFQs of the category above an equal one who did not", async () => {
    const fast = await createSeller(database.db, { companyName: "Quick Spices" });
    const slow = await createSeller(database.db, { companyName: "Slow Spices" });
    await createProducts(database.db, [
      { sellerId: fast.user.id, name: "Malabar Black Pepper", category: "spices-and-food", tags: ["pepper"] },
      { sellerId: slow.user.id, name: "Malabar Black Pepper", category: "spices-and-food", tags: ["pepper"] },
    ]);
    const past = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      category: "spices-and-food",
      title: "Turmeric powder",
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });
    await createQuote(database.db, {
      rfqId: past.id,
      sellerId: fast.user.id,
      createdAt: new Date(past.createdAt.getTime() + 3_600_000),
    });
    await createQuote(database.db, {
      rfqId: past.id,
      sellerId: slow.user.id,
      createdAt: new Date(past.createdAt.getTime() + 6 * 86_400_000),
    });
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      category: "spices-and-food",
      title: "Black pepper, bold grade",
      description: "Steam sterilised.",
    });
    const ranked = await rankSuppliersForRfq(database.db, rfq.id);
    expect(ranked.map((m) => m.sellerId)).toEqual([fast.user.id, slow.user.id]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it("offers an RFQ for verified suppliers only to verified suppliers only", async () => {
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      category: "home-textiles",
      title: "Cotton bath towels",
      verifiedSuppliersOnly: true,
    });
    const ranked = (await rankSuppliersForRfq(database.db, rfq.id)).map((m) => m.sellerId);
    expect(ranked).toContain(towels.user.id);
    expect(ranked).not.toContain(towelsUnverified.user.id);
  });

  it("leaves out a supplier who muted the RFQ's category, until it unmutes it; only suppliers may mute", async () => {
    expect(await setCategoryMuted(database.db, actorOf(linens), "home-textiles", true)).toMatchObject({ ok: true });
    expect(await listMutedCategories(database.db, actorOf(linens))).toEqual(["home-textiles"]);
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      category: "home-textiles",
      title: "Cotton bed sheets",
      description: "Queen size.",
    });
    expect((await rankSuppliersForRfq(database.db, rfq.id)).map((m) => m.sellerId)).not.toContain(linens.user.id);
    expect(await setCategoryMuted(database.db, actorOf(linens), "home-textiles", false)).toMatchObject({ ok: true });
    expect((await rankSuppliersForRfq(database.db, rfq.id)).map((m) => m.sellerId)).toContain(linens.user.id);
    expect(await setCategoryMuted(database.db, actorOf(linens), "no-such-category", true)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await setCategoryMuted(database.db, actorOf(buyer), "home-textiles", true)).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it("matches nothing for an RFQ that is not published, and survives words that are only stop words or punctuation", async () => {
    const closed = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      status: "closed",
      title: "Organic cotton towels",
    });
    expect(await matchRfq(database.db, notifier, closed.id)).toBe(0);
    const odd = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      category: "chemicals",
      title: "the of & ' \\ :* !",
      description: "",
    });
    await expect(rankSuppliersForRfq(database.db, odd.id)).resolves.toEqual([]);
  });
});

describe.each(testEngines("both"))("matching an RFQ whose words match many products, on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("ranks the products with all the words in full and a sample of the rest: the same suppliers as ranking everything", async () => {
    const buyer = await createBuyer(database.db, { companyName: "Austin Spa Supply" });
    const tees = await createSeller(database.db, { companyName: "Tiruppur Tee Works" });
    const towels = await createSeller(database.db, { companyName: "Erode Terry Mills", verificationStatus: "pending" });
    const pumps = await createSeller(database.db, { companyName: "Rajkot Pumps" });
    // one supplier's thousand cotton T-shirts match the word "cotton"; one towel matches every word of the RFQ
    await createProducts(database.db, [
      ...Array.from({ length: 1000 }, (_, i) => ({
        sellerId: tees.user.id,
        name: `Cotton T-Shirt Style ${i + 1}`,
        category: "home-textiles" as const,
        tags: ["apparel"],
        description: "Combed cotton jersey.",
      })),
      {
        sellerId: towels.user.id,
        name: "Organic Cotton Bath Towels",
        category: "home-textiles",
        tags: ["towel"],
        description: "600 GSM terry.",
      },
      {
        sellerId: pumps.user.id,
        name: "Cotton Seed Oil Expeller Pump",
        category: "engineering-goods",
        tags: ["pump"],
        description: "For cotton ginning mills.",
      },
    ]);
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Organic cotton bath towels",
      description: "For a spa chain.",
      category: "home-textiles",
    });

    const everything = await rankSuppliersForRfq(database.db, rfq.id);
    expect(everything.map((m) => m.sellerId).sort()).toEqual([tees.user.id, towels.user.id].sort());
    // with ten products to rank at most, the thousand matches are over any budget: the sparsest sample is read
    const sampled = await rankSuppliersForRfq(database.db, rfq.id, 20, 10);
    expect(sampled.map((m) => m.sellerId).sort()).toEqual(everything.map((m) => m.sellerId).sort());
    // the towel is ranked whether or not it is in the sample: it matches every word
    expect(sampled.find((m) => m.sellerId === towels.user.id)?.productNames).toEqual(["Organic Cotton Bath Towels"]);
    // each sampled T-shirt stands for 64 in the supplier's count: its score moves by what ln(64 × sampled / 1000) says
    const [inSample] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where seller_id = ${tees.user.id} and ${inMatchingSample(sql`id`, 64)}`,
    );
    expect(inSample!.n).toBeGreaterThan(2); // about 16; the estimate (64 × that) is then over 16 × 10: the 1-in-64 level
    const teeScore = (list: typeof sampled) => list.find((m) => m.sellerId === tees.user.id)!.score;
    expect(teeScore(sampled) - teeScore(everything)).toBeCloseTo(1.5 * 0.05 * Math.log((64 * inSample!.n) / 1000), 3);
  });
});
