import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createTowelProduct, ddpChicagoUsdQuote, fobMundraInrQuote } from "../../../tests/factories/trade";
import { createBuyer, createSeller, actorOf, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { productPriceTiers } from "~/db/schema/products";
import { createProduct } from "../../../seed/factories/products";
import { productLandedCost } from "~/modules/products/product-landed-cost.server";
import { getQuoteComparison } from "~/modules/rfqs/quote-comparison.server";
import { additionalDutiesInForce, dutyRatesFor, feesInForce, lanesFor, portTables } from "./trade-data.server";
import { generalDutyRate } from "./landed-cost";
import { resolveUsPort } from "./us-port";
import { statementCounter } from "../../../tests/support/statement-counter";

describe.each(testEngines())("trade reference data and the quote comparison on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let mundra: Account;
  let chicago: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    buyer = await createBuyer(database.db, { companyName: "Lakeshore Linen Co." });
    mundra = await createSeller(database.db, { companyName: "Kutch Terry Mills" });
    chicago = await createSeller(database.db, { companyName: "Midwest Import House", verificationStatus: "pending" });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.drop();
  });

  it("reads the fees in force on a day: the FY2025 MPF bounds before 1 Oct 2025, FY2026's after", async () => {
    const before = await feesInForce(database.db, "2025-06-01");
    expect(before.mpf).toMatchObject({ minCents: 3271, maxCents: 63462 });
    expect(Number(before.mpf!.ratePercent)).toBe(0.3464);
    const after = await feesInForce(database.db, "2026-11-25");
    expect(after.mpf).toMatchObject({ minCents: 3358, maxCents: 65150, effectiveFrom: "2025-10-01" });
    expect(Number(after.hmf!.ratePercent)).toBe(0.125);
    expect(after.insurance).not.toBeNull();
    // before the insurance estimate's first day there is none
    expect((await feesInForce(database.db, "2024-12-31")).insurance).toBeNull();
  });

  it("reads only the duty rows that can match the codes, and the longest prefix wins", async () => {
    const rows = await dutyRatesFor(database.db, ["6302600010", "7323930000", null], "2026-11-25");
    expect(rows.map((r) => r.hsPrefix).sort()).toEqual(["6302", "630260", "7323"]);
    expect(Number(generalDutyRate("6302600010", rows, "2026-11-25")!.ratePercent)).toBe(9.1);
    expect(await dutyRatesFor(database.db, [null, "12"], "2026-11-25")).toEqual([]);
  });

  it("reads the additional duties in force on a day", async () => {
    expect((await additionalDutiesInForce(database.db, "2025-08-10")).map((d) => d.description)).toEqual([
      "Section 232 duty on automobile parts",
      "Section 232 duty on aluminium",
      "Section 232 duty on steel",
      "Section 232 duty on steel derivatives",
      "Reciprocal tariff on goods of India (IEEPA)",
    ]);
    const now = await additionalDutiesInForce(database.db, "2026-11-25");
    expect(now).toHaveLength(6);
    expect(now.find((d) => d.description.startsWith("Reciprocal"))!.excludedHsPrefixes).toContain("73");
  });

  it("finds the US port of a delivery location: ZIP, then port or city, then state, then the default", async () => {
    const { ports, zips } = await portTables(database.db);
    const port = (text: string) => resolveUsPort(text, ports, zips);
    expect(port("1200 W Harrison St, Chicago, IL 60607")).toEqual({ code: "USCHI", how: "zip", matched: "60607" });
    expect(port("Warehouse 4, 90210")).toMatchObject({ code: "USLAX", how: "zip" });
    expect(port("Savannah")).toMatchObject({ code: "USSAV", how: "port" });
    expect(port("Long Beach, CA")).toMatchObject({ code: "USLAX", how: "port" });
    expect(port("deliver via USSEA please")).toMatchObject({ code: "USSEA", how: "port" });
    expect(port("Dayton, OH")).toMatchObject({ code: "USNYC", how: "state", matched: "OH" });
    expect(port("Portland, Oregon")).toMatchObject({ code: "USSEA", how: "state", matched: "OR" });
    expect(port("Dallas, TX")).toMatchObject({ code: "USHOU", how: "state" });
    expect(port("somewhere nice")).toEqual({ code: "USNYC", how: "default", matched: null });
    // a ZIP with no range falls through to the rest of the text; digits inside a longer number are no ZIP
    expect(port("PO 123456789, Atlanta, GA")).toMatchObject({ code: "USSAV", how: "state" });
  });

  it("reads every lane's rate in one statement, the latest in force", async () => {
    const count = statementCounter(database.db);
    let lanes = new Map();
    const statements = await count(async () => {
      lanes = await lanesFor(
        database.db,
        [
          { origin: "INMUN", destination: "USCHI", mode: "ocean" },
          { origin: "INNSA", destination: "USNYC", mode: "ocean" },
          { origin: "INBOM", destination: "USORD", mode: "air" },
          { origin: "INNSA", destination: "USNYC", mode: "ocean" },
          { origin: "INNSA", destination: "USJFK", mode: "ocean" },
        ],
        "2026-11-25",
      );
    });
    expect(statements).toBe(1);
    expect(lanes.size).toBe(3);
    expect(lanes.get("INMUN>USCHI>ocean")).toMatchObject({
      perKgCents: 36,
      perContainerCents: 539_900,
      containerPayloadKg: 26_000,
    });
    expect(lanes.get("INBOM>USORD>air")).toMatchObject({ perKgCents: 440, perContainerCents: null });
    // before the table's rates took effect there is no lane
    expect(
      (await lanesFor(database.db, [{ origin: "INNSA", destination: "USNYC", mode: "ocean" }], "2026-01-01")).size,
    ).toBe(0);
  });

  it("compares an INR FOB Mundra quote and a USD DDP Chicago quote in USD per unit, landed in Chicago", async () => {
    const rfq = await createRfq(database.db, {
      buyerId: buyer.user.id,
      title: "Terry bath towels",
      category: "home-textiles",
      quantity: 1000,
      deliveryLocation: "1200 W Harrison St, Chicago, IL 60607",
    });
    const fob = await createQuote(database.db, fobMundraInrQuote({ rfqId: rfq.id, sellerId: mundra.user.id }));
    const ddp = await createQuote(database.db, ddpChicagoUsdQuote({ rfqId: rfq.id, sellerId: chicago.user.id }));
    // one live quote per seller: the quote without terms comes from a third supplier
    const erode = await createSeller(database.db, { companyName: "Erode Handlooms" });
    const legacy = await createQuote(database.db, {
      rfqId: rfq.id,
      sellerId: erode.user.id,
      priceCents: 500_000,
      quantity: 1000,
      terms: "FOB Mumbai, 30% advance",
    });

    const comparison = await getQuoteComparison(
      database.db,
      rfq.id,
      actorOf(buyer),
      "landed-asc",
      new Date("2026-11-25T12:00:00Z"),
    );
    expect(comparison).not.toBeNull();
    expect(comparison!.usPort).toEqual({ code: "USCHI", name: "Chicago (rail ramp)", how: "zip" });
    const byId = new Map(comparison!.quotes.map((q) => [q.id, q]));

    // ₹350.00 ÷ 84 = $4.1667 → $4.17 a unit; ₹3,50,000 ÷ 84 = $4,166.67
    const a = byId.get(fob.id)!;
    expect(a).toMatchObject({
      unitPriceUsdCents: 417,
      totalUsdCents: 416_667,
      currency: "INR",
      place: "Mundra (INMUN)",
      structured: true,
    });
    expect(a.inr).toEqual({
      unitPricePaise: 35_000,
      totalPaise: 35_000_000,
      inrPerUsd: "84.0000",
      rateDate: "2026-11-20",
    });
    expect(a.route).toMatchObject({ origin: "INMUN", destination: "USCHI", originDefaulted: false });
    // Mundra → Chicago by ocean, 500 kg at $0.36 = $180.00
    // insurance 0.3 % × 110 % × ($4,166.67 + $180) = $14.344011 → $14.34
    // duty 9.1 % × $4,166.67 = $379.17; 25 % × $4,166.67 = $1,041.6675 → $1,041.67, twice
    // MPF $14.43 → minimum $33.58; HMF 0.125 % × $4,166.67 = $5.208 → $5.21
    // landed: 4,166.67 + 180 + 14.34 + 379.17 + 2,083.34 + 33.58 + 5.21 = $6,862.31 → $6.86 a unit
    expect(a.landed).toMatchObject({ totalCents: 686_231, perUnitCents: 686, complete: true });

    const b = byId.get(ddp.id)!;
    expect(b).toMatchObject({ unitPriceUsdCents: 650, totalUsdCents: 650_000, verified: false, place: "Chicago, IL" });
    expect(b.landed).toMatchObject({ totalCents: 650_000, perUnitCents: 650, extrasCents: 0 });

    const c = byId.get(legacy.id)!;
    expect(c).toMatchObject({
      structured: false,
      landed: null,
      unitPriceUsdCents: 500,
      terms: "FOB Mumbai, 30% advance",
    });

    // sorted by landed cost: DDP ($6.50) before FOB ($6.86), the quote without terms last
    expect(comparison!.quotes.map((q) => q.id)).toEqual([ddp.id, fob.id, legacy.id]);
    // FOB against DDP: only the landed cost compares them like for like (issue 37)
    expect(comparison!.best).toEqual({
      unitPrice: [],
      total: [],
      landed: [ddp.id],
      leadTime: [fob.id],
      validUntil: [fob.id],
    });
    expect(comparison!.sources.map((s) => s.label)).toEqual(
      expect.arrayContaining(["Merchandise Processing Fee", "Harbor Maintenance Fee", "US duty rates", "Freight"]),
    );

    // the buyer's own freight quote ($1,200 for the shipment) replaces the lane's $180 where the buyer pays freight
    const own = await getQuoteComparison(
      database.db,
      rfq.id,
      actorOf(buyer),
      "landed-asc",
      new Date("2026-11-25T12:00:00Z"),
      120_000,
    );
    const ownFob = own!.quotes.find((q) => q.id === fob.id)!;
    // insurance 0.3 % × 110 % × ($4,166.67 + $1,200) = $17.71; the rest as above: 4,166.67 + 1,200 + 17.71 + 379.17 + 2,083.34 + 33.58 + 5.21 = $7,885.68
    expect(ownFob.landed).toMatchObject({ totalCents: 788_568, complete: true });
    expect(own!.quotes.find((q) => q.id === ddp.id)!.landed).toMatchObject({ totalCents: 650_000 });
    expect(own!.buyerFreightCents).toBe(120_000);
  });

  it("is the buyer's only: a supplier, even one that quoted, and a visitor get nothing", async () => {
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id });
    await createQuote(database.db, { rfqId: rfq.id, sellerId: mundra.user.id });
    expect(await getQuoteComparison(database.db, rfq.id, actorOf(mundra))).toBeNull();
    expect(await getQuoteComparison(database.db, rfq.id, actorOf(chicago))).toBeNull();
    expect(await getQuoteComparison(database.db, rfq.id, null)).toBeNull();
    expect(await getQuoteComparison(database.db, "not-a-uuid", actorOf(buyer))).toBeNull();
    expect(await getQuoteComparison(database.db, rfq.id, actorOf(buyer))).not.toBeNull();
  });

  it("costs the same number of statements for 2 quotes as for 8", async () => {
    const count = statementCounter(database.db);
    // one live quote per seller per RFQ: eight suppliers
    const suppliers = [mundra, chicago];
    for (let i = suppliers.length; i < 8; i++)
      suppliers.push(await createSeller(database.db, { companyName: `Supplier ${i}` }));
    const statementsFor = async (n: number) => {
      const rfq = await createRfq(database.db, { buyerId: buyer.user.id, deliveryLocation: "Savannah, GA" });
      for (let i = 0; i < n; i++) {
        await createQuote(database.db, {
          rfqId: rfq.id,
          sellerId: suppliers[i]!.user.id,
          incoterm: (["FOB", "CIF", "EXW", "DAP"] as const)[i % 4],
          incotermPort: (["INNSA", "USSAV", null, null] as const)[i % 4],
          shipMode: i % 3 === 2 ? "air" : "ocean",
          hsCode: (["6302600010", "7323930000", "8482100000", "2008199000"] as const)[i % 4],
          unitWeightGrams: 250 + i,
        });
      }
      return count(() => getQuoteComparison(database.db, rfq.id, actorOf(buyer), "landed-asc"));
    };
    const two = await statementsFor(2);
    expect(await statementsFor(8)).toBe(two);
    expect(two).toBeGreaterThanOrEqual(8);
    expect(two).toBeLessThanOrEqual(9);
  });

  it("estimates a product's landed cost for a quantity and a US port, at the quantity's price break", async () => {
    const product = await createTowelProduct(database.db, mundra.user.id);
    // a variant's break does not price the whole product
    await database.db
      .insert(productPriceTiers)
      .values({ productId: product.id, variantSku: "RED", minQuantity: 1000, unitPriceCents: 1 });
    const at = new Date("2026-11-25T12:00:00Z");
    const estimate = await productLandedCost(database.db, product.id, new URLSearchParams("qty=1000&to=Savannah"), at);
    // 1,000 at the 1,000+ break $4.00 = $4,000, FOB Mundra → Savannah: 500 kg × $0.28 = $140
    // insurance 0.3 % × 110 % × $4,140 = $13.662 → $13.66; duty 9.1 % × $4,000 = $364, 25 % twice = $2,000
    // MPF $13.86 → minimum $33.58; HMF 0.125 % × $4,000 = $5.00; landed $6,556.24 → $6.56 a unit
    expect(estimate!.result).toMatchObject({
      unitPriceCents: 400,
      tierMinQuantity: 1000,
      usPort: { code: "USSAV", how: "port" },
      unitWeightGrams: 500,
    });
    expect(estimate!.result!.estimate).toMatchObject({ totalCents: 655_624, perUnitCents: 656, complete: true });
    // below the first break: the product's lowest price; the default port without an origin of its own
    const small = await productLandedCost(database.db, product.id, new URLSearchParams("qty=200&to=60607"), at);
    expect(small!.result).toMatchObject({
      unitPriceCents: 450,
      tierMinQuantity: null,
      belowMoq: true,
      usPort: { code: "USCHI" },
    });
    // without a weight and an HS code: said, never guessed
    const bare = await createProduct(database.db, { sellerId: mundra.user.id });
    const unknown = await productLandedCost(database.db, bare.id, new URLSearchParams("qty=100&to=Houston"), at);
    expect(unknown!.result!.estimate.missing).toEqual(["weight", "hs-code"]);
    expect(unknown!.result!.route.originDefaulted).toBe(true);
    // hostile or empty input: messages, never an error
    for (const query of [
      "qty=-5&to=x",
      "qty=1e9&to=x",
      "qty=abc&to=",
      "qty=10&to=" + "z".repeat(500),
      "qty=%00&to=%00",
    ]) {
      const refused = await productLandedCost(database.db, product.id, new URLSearchParams(query), at);
      expect(refused!.result).toBeNull();
      expect(Object.keys(refused!.errors).length).toBeGreaterThan(0);
    }
    expect((await productLandedCost(database.db, product.id, new URLSearchParams(""), at))!.errors).toEqual({});
    expect(await productLandedCost(database.db, "nope", new URLSearchParams("qty=1&to=x"), at)).toBeNull();
  });
});
