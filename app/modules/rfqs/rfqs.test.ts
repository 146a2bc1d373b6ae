import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userBlocks } from "~/db/schema/messaging";
import { orders } from "~/db/schema/orders";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { liftBlock } from "~/modules/messaging/blocks.server";
import {
  listNotifications,
  unreadNotificationCount,
  type Notifier,
} from "~/modules/notifications/notifications.server";
import { setOwnLanguage } from "~/modules/accounts/profile-commands.server";
import { createQuote, createRfq as createRfqRow, dateFromToday } from "../../../seed/factories/rfqs";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { parseRfqListParams } from "./rfq.schema";
import { postQuote, postRfq } from "../../../tests/support/rfq-form";
import { acceptQuote, closeRfq, getRfqDetail, listRfqs, withdrawQuote } from "./rfqs.server";

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

const validRfq = {
  title: "Organic cotton tote bags",
  category: "home-textiles",
  description: "Natural canvas totes, 10 oz, screen-printed with our logo.",
  specifications: 'Size 15" x 16"\nGusset: 4"\nHandles: 24" "long" \\ reinforced',
  quantity: "5000",
  unit: "pieces",
  budgetMin: "8000",
  budgetMax: "12000.50",
  deliveryLocation: "Brooklyn, NY",
  deadline: dateFromToday(20),
};

// on both engines (test-database.ts): exactly one accept under 20 concurrent ones: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("RFQs, quotes and orders on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let sellerA: Account;
  let sellerB: Account;
  let notify: Notifier;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier: notify, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    sellerA = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    sellerB = await createSeller(database.db, { companyName: "Erode Weavers" });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  it("keeps the technical specifications exactly as typed: quotes, backslashes and line breaks (known defect 1)", async () => {
    const result = await postRfq(database.db, actor(buyer), form(validRfq));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await database.db.select().from(rfqs).where(eq(rfqs.id, result.value.id));
    expect(row!.specifications).toEqual({ details: validRfq.specifications });
    expect(row!.budgetMaxCents).toBe(1200050);
    expect(row!.status).toBe("published");
  });

  it("closes an RFQ at the end of the deadline day in the buyer's zone, New York without one, and refuses unknown zones", async () => {
    const now = new Date("2030-03-07T15:00:00Z");
    const chicago = await postRfq(
      database.db,
      actor(buyer),
      form({ ...validRfq, deadline: "2030-03-10", timeZone: "America/Chicago" }),
      now,
    );
    const noZone = await postRfq(
      database.db,
      actor(buyer),
      form({ ...validRfq, deadline: "2030-03-10", timeZone: "" }),
      now,
    );
    const rows = await database.db
      .select()
      .from(rfqs)
      .where(inArray(rfqs.id, [chicago.ok ? chicago.value.id : "", noZone.ok ? noZone.value.id : ""]));
    const byZone = Object.fromEntries(rows.map((r) => [r.timeZone, r.closesAt!.toISOString()]));
    // after the change to daylight time on 10 March 2030: CDT is UTC-5, EDT UTC-4
    expect(byZone).toEqual({
      "America/Chicago": "2030-03-11T05:00:00.000Z",
      "America/New_York": "2030-03-11T04:00:00.000Z",
    });
    const bad = await postRfq(database.db, actor(buyer), form({ ...validRfq, timeZone: "Mars/Olympus" }), now);
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { timeZone: "Your browser sent a time zone we do not know: reload the page and try again" },
    });
    // today in Kolkata is already tomorrow in UTC terms at 20:00 UTC: a buyer there cannot choose the UTC date
    const late = new Date("2030-03-07T20:00:00Z");
    expect(
      await postRfq(
        database.db,
        actor(buyer),
        form({ ...validRfq, deadline: "2030-03-07", timeZone: "Asia/Kolkata" }),
        late,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { deadline: "The quote submission deadline cannot be in the past" } });
    expect(
      (
        await postRfq(
          database.db,
          actor(buyer),
          form({ ...validRfq, deadline: "2030-03-07", timeZone: "America/Los_Angeles" }),
          late,
        )
      ).ok,
    ).toBe(true);
  });

  it("takes quotes until the closing instant, not the end of the UTC date", async () => {
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      deadline: "2030-11-30",
      timeZone: "America/Los_Angeles",
    });
    // 1 Dec 03:00 UTC is 30 Nov, 7 PM in Los Angeles: open
    const open = await postQuote(
      database.db,
      actor(sellerA),
      rfq.id,
      form({ price: "10", quantity: "1", deliveryTimeline: "x" }),
      notify,
      new Date("2030-12-01T03:00:00Z"),
    );
    expect(open.ok).toBe(true);
    const closed = await postQuote(
      database.db,
      actor(sellerB),
      rfq.id,
      form({ price: "10", quantity: "1", deliveryTimeline: "x" }),
      notify,
      new Date("2030-12-01T08:00:00Z"),
    );
    expect(closed).toMatchObject({ ok: false, status: 409, message: "The deadline for this RFQ has passed" });
    expect((await getRfqDetail(database.db, rfq.id, null, new Date("2030-12-01T08:00:00Z")))!.closesAt).toBe(
      "2030-12-01T08:00:00.000Z",
    );
  });

  it("refuses a past deadline, a missing deadline, min above max and bad numbers", async () => {
    // two days back: yesterday in UTC is still today in New York (the zone assumed without one) for hours each day
    const past = await postRfq(database.db, actor(buyer), form({ ...validRfq, deadline: dateFromToday(-2) }));
    expect(past).toMatchObject({
      ok: false,
      fieldErrors: { deadline: "The quote submission deadline cannot be in the past" },
    });
    const missing = await postRfq(database.db, actor(buyer), form({ ...validRfq, deadline: "" }));
    expect(missing.ok).toBe(false);
    const inverted = await postRfq(
      database.db,
      actor(buyer),
      form({ ...validRfq, budgetMin: "500", budgetMax: "100" }),
    );
    expect(inverted).toMatchObject({
      ok: false,
      fieldErrors: { budgetMax: "Minimum budget cannot be more than the maximum budget" },
    });
    for (const quantity of ["0", "-5", "2.5", "lots"]) {
      expect((await postRfq(database.db, actor(buyer), form({ ...validRfq, quantity }))).ok).toBe(false);
    }
    expect((await postRfq(database.db, actor(buyer), form({ ...validRfq, category: "toys" }))).ok).toBe(false);
  });

  it("lists published RFQs with search, category, sorts and the buyer's company (to suppliers: issue #41)", async () => {
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Stainless steel tiffin boxes",
      category: "engineering-goods",
      budgetMinCents: 100,
      budgetMaxCents: 999_999_00,
    });
    await createRfqRow(database.db, { buyerId: buyer.user.id, title: "Closed request", status: "closed" });
    const list = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("q=TIFFIN")), actor(sellerA));
    expect(list.items.map((i) => i.id)).toEqual([rfq.id]);
    expect(list.items[0]!.buyerCompany).toBe("Brooklyn Goods LLC");
    const all = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("")), null);
    expect(all.items.every((i) => i.status === "published")).toBe(true);
    const machinery = await listRfqs(
      database.db,
      parseRfqListParams(new URLSearchParams("category=engineering-goods")),
      null,
    );
    expect(machinery.items.every((i) => i.category === "engineering-goods")).toBe(true);
    const high = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("sort=budget-high")), null);
    expect(high.items[0]!.id).toBe(rfq.id);
    const wildcard = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("q=%25")), null);
    expect(wildcard.total).toBe(0);
    const mine = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("mine=1")), actor(buyer));
    expect(mine.items.some((i) => i.status === "closed")).toBe(true);
  });

  it("sorts Deadline Soon by the closing instant: the same date closes earlier in Kolkata than in Los Angeles", async () => {
    const deadline = dateFromToday(40);
    const kolkata = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Tide clock brass A",
      deadline,
      timeZone: "Asia/Kolkata",
      createdAt: new Date(Date.now() - 60_000),
    });
    const losAngeles = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Tide clock brass B",
      deadline,
      timeZone: "America/Los_Angeles",
    });
    const sooner = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Tide clock brass C",
      deadline: dateFromToday(39),
      timeZone: "America/Los_Angeles",
    });
    // written before closing instants were stored: it closes at the end of its day in UTC, between the two (#41 item 6)
    const stored = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Tide clock brass D",
      deadline,
      closesAt: null,
    });
    const list = await listRfqs(
      database.db,
      parseRfqListParams(new URLSearchParams("q=tide clock brass&sort=deadline")),
      null,
    );
    expect(list.items.map((i) => i.id)).toEqual([sooner.id, kolkata.id, stored.id, losAngeles.id]);
  });

  it("refuses quotes on one's own RFQ, on expired, awarded or closed RFQs, and invalid numbers", async () => {
    const open = await createRfqRow(database.db, { buyerId: buyer.user.id, quantity: 300 });
    const own = await postQuote(
      database.db,
      actor(buyer),
      open.id,
      form({ price: "10", quantity: "300", deliveryTimeline: "30 days" }),
      notify,
    );
    expect(own).toMatchObject({ ok: false, status: 403 });
    const expired = await createRfqRow(database.db, { buyerId: buyer.user.id, deadline: dateFromToday(-2) });
    expect(
      await postQuote(
        database.db,
        actor(sellerA),
        expired.id,
        form({ price: "10", quantity: "1", deliveryTimeline: "x" }),
        notify,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    const closed = await createRfqRow(database.db, { buyerId: buyer.user.id, status: "closed" });
    expect(
      await postQuote(
        database.db,
        actor(sellerA),
        closed.id,
        form({ price: "10", quantity: "1", deliveryTimeline: "x" }),
        notify,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await postQuote(database.db, actor(sellerA), "not-a-uuid", form({}), notify)).toMatchObject({
      ok: false,
      status: 404,
    });
    for (const bad of [
      { price: "0" },
      { price: "-1" },
      { price: "abc" },
      { quantity: "0" },
      { quantity: "1.5" },
      { deliveryTimeline: "" },
    ]) {
      const result = await postQuote(
        database.db,
        actor(sellerA),
        open.id,
        form({ price: "10", quantity: "300", deliveryTimeline: "30 days", ...bad }),
        notify,
      );
      expect(result).toMatchObject({ ok: false, status: 400 });
    }
    const ok = await postQuote(
      database.db,
      actor(sellerA),
      open.id,
      form({ price: "2450.75", quantity: "300", deliveryTimeline: "30 days", terms: "FOB Chennai" }),
      notify,
    );
    expect(ok).toMatchObject({ ok: true, message: "Quote submitted successfully!" });
    // the buyer's e-mail is queued with the quote, in its transaction
    const mail = (await queuedEmails(database.db)).at(-1);
    expect(mail).toMatchObject({ to: buyer.user.email, subject: `New quote on "${open.title}"` });
    expect(mail?.text).toContain(`/rfqs/${open.id}`);
  });

  it("lets only supplier accounts quote: a buyer on another buyer's RFQ is refused and is not invited to (issue #26)", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id });
    const otherBuyer = await createBuyer(database.db, { companyName: "Austin Linen Co" });
    const refused = await postQuote(
      database.db,
      actor(otherBuyer),
      rfq.id,
      form({ price: "10", quantity: "1", deliveryTimeline: "x" }),
      notify,
    );
    expect(refused).toMatchObject({ ok: false, status: 403, message: "Only supplier accounts can quote on RFQs" });
    expect((await getRfqDetail(database.db, rfq.id, actor(otherBuyer)))!.canQuote).toBe(false);
    expect((await getRfqDetail(database.db, rfq.id, actor(sellerA)))!.canQuote).toBe(true);
    expect((await getRfqDetail(database.db, rfq.id, actor(buyer)))!.quotes).toEqual([]);
  });

  it("refuses a supplier the buyer blocked: no quote form, a 403 that names no block, no quote, notice or e-mail; unblocking reopens (issue 38)", async () => {
    const blockingBuyer = await createBuyer(database.db, { companyName: "Blocking Buyer Inc" });
    const pest = await createSeller(database.db, { companyName: "Persistent Exports" });
    const rfq = await createRfqRow(database.db, { buyerId: blockingBuyer.user.id });
    const other = await createRfqRow(database.db, { buyerId: buyer.user.id });
    await database.db.insert(userBlocks).values({ blockerId: blockingBuyer.user.id, blockedId: pest.user.id });
    // a block the supplier made does not close the buyer's RFQs: only the buyer's block does
    await database.db.insert(userBlocks).values({ blockerId: sellerA.user.id, blockedId: blockingBuyer.user.id });
    const quote = form({ price: "900", quantity: "100", deliveryTimeline: "20 days", terms: "x".repeat(5000) });
    const emailsBefore = (await queuedEmails(database.db)).length;

    expect(await postQuote(database.db, actor(pest), rfq.id, quote, notify)).toEqual({
      ok: false,
      status: 403,
      message: "You cannot quote on this RFQ",
      fieldErrors: {},
    });
    const detail = (await getRfqDetail(database.db, rfq.id, actor(pest)))!;
    expect(detail).toMatchObject({ canQuote: false, needsVerification: false, quoteClosed: true });
    expect(
      await database.db.select({ id: rfqResponses.id }).from(rfqResponses).where(eq(rfqResponses.rfqId, rfq.id)),
    ).toEqual([]);
    expect(await unreadNotificationCount(database.db, blockingBuyer.user.id)).toBe(0);
    expect((await queuedEmails(database.db)).length).toBe(emailsBefore);

    // other buyers' RFQs stay open to the supplier; other suppliers still quote on the blocking buyer's
    expect((await getRfqDetail(database.db, other.id, actor(pest)))!).toMatchObject({
      canQuote: true,
      quoteClosed: false,
    });
    expect(await postQuote(database.db, actor(sellerA), rfq.id, quote, notify)).toMatchObject({ ok: true });

    expect(await liftBlock(database.db, actor(blockingBuyer), pest.user.id)).toMatchObject({ ok: true });
    expect((await getRfqDetail(database.db, rfq.id, actor(pest)))!).toMatchObject({
      canQuote: true,
      quoteClosed: false,
    });
    expect(await postQuote(database.db, actor(pest), rfq.id, quote, notify)).toMatchObject({ ok: true });
    expect(await unreadNotificationCount(database.db, blockingBuyer.user.id)).toBe(2);
  });

  it("keeps one live quote per supplier: a second quote revises the first, which the buyer sees as history", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id });
    const first = await postQuote(
      database.db,
      actor(sellerA),
      rfq.id,
      form({ price: "5000", quantity: "100", deliveryTimeline: "30 days" }),
      notify,
    );
    const second = await postQuote(
      database.db,
      actor(sellerA),
      rfq.id,
      form({ price: "4500", quantity: "100", deliveryTimeline: "30 days" }),
      notify,
    );
    expect(second).toMatchObject({
      ok: true,
      message: "Quote revised: the buyer now sees your new quote, marked as revised",
    });
    const asBuyer = await getRfqDetail(database.db, rfq.id, actor(buyer));
    expect(asBuyer!.quotes).toHaveLength(1);
    expect(asBuyer!.quotes[0]).toMatchObject({
      priceCents: 450_000,
      status: "submitted",
      history: [{ priceCents: 500_000 }],
    });
    expect(asBuyer!.quoteCount).toBe(1);
    // the supplier sees its own quote once, and is never counted among the others
    const asSeller = await getRfqDetail(database.db, rfq.id, actor(sellerA));
    expect(asSeller!.quotes.map((q) => q.priceCents)).toEqual([450_000]);
    expect(asSeller!.sealedQuoteCount).toBe(0);
    const [old] = await database.db
      .select({ status: rfqResponses.status })
      .from(rfqResponses)
      .where(eq(rfqResponses.id, first.ok ? first.value.id : ""));
    expect(old!.status).toBe("superseded");
    expect((await queuedEmails(database.db)).at(-1)).toMatchObject({ subject: `Revised quote on "${rfq.title}"` });

    // two tabs at once: one live quote whatever the timing, and no 500
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postQuote(
          database.db,
          actor(sellerB),
          rfq.id,
          form({ price: String(3000 + i), quantity: "100", deliveryTimeline: "30 days" }),
          notify,
        ),
      ),
    );
    expect(burst.every((r) => r.ok || r.status === 409)).toBe(true);
    const live = await database.db
      .select({ id: rfqResponses.id })
      .from(rfqResponses)
      .where(
        and(
          eq(rfqResponses.rfqId, rfq.id),
          eq(rfqResponses.sellerId, sellerB.user.id),
          eq(rfqResponses.status, "submitted"),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it("seals quotes: a second supplier sees none of the first's figures, only their number", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id });
    await postQuote(
      database.db,
      actor(sellerA),
      rfq.id,
      form({ price: "7777.77", quantity: "4321", deliveryTimeline: "45 days by sea", terms: "Secret terms ABC" }),
      notify,
    );
    await postQuote(
      database.db,
      actor(sellerB),
      rfq.id,
      form({ price: "1234.56", quantity: "999", deliveryTimeline: "20 days", terms: "" }),
      notify,
    );

    const asB = await getRfqDetail(database.db, rfq.id, actor(sellerB));
    const serialized = JSON.stringify(asB);
    for (const secret of ["777777", "4321", "45 days by sea", "Secret terms ABC", "Tiruppur Knits"])
      expect(serialized).not.toContain(secret);
    expect(asB!.quotes).toHaveLength(1);
    expect(asB!.quotes[0]!.mine).toBe(true);
    expect(asB!.sealedQuoteCount).toBe(1);

    const anonymous = await getRfqDetail(database.db, rfq.id, null);
    expect(anonymous!.quotes).toEqual([]);
    expect(anonymous!.sealedQuoteCount).toBe(2);

    const asBuyer = await getRfqDetail(database.db, rfq.id, actor(buyer));
    expect(asBuyer!.quotes.map((q) => q.priceCents).sort()).toEqual([123456, 777777]);
    expect(asBuyer!.viewer).toBe("buyer");
    expect(asBuyer!.canQuote).toBe(false);
  });

  it("tells suppliers who chose Hindi of their quote's acceptance and decline in Hindi, in the e-mail and the bell's list", async () => {
    const [winner, loser] = [
      await createSeller(database.db, { companyName: "Karur Home Linen" }),
      await createSeller(database.db, { companyName: "Panipat Weaves" }),
    ];
    for (const seller of [winner, loser]) await setOwnLanguage(database.db, seller.user, "hi");
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id, title: "Cotton bath mats", quantity: 500 });
    const won = await createQuote(database.db, { rfqId: rfq.id, sellerId: winner.user.id, priceCents: 1_250_000 });
    await createQuote(database.db, { rfqId: rfq.id, sellerId: loser.user.id, priceCents: 1_400_000 });
    expect(await acceptQuote(database.db, actor(buyer), won.id, notify)).toMatchObject({ ok: true });
    const buyerName = buyer.profile.companyName;

    const mails = await queuedEmails(database.db);
    const toWinner = mails.find((m) => m.to === winner.user.email)!;
    expect(toWinner.subject).toBe('"Cotton bath mats" पर आपका कोटेशन स्वीकार हो गया');
    expect(toWinner.text).toContain(
      `${buyerName} ने "Cotton bath mats" पर आपका $12,500.00 का कोटेशन स्वीकार कर लिया है। एक ऑर्डर बन गया है।\n\nअपने ऑर्डर देखें:`,
    );
    const toLoser = mails.find((m) => m.to === loser.user.email)!;
    expect(toLoser.subject).toBe('"Cotton bath mats" पर आपका कोटेशन अस्वीकार हो गया');
    expect(toLoser.text).toContain(`${buyerName} ने "Cotton bath mats" पर किसी दूसरे सप्लायर का कोटेशन चुना है।\n\nRFQ देखें:`);

    const listed = async (seller: Account) =>
      (await listNotifications(database.db, seller.user.id, undefined, "hi")).items.map((n) => [n.title, n.body]);
    expect(await listed(winner)).toEqual([
      [
        '"Cotton bath mats" पर आपका कोटेशन स्वीकार हो गया',
        `${buyerName} ने "Cotton bath mats" पर आपका $12,500.00 का कोटेशन स्वीकार कर लिया है। एक ऑर्डर बन गया है।`,
      ],
    ]);
    expect(await listed(loser)).toEqual([
      [
        '"Cotton bath mats" पर आपका कोटेशन अस्वीकार हो गया',
        `${buyerName} ने "Cotton bath mats" पर किसी दूसरे सप्लायर का कोटेशन चुना है।`,
      ],
    ]);
    // in English, as written
    expect((await listNotifications(database.db, winner.user.id)).items[0]).toMatchObject({
      title: 'Your quote on "Cotton bath mats" was accepted',
      body: `${buyerName} accepted your quote of $12,500.00 on "Cotton bath mats". An order has been created.`,
    });
  });

  it("accepts exactly once under 20 concurrent accepts, declining the others and awarding the RFQ", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id, quantity: 100, unit: "kg" });
    const winner = await createQuote(database.db, {
      rfqId: rfq.id,
      sellerId: sellerA.user.id,
      priceCents: 50_000,
      quantity: 100,
    });
    const loser = await createQuote(database.db, {
      rfqId: rfq.id,
      sellerId: sellerB.user.id,
      priceCents: 60_000,
      quantity: 100,
    });
    const acceptedMails = async () =>
      (await queuedEmails(database.db)).filter(
        (m) => m.to === sellerA.user.email && m.subject.includes("was accepted") && m.text.includes("/orders"),
      );
    const before = (await acceptedMails()).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => acceptQuote(database.db, actor(buyer), winner.id, notify)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const created = await database.db.select().from(orders).where(eq(orders.rfqId, rfq.id));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      buyerId: buyer.user.id,
      sellerId: sellerA.user.id,
      quantity: 100,
      unit: "kg",
      totalCents: 50_000,
      unitPriceCents: 500,
      status: "placed",
    });
    const quotes = await database.db.select().from(rfqResponses).where(eq(rfqResponses.rfqId, rfq.id));
    expect(Object.fromEntries(quotes.map((q) => [q.id, q.status]))).toEqual({
      [winner.id]: "accepted",
      [loser.id]: "declined",
    });
    const [awarded] = await database.db.select().from(rfqs).where(eq(rfqs.id, rfq.id));
    expect(awarded!.status).toBe("awarded");
    expect((await acceptedMails()).length - before).toBe(1);
    expect(
      (await queuedEmails(database.db)).filter(
        (m) => m.to === sellerB.user.email && m.subject.includes("was declined"),
      ),
    ).not.toHaveLength(0);
    // the losing quote can no longer be accepted, and no more quotes come in
    expect(await acceptQuote(database.db, actor(buyer), loser.id, notify)).toMatchObject({ ok: false, status: 409 });
    expect(
      await postQuote(
        database.db,
        actor(sellerB),
        rfq.id,
        form({ price: "1", quantity: "1", deliveryTimeline: "x" }),
        notify,
      ),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it("lets only the buyer accept, a supplier withdraw its own quote while open, and the buyer close", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id });
    const quote = await createQuote(database.db, { rfqId: rfq.id, sellerId: sellerA.user.id });
    expect(await acceptQuote(database.db, actor(sellerB), quote.id, notify)).toMatchObject({ ok: false, status: 404 });
    expect(await withdrawQuote(database.db, actor(sellerB), quote.id)).toMatchObject({ ok: false, status: 404 });
    expect(await withdrawQuote(database.db, actor(sellerA), quote.id)).toMatchObject({ ok: true });
    expect(await acceptQuote(database.db, actor(buyer), quote.id, notify)).toMatchObject({ ok: false, status: 409 });
    expect(await closeRfq(database.db, actor(sellerA), rfq.id)).toMatchObject({ ok: false });
    expect(await closeRfq(database.db, actor(buyer), rfq.id)).toMatchObject({ ok: true });
    const [closed] = await database.db.select().from(rfqs).where(eq(rfqs.id, rfq.id));
    expect(closed!.status).toBe("closed");
  });
});
