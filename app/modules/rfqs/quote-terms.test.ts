import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "~/db/schema/notifications";
import { rfqResponses } from "~/db/schema/rfqs";
import { fxRates } from "~/db/schema/trade";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { actorOf as actor, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { postQuote } from "../../../tests/support/rfq-form";
import { getRfqDetail, quoteFormOptions } from "./rfqs.server";

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

// 25 Nov 2026, 10:00 UTC: 15:30 in India
const now = new Date("2026-11-25T10:00:00Z");
const inrFob = {
  currency: "INR",
  unitPrice: "85",
  price: "",
  quantity: "5000",
  incoterm: "FOB",
  incotermPort: "INMUN",
  shipMode: "ocean",
  leadTimeDays: "45",
  paymentTerms: "advance_30_bl_70",
  validUntil: "2026-12-31",
  sampleAvailable: "yes",
  samplePrice: "1500",
  hsCode: "6302.60.0020",
  unitWeightKg: "0.45",
};

describe.each(testEngines())("structured quotes on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let seller: Account;
  let notifier: Notifier;
  let jobs: JobQueue;
  let rfqId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    seller = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    rfqId = (
      await createRfq(database.db, {
        buyerId: buyer.user.id,
        quantity: 5000,
        deadline: "2026-12-10",
        timeZone: "America/New_York",
      })
    ).id;
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  it("refuses a rupee quote while no INR/USD rate is set", async () => {
    expect((await quoteFormOptions(database.db, now)).rate).toBeNull();
    const refused = await postQuote(database.db, actor(seller), rfqId, form(inrFob), notifier, now);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { currency: "No INR/USD rate is set yet: quote in USD" },
    });
  });

  it("refuses an HTSUS code the HTS table does not hold, with a clear message, and stores no quote", async () => {
    const before = await database.db.select().from(rfqResponses).where(eq(rfqResponses.rfqId, rfqId));
    const usd = { ...inrFob, currency: "USD", unitPrice: "1.20", samplePrice: "" };
    const refused = await postQuote(
      database.db,
      actor(seller),
      rfqId,
      form({ ...usd, hsCode: "6302.60.0099" }),
      notifier,
      now,
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        hsCode:
          "6302.60.0099 is not in the HTSUS table Setu holds: check the 10-digit number on hts.usitc.gov (an administrator imports new lines)",
      },
    });
    // a 6-digit HS code is no longer taken on a new quote
    expect(
      await postQuote(database.db, actor(seller), rfqId, form({ ...usd, hsCode: "630260" }), notifier, now),
    ).toMatchObject({ ok: false, fieldErrors: { hsCode: "Enter the 10-digit HTSUS number, like 6302.60.0020" } });
    expect(await database.db.select().from(rfqResponses).where(eq(rfqResponses.rfqId, rfqId))).toEqual(before);
  });

  it("stores the rate in force with a rupee FOB quote and the total in USD cents at that rate", async () => {
    await database.db.insert(fxRates).values([
      { rateDate: "2026-11-20", inrPerUsd: "88.45", source: "fbil" },
      // dated after the quote: not in force on the 25th
      { rateDate: "2026-11-26", inrPerUsd: "99", source: "fbil" },
    ]);
    const options = await quoteFormOptions(database.db, now);
    expect(options.rate).toMatchObject({ rateDate: "2026-11-20", inrPerUsd: "88.45", source: "fbil" });
    expect(options.ports.find((p) => p.code === "INMUN")).toMatchObject({ name: "Mundra", country: "IN", kind: "sea" });

    const result = await postQuote(database.db, actor(seller), rfqId, form(inrFob), notifier, now);
    expect(result).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(rfqResponses)
      .where(eq(rfqResponses.id, result.ok ? result.value.id : ""));
    expect(row).toMatchObject({
      currency: "INR",
      unitPriceMinor: 8500,
      totalMinor: 42500000,
      // ₹4,25,000.00 / 88.45 = $4,804.97
      priceCents: 480497,
      fxInrPerUsd: "88.4500",
      fxRateDate: "2026-11-20",
      incoterm: "FOB",
      incotermPort: "INMUN",
      incotermPlace: "Mundra",
      shipMode: "ocean",
      leadTimeDays: 45,
      deliveryTimeline: "45 days (production + transit)",
      paymentTerms: "advance_30_bl_70",
      validUntil: "2026-12-31",
      sampleAvailable: true,
      samplePriceMinor: 150000,
      hsCode: "6302600020",
      unitWeightGrams: 450,
    });
    const [rate] = await database.db.select().from(fxRates).where(eq(fxRates.rateDate, "2026-11-20"));
    expect(row!.fxRateId).toBe(rate!.id);
    const [notice] = await database.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(notice!.body).toBe(
      'Tiruppur Knits sent a quote of ₹4,25,000.00 (about $4,804.97 at ₹88.45 = $1 on 20 Nov 2026, FBIL) on your RFQ "' +
        notice!.body.split('"')[1] +
        '".',
    );

    // a later rate changes nothing stored: the buyer reads the quote at its own rate
    const detail = (await getRfqDetail(database.db, rfqId, actor(buyer), new Date("2026-11-27T10:00:00Z")))!;
    expect(detail.quotes[0]).toMatchObject({
      currency: "INR",
      priceCents: 480497,
      rate: { inrPerUsd: "88.45", rateDate: "2026-11-20", source: "fbil" },
    });
  });

  it("checks the named port against the Incoterm and the validity against today", async () => {
    const usd = { ...inrFob, currency: "USD", unitPrice: "1", samplePrice: "" };
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ incotermPort: "USLAX" }, { incotermPort: "FOB needs an Indian seaport of loading: choose one from the list" }],
      [{ incotermPort: "INBOM" }, { incotermPort: "FOB needs an Indian seaport of loading: choose one from the list" }],
      [
        { incoterm: "CIF", incotermPort: "INMUN" },
        { incotermPort: "CIF needs a US seaport of destination: choose one from the list" },
      ],
      [
        { incoterm: "CIF", incotermPort: "USXXX" },
        { incotermPort: "CIF needs a US seaport of destination: choose one from the list" },
      ],
      [
        { incoterm: "DDP", incotermPort: "INMUN", incotermPlace: "Chicago, IL" },
        { incotermPort: "Choose a US port from the list, or none" },
      ],
      [{ validUntil: "2026-11-23" }, { validUntil: "The quote cannot be valid only until a date in the past" }],
    ];
    for (const [change, fieldErrors] of cases) {
      expect(
        await postQuote(database.db, actor(seller), rfqId, form({ ...usd, ...change }), notifier, now),
        JSON.stringify(change),
      ).toMatchObject({ ok: false, status: 400, fieldErrors });
    }
    // yesterday in UTC terms is still today for a buyer in New York at 03:00 UTC: valid
    const early = new Date("2026-11-26T03:00:00Z");
    expect(
      await postQuote(database.db, actor(seller), rfqId, form({ ...usd, validUntil: "2026-11-25" }), notifier, early),
    ).toMatchObject({ ok: true });
    const ddp = await postQuote(
      database.db,
      actor(seller),
      rfqId,
      form({ ...usd, incoterm: "DDP", incotermPort: "USORD", incotermPlace: "Chicago, IL 60607", shipMode: "air" }),
      notifier,
      now,
    );
    expect(ddp).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(rfqResponses)
      .where(eq(rfqResponses.id, ddp.ok ? ddp.value.id : ""));
    // a dollar quote keeps the rate of its day too, for the supplier's rupee view; its price is its own
    expect(row).toMatchObject({
      currency: "USD",
      priceCents: 500000,
      incotermPlace: "Chicago, IL 60607",
      incotermPort: "USORD",
      fxInrPerUsd: "88.4500",
    });
  });

  it("shows quotes made before trade terms as they were: USD, terms in text", async () => {
    const old = await createRfq(database.db, { buyerId: buyer.user.id });
    await createQuote(database.db, {
      rfqId: old.id,
      sellerId: seller.user.id,
      priceCents: 1_500_000,
      terms: "FOB Chennai",
    });
    const [quote] = (await getRfqDetail(database.db, old.id, actor(buyer), now))!.quotes;
    expect(quote).toMatchObject({
      currency: "USD",
      priceCents: 1_500_000,
      totalMinor: null,
      incoterm: null,
      rate: null,
      terms: "FOB Chennai",
    });
  });
});
