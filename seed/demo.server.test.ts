import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema/auth";
import { rfqMatches } from "~/db/schema/matching";
import { extractText, getDocumentProxy } from "unpdf";
import { orderDocuments } from "~/db/schema/order-documents";
import { orders } from "~/db/schema/orders";
import { productPriceTiers, products } from "~/db/schema/products";
import { htsCodes } from "~/db/schema/trade";
import { profiles } from "~/db/schema/profiles";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { storeProducts, stores } from "~/db/schema/stores";
import { TOP_CATEGORY_SLUGS } from "~/lib/categories";
import { checkPriceLadder } from "~/modules/products/product-form.schema";
import { inReferenceUnits } from "../tests/support/cpu-reference";
import { createTestDatabase, testEngines, type TestDatabase } from "../tests/support/test-database";
import { DEMO_ACCOUNTS, drawDemoPicturesInto, seedDemoDataIfEmpty } from "./demo.server";
import { DEMO_DIRECT_INQUIRY } from "./demo-data/inquiries";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { loadAdminDashboard } from "~/modules/dashboard/dashboard.server";
import { parseRfqListParams } from "~/modules/rfqs/rfq.schema";
import { listRfqs } from "~/modules/rfqs/rfqs.server";
import { quoteGoodsFromProduct } from "~/modules/products/rfq-prefill.server";
import { similarSuppliersForProduct } from "~/modules/matching/similar-suppliers.server";
import { localDiskStorage, type BlobStorage } from "~/modules/uploads/storage.server";
import { cardImageUrl } from "~/modules/uploads/image-urls";

describe.each(testEngines())("seedDemoDataIfEmpty on %s", (engine) => {
  let database: TestDatabase;
  let firstRun: boolean;
  let seed: Awaited<ReturnType<typeof inReferenceUnits>>;
  let draw: Awaited<ReturnType<typeof inReferenceUnits>>;
  let imageCacheDir: string;

  let storageDir: string;
  let storage: BlobStorage;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-demo-"));
    storage = localDiskStorage(storageDir);
    // a machine's first seed draws the demo's pictures, and keeps them for the next seeds (decision record 0030):
    // each timed on its own, from a folder of drawings of this run's own, so that neither depends on what an
    // earlier run left on the machine
    imageCacheDir = path.join(storageDir, "drawings");
    // timed as the CPU this process spends (its threads included), in units of a fixed reference piece of work timed
    // beside it (tests/support/cpu-reference.ts): the suite runs four files at a time on two cores, where wall time
    // and even CPU time measure the neighbours as much as the seed
    draw = await inReferenceUnits(() => drawDemoPicturesInto(imageCacheDir));
    seed = await inReferenceUnits(async () => {
      firstRun = await seedDemoDataIfEmpty(database.db, storage, imageCacheDir);
    });
  });

  afterAll(async () => {
    await database?.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const count = async (
    table:
      | typeof user
      | typeof profiles
      | typeof products
      | typeof stores
      | typeof storeProducts
      | typeof rfqs
      | typeof rfqResponses,
  ) => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  };

  it("loads the demo data quickly and reports that it did", () => {
    expect(firstRun).toBe(true);
    // about 1.7 s of CPU and 8–9 units on this machine under a test run's load (budget: twice that)
    expect(seed.units, JSON.stringify(seed)).toBeLessThan(16);
  });

  it("draws the demo's pictures quickly, once per machine", async () => {
    // about 1.7 s of CPU and 7 units on this machine under a test run's load (budget: twice that)
    expect(draw.units, JSON.stringify(draw)).toBeLessThan(15);
    // every drawing is kept (a full picture and a card variant): the next seed reads them instead of drawing
    const kept = fs.readdirSync(imageCacheDir).filter((name) => name.endsWith(".webp"));
    expect(kept.length).toBeGreaterThanOrEqual(2 * (await count(products)));
  });

  it("gives every demo product a picture, stored like an upload of its supplier with a card-sized variant", async () => {
    const rows = await database.db.select({ sellerId: products.sellerId, images: products.images }).from(products);
    expect(rows.length).toBeGreaterThan(0);
    const urls = new Set<string>();
    for (const row of rows) {
      expect(row.images).toHaveLength(1);
      const url = row.images[0]!;
      expect(url.startsWith(`/uploads/${row.sellerId}/product/`)).toBe(true);
      urls.add(url);
    }
    expect(urls.size).toBe(rows.length);
    // every one of them is stored, as WebP
    const stored = await Promise.all(rows.map((row) => storage.get(row.images[0]!.slice("/uploads/".length))));
    expect(stored.map((file) => file?.contentType)).toEqual(rows.map(() => "image/webp"));
    // the first and the last: the full picture and its card variant are WebP images of the right sizes
    for (const url of [rows[0]!.images[0]!, rows[rows.length - 1]!.images[0]!]) {
      const full = await storage.get(url.slice("/uploads/".length));
      const card = await storage.get(cardImageUrl(url).slice("/uploads/".length));
      expect(full?.contentType).toBe("image/webp");
      expect(await sharp(full!.bytes).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
      expect(await sharp(card!.bytes).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    }
  });

  it("gives every demo store a logo and a hero banner, stored like its seller's uploads, and an About page's facts", async () => {
    const rows = await database.db.select().from(stores);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const store of rows) {
      expect(store.logoUrl, store.name).toMatch(new RegExp(`^/uploads/${store.sellerId}/logo/\\d+\\.webp$`));
      expect(store.heroBanner, store.name).toMatch(new RegExp(`^/uploads/${store.sellerId}/hero_banner/\\d+\\.webp$`));
      const logo = await storage.get(store.logoUrl!.slice("/uploads/".length));
      const banner = await storage.get(store.heroBanner!.slice("/uploads/".length));
      expect(logo?.contentType).toBe("image/webp");
      expect(await sharp(logo!.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
      expect(await sharp(banner!.bytes).metadata()).toMatchObject({ format: "webp", width: 1600, height: 400 });
      expect(await storage.get(cardImageUrl(store.heroBanner!).slice("/uploads/".length))).toMatchObject({
        contentType: "image/webp",
      });
      // the About tab: the company in its own words, and the facts a buyer checks
      expect(store.description?.length, store.name).toBeGreaterThan(80);
      expect(store.yearFounded, store.name).toBeGreaterThan(1900);
      expect(store.certifications.length, store.name).toBeGreaterThanOrEqual(3);
      expect(store.productionCapacity, store.name).toBeTruthy();
    }
  });

  it("creates at least 60 active products covering every top category of the tree", async () => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.status, "active"));
    expect(row?.n).toBeGreaterThanOrEqual(60);

    const categories = await database.db.selectDistinct({ category: products.category }).from(products);
    // every top category of the tree lists products (issue #41.2: the home page and the header link each)
    expect(categories.map((c) => c.category).sort()).toEqual([...TOP_CATEGORY_SLUGS].sort());
  });

  it("gives every product a seller with a verified seller profile and valid prices", async () => {
    const orphans = await database.db
      .select({ id: products.id })
      .from(products)
      .leftJoin(profiles, eq(profiles.userId, products.sellerId))
      .where(or(isNull(profiles.id), eq(profiles.isSeller, false), ne(profiles.verificationStatus, "verified")));
    expect(orphans).toEqual([]);

    const badPrices = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.priceMinCents} > ${products.priceMaxCents} or ${products.priceMinCents} <= 0`);
    expect(badPrices).toEqual([]);
  });

  it("gives a few products HS codes, ports and price breaks that the product form would accept, the lowest break as their lowest price", async () => {
    const tiered = await database.db
      .select({
        name: products.name,
        hsCode: products.hsCode,
        originPort: products.originPort,
        moq: products.minimumOrderQuantity,
        min: products.priceMinCents,
        max: products.priceMaxCents,
        minQuantity: productPriceTiers.minQuantity,
        price: productPriceTiers.unitPriceCents,
      })
      .from(productPriceTiers)
      .innerJoin(products, eq(products.id, productPriceTiers.productId))
      .orderBy(products.name, productPriceTiers.minQuantity);
    const byProduct = Map.groupBy(tiered, (t) => t.name);
    expect(byProduct.size).toBeGreaterThanOrEqual(3);
    expect(
      byProduct
        .get("Tellicherry Black Pepper, TGSEB Grade")!
        .map((t) => [t.hsCode, t.originPort, t.minQuantity, t.price]),
    ).toEqual([
      ["0904110020", "INCOK", 2000, 910],
      ["0904110020", "INCOK", 10000, 820],
    ]);
    for (const [name, tiers] of byProduct) {
      const ladder = tiers.map((t) => ({ minQuantity: t.minQuantity, unitPrice: t.price }));
      const issues: string[] = [];
      checkPriceLadder(
        ladder,
        { addIssue: (issue) => issues.push(issue.message) },
        { path: (i, field) => [i, field], moq: tiers[0]!.moq, base: { cents: tiers[0]!.max, label: "max" } },
      );
      expect(issues, name).toEqual([]);
      expect(tiers[0]!.min, name).toBe(Math.min(...ladder.map((t) => t.unitPrice)));
    }
  });

  it("creates active stores and links every product to its seller's store", async () => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(eq(stores.status, "active"));
    expect(row?.n).toBeGreaterThanOrEqual(3);

    const unlinked = await database.db
      .select({ id: products.id })
      .from(products)
      .leftJoin(storeProducts, eq(storeProducts.productId, products.id))
      .leftJoin(stores, and(eq(stores.id, storeProducts.storeId), eq(stores.sellerId, products.sellerId)))
      .where(isNull(stores.id));
    expect(unlinked).toEqual([]);
  });

  it("creates published RFQs with future deadlines and at least one submitted quote", async () => {
    const published = await database.db.select().from(rfqs).where(eq(rfqs.status, "published"));
    expect(published.length).toBeGreaterThanOrEqual(5);
    const today = new Date().toISOString().slice(0, 10);
    for (const rfq of published) expect(rfq.deadline > today).toBe(true);

    const [quotes] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rfqResponses)
      .where(eq(rfqResponses.status, "submitted"));
    expect(quotes?.n).toBeGreaterThanOrEqual(1);
  });

  it("matched the demo RFQs to the suppliers whose products fit: the towel RFQ to the textile mill, not the spice house", async () => {
    const rows = await database.db
      .select({ company: profiles.companyName, productNames: rfqMatches.productNames })
      .from(rfqMatches)
      .innerJoin(rfqs, eq(rfqs.id, rfqMatches.rfqId))
      .innerJoin(profiles, eq(profiles.userId, rfqMatches.sellerId))
      .where(eq(rfqs.title, "Organic cotton bath towels, 600 GSM"));
    const textiles = rows.find((r) => r.company === "Shakti Textiles Pvt. Ltd.");
    expect(textiles?.productNames[0]).toBe("Organic Cotton Bath Towels, 600 GSM");
    expect(rows.some((r) => r.company.includes("Malabar"))).toBe(false);
    // every demo match is a supplier selling in the RFQ's category: no brake pads for a textile mill
    const offCategory = await database.db.execute(sql`
      select r.title, p.company_name from rfq_matches m join rfqs r on r.id = m.rfq_id join profiles p on p.user_id = m.seller_id
      where not exists (select 1 from products x where x.seller_id = m.seller_id and x.category = r.category)`);
    expect(Array.isArray(offCategory) ? offCategory : (offCategory as { rows: unknown[] }).rows).toEqual([]);
  });

  it("has another supplier of what a textile product is, for its page's Similar suppliers, and none from another trade", async () => {
    const [towels] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, "Organic Cotton Bath Towels, 600 GSM"));
    const similar = await similarSuppliersForProduct(database.db, towels!.id);
    expect(similar.map((s) => s.name)).toEqual(["Kaveri Home Furnishings Pvt. Ltd."]);
    expect(similar[0]!.verified).toBe(true);
    expect(similar[0]!.productNames.join(" ")).toMatch(/Towels/);
    expect(similar[0]!.storeId).not.toBeNull();
  });

  it("has trade to show: orders at each stage with their timeline, escrow that balances, and a review with its reply", async () => {
    const rows = await database.db.execute(sql`
      select o.status, count(e.id)::int as events,
        coalesce((select sum(case l.kind when 'fund' then l.amount_cents else -l.amount_cents end) from ledger_entries l where l.order_id = o.id), 0)::bigint as held,
        coalesce((select sum(l.amount_cents) from ledger_entries l where l.order_id = o.id and l.kind = 'release'), 0)::bigint as released,
        o.total_cents, (select count(*) from reviews r where r.order_id = o.id and r.reply is not null)::int as replied_reviews
      from orders o left join order_events e on e.order_id = o.id group by o.id order by o.created_at`);
    const orders = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{
      status: string;
      events: number;
      held: string | number;
      released: string | number;
      total_cents: string | number;
      replied_reviews: number;
    }>;
    expect(orders.map((o) => o.status)).toEqual(["completed", "shipped", "confirmed", "placed"]);
    expect(orders.map((o) => o.events)).toEqual([7, 5, 2, 1]);
    // released in full when it completed; the shipped order's payments held until its inspection window closes
    // (record 0042); the confirmed order waits for its advance
    expect(
      orders.map((o) => [Number(o.held) === Number(o.total_cents), Number(o.released) === Number(o.total_cents)]),
    ).toEqual([
      [false, true],
      [true, false],
      [false, false],
      [false, false],
    ]);
    expect(orders.map((o) => Number(o.held))[0]).toBe(0);
    expect(orders[0]!.replied_reviews).toBe(1);
    // their export documents, issued as the job issues them: the proforma at confirmation, the rest at shipment
    const documents = await database.db.execute(
      sql`select o.status, d.kind from order_documents d join orders o on o.id = d.order_id order by o.created_at, d.kind`,
    );
    const issued = (
      (Array.isArray(documents) ? documents : (documents as { rows: unknown[] }).rows) as Array<{
        status: string;
        kind: string;
      }>
    ).map((d) => `${d.status}:${d.kind}`);
    expect(issued).toEqual([
      "completed:commercial_invoice",
      "completed:packing_list",
      "completed:proforma_invoice",
      "shipped:commercial_invoice",
      "shipped:packing_list",
      "shipped:proforma_invoice",
      "confirmed:proforma_invoice",
    ]);
  });

  it("gives demo products 10-digit HTSUS codes of the HTS table, with their material, and demo orders ship-to addresses", async () => {
    const coded = await database.db
      .select({ name: products.name, hsCode: products.hsCode, material: products.material, known: htsCodes.code })
      .from(products)
      .leftJoin(htsCodes, eq(htsCodes.code, products.hsCode))
      .where(sql`length(${products.hsCode}) = 10`);
    expect(coded.length).toBeGreaterThanOrEqual(6);
    for (const p of coded) {
      expect(p.known, p.name).toBe(p.hsCode);
      expect(p.material, p.name).toBeTruthy();
    }
    const demoOrders = await database.db.select().from(orders);
    expect(demoOrders.length).toBeGreaterThanOrEqual(4);
    const known = new Set((await database.db.select({ code: htsCodes.code }).from(htsCodes)).map((r) => r.code));
    for (const o of demoOrders) {
      expect(o.shipToAddress, o.id).toMatch(/\b\d{5}\b/);
      expect(o.goodsDescription, o.id).toBeTruthy();
      if (o.hsCode?.length === 10) expect(known.has(o.hsCode), `${o.goodsDescription}: ${o.hsCode}`).toBe(true);
    }
    // goods that had 6-digit codes carry their 10-digit lines (migration 0048): pepper, tote bags, the LED panel
    expect(coded.map((p) => [p.name, p.hsCode])).toEqual(
      expect.arrayContaining([
        ["Tellicherry Black Pepper, TGSEB Grade", "0904110020"],
        ["Cotton Canvas Tote Bags", "4202921500"],
        ["LED Panel Light 2x2 ft, 40W", "9405116020"],
      ]),
    );
    const tote = demoOrders.find((o) => o.goodsDescription?.startsWith("Cotton Canvas Tote Bags"))!;
    expect(tote.hsCode).toBe("4202921500");
    const [proforma] = await database.db
      .select()
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, tote.id), eq(orderDocuments.kind, "proforma_invoice")));
    const proformaPdf = (await storage.get(proforma!.storageKey))!.bytes;
    const proformaText = (
      await extractText(await getDocumentProxy(new Uint8Array(proformaPdf)), { mergePages: true })
    ).text.replace(/\s+/g, " ");
    expect(proformaText).toContain("4202.92.1500");
    expect(proformaText).toContain("Of cotton");
    // the lines migration 0046 corrected: 6302.60.00's towels, and 8708.30.21, which the schedule no longer has
    const [towels] = await database.db.select().from(htsCodes).where(eq(htsCodes.code, "6302600020"));
    expect(towels?.description).toMatch(/of cotton: Towels: Other$/);
    expect(known.has("8708302190")).toBe(false);
    expect(known.has("8708305040")).toBe(true);
    // the shipped turmeric's commercial invoice prints the exporter's verified details, the consignee's address,
    // the goods from the product and the shipment as the supplier declared it
    const [shipped] = await database.db.select().from(orders).where(eq(orders.hsCode, "0910300000"));
    const [document] = await database.db
      .select()
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, shipped!.id), eq(orderDocuments.kind, "commercial_invoice")));
    const bytes = (await storage.get(document!.storageKey))!.bytes;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const invoice = text.replace(/\s+/g, " ");
    expect(invoice).toContain("Malabar Spice Exports Private Limited");
    expect(invoice).toContain("IEC: AAGCM7314K");
    expect(invoice).toContain("GSTIN: 32AAGCM7314K1Z8");
    expect(invoice).toContain("2150 E 37th Street Vernon, CA 90058");
    expect(invoice).toContain("Turmeric Powder, 3% Curcumin, in 25 kg lined paper bags. Material: Ground turmeric");
    expect(invoice).toContain("HTSUS 0910.30.0000");
    expect(invoice).toContain("Vessel / flight MSC Aurora 612E");
    expect(invoice).toContain("Port of discharge Los Angeles (USLAX)");
    expect(invoice).not.toContain("Not provided");
  });

  it("has a direct inquiry from the demo buyer to the demo supplier about one of its products, for their eyes only", async () => {
    const viewer = async (email: string): Promise<SessionUser> => {
      const [row] = await database.db
        .select({ user, profile: profiles })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.email, email));
      return { ...row!.user, isAdmin: row!.user.role === "admin", profile: row!.profile };
    };
    const params = (direct: boolean) => parseRfqListParams(new URLSearchParams(direct ? { direct: "1" } : {}));
    const supplier = await viewer("rajesh@shakti-textiles.example");
    const inbox = await listRfqs(database.db, params(true), supplier);
    expect(inbox.items.map((r) => r.title)).toEqual([DEMO_DIRECT_INQUIRY.title]);
    const [inquiry] = await database.db.select().from(rfqs).where(eq(rfqs.title, DEMO_DIRECT_INQUIRY.title));
    const [product] = await database.db.select().from(products).where(eq(products.id, inquiry!.productId!));
    // about a product of the supplier it is addressed to, at least its MOQ, in its unit, still open, quoted by no one
    expect(product).toMatchObject({
      name: DEMO_DIRECT_INQUIRY.productName,
      sellerId: supplier.id,
      unit: inquiry!.unit,
    });
    expect(inquiry).toMatchObject({ addressedSellerId: supplier.id, status: "published", inviteSimilar: false });
    expect(inquiry!.quantity).toBeGreaterThanOrEqual(product!.minimumOrderQuantity);
    expect(inquiry!.deadline > new Date().toISOString().slice(0, 10)).toBe(true);
    const buyer = await viewer("sarah@brooklyn-home-goods.example");
    expect(inquiry!.buyerId).toBe(buyer.id);
    expect(await database.db.select().from(rfqResponses).where(eq(rfqResponses.rfqId, inquiry!.id))).toEqual([]);
    // no one else sees it: another supplier, a visitor
    let board = 0;
    for (const other of [await viewer("priya@deccan-auto.example"), null]) {
      const list = await listRfqs(database.db, params(false), other);
      expect(list.items.map((r) => r.title)).not.toContain(DEMO_DIRECT_INQUIRY.title);
      board = list.total;
    }
    // the administrator's open RFQs are the public board a visitor sees; the direct inquiry is counted apart
    expect(await loadAdminDashboard(database.db, { isAdmin: true })).toMatchObject({
      openRfqs: board,
      openDirectInquiries: 1,
    });
    // its supplier's quote form starts from the product's goods, its weight of one unit too (issue #41.1)
    expect(await quoteGoodsFromProduct(database.db, supplier, product!.id)).toMatchObject({
      goodsDescription: DEMO_DIRECT_INQUIRY.productName,
      material: product!.material,
      hsCode: "6302.60.0020",
      unitWeightKg: "0.13",
    });
  });

  it("creates every demo account with the role it is listed under", async () => {
    const rows = await database.db
      .select({
        email: user.email,
        isSeller: profiles.isSeller,
        isBuyer: profiles.isBuyer,
        userRole: user.role,
        company: profiles.companyName,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id));
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(row?.company).toBe(account.company);
      if (account.role === "admin") expect(row?.userRole).toBe("admin");
      else expect(row).toMatchObject({ isSeller: account.role === "seller", isBuyer: account.role === "buyer" });
    }
  });

  it("does nothing on a second call", async () => {
    const tables = [user, profiles, products, stores, storeProducts, rfqs, rfqResponses] as const;
    const before = await Promise.all(tables.map(count));
    expect(await seedDemoDataIfEmpty(database.db)).toBe(false);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
