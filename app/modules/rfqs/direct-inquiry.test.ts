import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { rfqMatches } from "~/db/schema/matching";
import { notifications } from "~/db/schema/notifications";
import { orders } from "~/db/schema/orders";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import type { Actor } from "~/modules/accounts/accounts.schema";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { matchRfq } from "~/modules/matching/matching.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { createProduct, type ProductRow } from "../../../seed/factories/products";
import { dateFromToday } from "../../../seed/factories/rfqs";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { postDirectInquiry, postQuote } from "../../../tests/support/rfq-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { DIRECT_INQUIRY_MESSAGES, parseRfqListParams } from "./rfq.schema";
import { acceptQuote, getRfqDetail, listRfqs } from "./rfqs.server";

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** Issue #41 item 3: Request Quote on a product reaches only its supplier (and the similar suppliers invited). */
// on both engines: the similar suppliers are chosen by full-text ranking, planned differently on each engine
describe.each(testEngines("both"))("direct inquiries on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let buyer: Account;
  let supplier: Account;
  let similar: Account;
  let similarUnverified: Account;
  let otherSubcategory: Account;
  let otherSeller: Account;
  let admin: Actor;
  let towels: ProductRow;

  const inquiry = (overrides: Record<string, string> = {}) =>
    form({
      productId: towels.id,
      title: "Organic Cotton Bath Towels",
      category: "bath-linen",
      description: "600 GSM, white and grey, hotel grade, our label sewn in.",
      quantity: "1000",
      unit: "pieces",
      budgetMax: "4200.50",
      deliveryLocation: "Brooklyn, NY",
      deadline: dateFromToday(20),
      ...overrides,
    });

  const quote = (rfqId: string, seller: Account) =>
    postQuote(
      database.db,
      actorOf(seller),
      rfqId,
      form({ price: "3900", quantity: "1000", deliveryTimeline: "30 days" }),
      notifier,
    );

  const inPublicList = async (rfqId: string, viewer: Actor | null) =>
    (await listRfqs(database.db, parseRfqListParams(new URLSearchParams("")), viewer)).items.some(
      (r) => r.id === rfqId,
    );

  const rfqCount = async () => (await database.db.select({ n: count() }).from(rfqs))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Bath Co" });
    supplier = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    similar = await createSeller(database.db, { companyName: "Karur Towel House" });
    similarUnverified = await createSeller(database.db, {
      companyName: "Solapur Terry Works",
      verificationStatus: "pending",
    });
    otherSubcategory = await createSeller(database.db, { companyName: "Panipat Home Linen" });
    otherSeller = await createSeller(database.db, { companyName: "Rajkot Pumps" });
    admin = { ...actorOf(await createBuyer(database.db, { companyName: "Setu Operations" })), isAdmin: true };
    towels = await createProduct(database.db, {
      sellerId: supplier.user.id,
      name: "Organic Cotton Bath Towels",
      category: "home-textiles",
      subcategory: "bath-linen",
      tags: ["towel", "bath"],
      minimumOrderQuantity: 500,
      unit: "pieces",
    });
    await createProduct(database.db, {
      sellerId: similar.user.id,
      name: "Cotton Bath Towels",
      category: "home-textiles",
      subcategory: "bath-linen",
      tags: ["towel"],
    });
    await createProduct(database.db, {
      sellerId: similarUnverified.user.id,
      name: "Terry Cotton Bath Towels",
      category: "home-textiles",
      subcategory: "bath-linen",
      tags: ["towel"],
    });
    // the same words in another subcategory of the tree: not similar enough to be invited
    await createProduct(database.db, {
      sellerId: otherSubcategory.user.id,
      name: "Organic Cotton Bath Mat and Towel Set Bed Sheets",
      category: "home-textiles",
      subcategory: "bed-linen",
      tags: ["towel", "bath"],
    });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  it("reaches the product's supplier only: notified and e-mailed, hidden from everyone else's lists and pages", async () => {
    const result = await postDirectInquiry(database.db, actorOf(buyer), inquiry(), notifier);
    expect(result).toMatchObject({ ok: true, message: DIRECT_INQUIRY_MESSAGES.created });
    const rfqId = result.ok ? result.value.id : "";
    const [row] = await database.db.select().from(rfqs).where(eq(rfqs.id, rfqId));
    expect(row).toMatchObject({
      productId: towels.id,
      addressedSellerId: supplier.user.id,
      inviteSimilar: false,
      budgetMaxCents: 420_050,
      status: "published",
    });

    // the supplier is told, through the notification and e-mail queue; nobody else is, and no matching is queued
    const notices = await database.db
      .select({ userId: notifications.userId, href: notifications.href, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.href, `/rfqs/${rfqId}`));
    expect(notices).toEqual([
      { userId: supplier.user.id, href: `/rfqs/${rfqId}`, title: 'Quote request for "Organic Cotton Bath Towels"' },
    ]);
    const emails = await queuedEmails(database.db);
    expect(emails.filter((e) => e.text.includes(`/rfqs/${rfqId}`)).map((e) => e.to)).toEqual([supplier.user.email]);
    const jobsQueued = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'match-rfq' and data->>'rfqId' = ${rfqId}`,
    );
    expect(jobsQueued[0]!.n).toBe(0);
    await expect(matchRfq(database.db, notifier, rfqId)).resolves.toBe(0);

    // who sees it in /rfqs and on its page
    await expect(inPublicList(rfqId, null)).resolves.toBe(false);
    await expect(inPublicList(rfqId, actorOf(otherSeller))).resolves.toBe(false);
    await expect(inPublicList(rfqId, actorOf(similar))).resolves.toBe(false);
    await expect(inPublicList(rfqId, actorOf(supplier))).resolves.toBe(true);
    await expect(inPublicList(rfqId, actorOf(buyer))).resolves.toBe(true);
    const direct = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("direct=1")), actorOf(supplier));
    expect(direct.items.map((r) => [r.id, r.direct?.viewerRole])).toEqual([[rfqId, "addressed"]]);
    const othersDirect = await listRfqs(
      database.db,
      parseRfqListParams(new URLSearchParams("direct=1")),
      actorOf(otherSeller),
    );
    expect(othersDirect.items).toEqual([]);

    await expect(getRfqDetail(database.db, rfqId, null)).resolves.toBeNull();
    await expect(getRfqDetail(database.db, rfqId, actorOf(otherSeller))).resolves.toBeNull();
    await expect(getRfqDetail(database.db, rfqId, actorOf(similar))).resolves.toBeNull();
    const forSupplier = await getRfqDetail(database.db, rfqId, actorOf(supplier));
    expect(forSupplier).toMatchObject({
      canQuote: true,
      direct: { productId: towels.id, viewerRole: "addressed", supplierCompany: null },
    });
    const forBuyer = await getRfqDetail(database.db, rfqId, actorOf(buyer));
    expect(forBuyer).toMatchObject({
      viewer: "buyer",
      canQuote: false,
      direct: { productId: towels.id, supplierCompany: "Erode Terry Mills", viewerRole: null },
    });
    expect(await getRfqDetail(database.db, rfqId, admin)).toMatchObject({
      canQuote: false,
      direct: { viewerRole: null },
    });

    // only the addressed supplier may quote: the server refuses anyone else, and writes nothing
    await expect(quote(rfqId, otherSeller)).resolves.toMatchObject({ ok: false, status: 404 });
    await expect(quote(rfqId, similar)).resolves.toMatchObject({ ok: false, status: 404 });
    await expect(quote(rfqId, buyer)).resolves.toMatchObject({ ok: false, status: 403 });
    await expect(quote(rfqId, supplier)).resolves.toMatchObject({ ok: true });
    const quotes = await database.db
      .select({ sellerId: rfqResponses.sellerId })
      .from(rfqResponses)
      .where(eq(rfqResponses.rfqId, rfqId));
    expect(quotes).toEqual([{ sellerId: supplier.user.id }]);
  });

  it("refuses the product's own supplier, a quantity under the MOQ or in another unit, and a product not listed", async () => {
    const before = await rfqCount();
    await expect(postDirectInquiry(database.db, actorOf(supplier), inquiry(), notifier)).resolves.toMatchObject({
      ok: false,
      status: 403,
      message: DIRECT_INQUIRY_MESSAGES.ownProduct,
    });
    await expect(
      postDirectInquiry(database.db, actorOf(buyer), inquiry({ quantity: "499" }), notifier),
    ).resolves.toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { quantity: "The supplier's minimum order is 500 pieces" },
    });
    await expect(
      postDirectInquiry(database.db, actorOf(buyer), inquiry({ unit: "kg" }), notifier),
    ).resolves.toMatchObject({ ok: false, status: 400, fieldErrors: { unit: "This product is sold in pieces" } });
    await expect(
      postDirectInquiry(
        database.db,
        actorOf(buyer),
        inquiry({ productId: "00000000-0000-4000-8000-000000000000" }),
        notifier,
      ),
    ).resolves.toMatchObject({ ok: false, status: 404 });
    await expect(
      postDirectInquiry(database.db, actorOf(buyer), inquiry({ productId: "not-a-product" }), notifier),
    ).resolves.toMatchObject({ ok: false, status: 400 });
    expect(await rfqCount()).toBe(before);
  });

  it("with 'also invite similar verified suppliers', lets the invited ones see and quote, and the trade runs to an order", async () => {
    const result = await postDirectInquiry(
      database.db,
      actorOf(buyer),
      inquiry({ inviteSimilar: "on", postAnonymously: "on" }),
      notifier,
    );
    const rfqId = result.ok ? result.value.id : "";
    expect(result.ok).toBe(true);
    const queued = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'match-rfq' and data->>'rfqId' = ${rfqId}`,
    );
    expect(queued[0]!.n).toBe(1);
    // before the job runs, the similar supplier cannot see it
    await expect(getRfqDetail(database.db, rfqId, actorOf(similar))).resolves.toBeNull();

    // the job invites verified suppliers of the product's subcategory: not the unverified one, not bed linen
    await expect(matchRfq(database.db, notifier, rfqId)).resolves.toBe(1);
    const matched = await database.db
      .select({ sellerId: rfqMatches.sellerId })
      .from(rfqMatches)
      .where(eq(rfqMatches.rfqId, rfqId));
    expect(matched).toEqual([{ sellerId: similar.user.id }]);
    const [notice] = await database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, similar.user.id), eq(notifications.href, `/rfqs/${rfqId}`)));
    expect(notice?.title).toBe('Invited to quote: "Organic Cotton Bath Towels"');
    // the anonymous buyer stays anonymous in the invitation
    expect(notice?.body).not.toContain("Brooklyn Bath Co");
    // a retried job invites and tells no one twice
    await expect(matchRfq(database.db, notifier, rfqId)).resolves.toBe(0);

    await expect(inPublicList(rfqId, actorOf(similar))).resolves.toBe(true);
    await expect(inPublicList(rfqId, actorOf(otherSubcategory))).resolves.toBe(false);
    await expect(inPublicList(rfqId, null)).resolves.toBe(false);
    expect(await getRfqDetail(database.db, rfqId, actorOf(similar))).toMatchObject({
      canQuote: true,
      direct: { viewerRole: "invited", supplierCompany: null },
    });
    await expect(getRfqDetail(database.db, rfqId, actorOf(similarUnverified))).resolves.toBeNull();
    await expect(getRfqDetail(database.db, rfqId, actorOf(otherSubcategory))).resolves.toBeNull();

    await expect(quote(rfqId, otherSubcategory)).resolves.toMatchObject({ ok: false, status: 404 });
    await expect(quote(rfqId, similarUnverified)).resolves.toMatchObject({ ok: false, status: 404 });
    await expect(quote(rfqId, supplier)).resolves.toMatchObject({ ok: true });
    const invitedQuote = await quote(rfqId, similar);
    expect(invitedQuote.ok).toBe(true);

    // the buyer compares both and accepts the invited supplier's: an order is made, as for any RFQ
    const detail = await getRfqDetail(database.db, rfqId, actorOf(buyer));
    expect(detail?.quotes).toHaveLength(2);
    const accepted = await acceptQuote(
      database.db,
      actorOf(buyer),
      invitedQuote.ok ? invitedQuote.value.id : "",
      notifier,
    );
    expect(accepted.ok).toBe(true);
    const [order] = await database.db
      .select({ sellerId: orders.sellerId, rfqId: orders.rfqId })
      .from(orders)
      .where(eq(orders.id, accepted.ok ? accepted.value.orderId : ""));
    expect(order).toEqual({ sellerId: similar.user.id, rfqId });
  });
});
