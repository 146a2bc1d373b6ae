import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducts, type ProductRow } from "../../../seed/factories/products";
import { eq } from "drizzle-orm";
import { rfqs } from "~/db/schema/rfqs";
import { createQuote, createRfq, dateFromToday } from "../../../seed/factories/rfqs";
import { postRfq } from "../../../tests/support/rfq-form";
import { rankSuppliersForRfq } from "./matching.server";
import { addProductsToStore, createStore, type StoreRow } from "../../../seed/factories/stores";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  similarSuppliersForProduct,
  similarSuppliersForStore,
  suppliersWhoQuotedLikeRfq,
} from "./similar-suppliers.server";

// on both engines (test-database.ts): similarity queries, planned differently on each engine
describe.each(testEngines("both"))("similar suppliers on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let otherBuyer: Account;
  let erode: Account;
  let karur: Account;
  let linens: Account;
  let pumps: Account;
  let erodeTowel: ProductRow;
  let erodeStore: StoreRow;
  let karurStore: StoreRow;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Bath Co" });
    otherBuyer = await createBuyer(database.db, { companyName: "Austin Spa Supply" });
    erode = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    karur = await createSeller(database.db, { companyName: "Karur Towel House", verificationStatus: "pending" });
    linens = await createSeller(database.db, { companyName: "Panipat Home Linen" });
    pumps = await createSeller(database.db, { companyName: "Rajkot Pumps" });
    const products = await createProducts(database.db, [
      {
        sellerId: erode.user.id,
        name: "Organic Cotton Bath Towels",
        category: "home-textiles",
        tags: ["towel", "organic", "bath"],
        description: "GOTS certified terry towels.",
      },
      { sellerId: erode.user.id, name: "Terry Hand Towels", category: "home-textiles", tags: ["towel"] },
      { sellerId: karur.user.id, name: "Cotton Bath Towels", category: "home-textiles", tags: ["towel"] },
      { sellerId: karur.user.id, name: "Kitchen Towels", category: "home-textiles", tags: ["towel", "kitchen"] },
      { sellerId: karur.user.id, name: "Striped Beach Towels", category: "home-textiles", tags: ["towel", "beach"] },
      { sellerId: linens.user.id, name: "Cotton Bed Sheets", category: "home-textiles", tags: ["bedding"] },
      // a pump "for towel factories" is still a pump: another category never matches
      {
        sellerId: pumps.user.id,
        name: "Towel Mill Water Pump",
        category: "engineering-goods",
        tags: ["pump", "towel"],
      },
    ]);
    erodeTowel = products[0]!;
    erodeStore = await createStore(database.db, { sellerId: erode.user.id, name: "Erode Terry Store" });
    karurStore = await createStore(database.db, { sellerId: karur.user.id, name: "Karur Towels Online" });
    await createStore(database.db, { sellerId: pumps.user.id, name: "Rajkot Pump Store" });
    await addProductsToStore(database.db, [
      { storeId: erodeStore.id, productId: products[0]!.id },
      { storeId: erodeStore.id, productId: products[1]!.id },
      { storeId: karurStore.id, productId: products[2]!.id },
      { storeId: karurStore.id, productId: products[3]!.id },
      { storeId: karurStore.id, productId: products[4]!.id },
    ]);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("suggests other towel suppliers on a towel product page, verified first, with their matching products; never itself, never the pump maker", async () => {
    const similar = await similarSuppliersForProduct(database.db, erodeTowel.id);
    // Karur (unverified) has the closer products, but Panipat is verified: verified first
    expect(similar.map((s) => s.name)).toEqual(["Panipat Home Linen", "Karur Towel House"]);
    expect(similar[0]).toMatchObject({
      verified: true,
      storeId: null,
      productNames: ["Cotton Bed Sheets"],
      rating: null,
    });
    expect(similar[1]).toMatchObject({ verified: false, storeId: karurStore.id });
    expect(similar[1]!.productNames).toHaveLength(2);
    expect(similar[1]!.productNames[0]).toBe("Cotton Bath Towels");
    expect(await similarSuppliersForProduct(database.db, "not-a-uuid")).toEqual([]);
  });

  it("suggests suppliers like a store from its products, never the store's own supplier", async () => {
    const similar = await similarSuppliersForStore(database.db, karurStore.id);
    // Erode's towels fit far better than Panipat's cotton sheets (one shared word, "cotton")
    expect(similar.map((s) => s.name)).toEqual(["Erode Terry Mills", "Panipat Home Linen"]);
    expect(similar[0]).toMatchObject({ verified: true, storeId: erodeStore.id });
    expect([...similar[0]!.productNames].sort()).toEqual(["Organic Cotton Bath Towels", "Terry Hand Towels"]);
  });

  it("shows an RFQ's buyer the suppliers who quoted on RFQs like it, without those who already quoted on it; nobody else sees them", async () => {
    const past = await createRfq(database.db, {
      buyerId: otherBuyer.user.id,
      category: "home-textiles",
      title: "Hotel bath towels, white",
    });
    const unrelated = await createRfq(database.db, {
      buyerId: otherBuyer.user.id,
      category: "home-textiles",
      title: "Cotton bed sheets",
    });
    const otherCategory = await createRfq(database.db, {
      buyerId: otherBuyer.user.id,
      category: "engineering-goods",
      title: "Towel folding machine",
    });
    await createQuote(database.db, { rfqId: past.id, sellerId: erode.user.id });
    await createQuote(database.db, { rfqId: past.id, sellerId: karur.user.id });
    await createQuote(database.db, { rfqId: unrelated.id, sellerId: linens.user.id });
    await createQuote(database.db, { rfqId: otherCategory.id, sellerId: pumps.user.id });
    const rfq = await createRfq(database.db, {
      buyerId: buyer.user.id,
      category: "home-textiles",
      title: "Organic bath towels",
    });

    const suggested = await suppliersWhoQuotedLikeRfq(database.db, actorOf(buyer), rfq.id);
    expect(suggested.map((s) => s.name)).toEqual(["Erode Terry Mills", "Karur Towel House"]);
    expect(suggested[0]).toMatchObject({ verified: true, storeId: erodeStore.id, similarRfqs: 1 });

    // a supplier who already quoted on this RFQ is not suggested again
    await createQuote(database.db, { rfqId: rfq.id, sellerId: erode.user.id });
    expect((await suppliersWhoQuotedLikeRfq(database.db, actorOf(buyer), rfq.id)).map((s) => s.name)).toEqual([
      "Karur Towel House",
    ]);

    // only the RFQ's buyer sees them
    expect(await suppliersWhoQuotedLikeRfq(database.db, actorOf(otherBuyer), rfq.id)).toEqual([]);
    expect(await suppliersWhoQuotedLikeRfq(database.db, actorOf(karur), rfq.id)).toEqual([]);
    expect(await suppliersWhoQuotedLikeRfq(database.db, null, rfq.id)).toEqual([]);
  });
});

// issue #41.2: a brass planter is filed under Home Décor (Planters & Vases), not Machinery, and is shown planters
describe.each(testEngines())("similar suppliers in the category tree on %s", (engine) => {
  let database: TestDatabase;
  let moradabad: Account;
  let planters: Account;
  let lamps: Account;
  let pumps: Account;
  let brassPlanter: ProductRow;
  let moradabadStore: StoreRow;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    moradabad = await createSeller(database.db, { companyName: "Moradabad Brass Works" });
    planters = await createSeller(database.db, { companyName: "Khurja Planter House" });
    lamps = await createSeller(database.db, { companyName: "Jaipur Brass Lamps" });
    pumps = await createSeller(database.db, { companyName: "Rajkot Brass Pumps" });
    const products = await createProducts(database.db, [
      {
        sellerId: moradabad.user.id,
        name: "Hand-Engraved Brass Planter",
        category: "home-decor",
        subcategory: "planters-and-vases",
        tags: ["brass", "planter"],
      },
      {
        sellerId: moradabad.user.id,
        name: "Brass Planter with Stand",
        category: "home-decor",
        subcategory: "planters-and-vases",
        tags: ["brass", "planter"],
      },
      // the same words in the same top category: only the subcategory tells these two apart, and the lamp house
      // even says "engraved" as the planter does
      {
        sellerId: planters.user.id,
        name: "Brass Planter",
        category: "home-decor",
        subcategory: "planters-and-vases",
        tags: ["brass", "planter"],
      },
      {
        sellerId: lamps.user.id,
        name: "Engraved Brass Planter Lamp",
        category: "home-decor",
        subcategory: "candles-and-lighting",
        tags: ["brass", "planter", "engraved"],
      },
      // brass and a pump's impeller: engineering goods are never like a planter
      {
        sellerId: pumps.user.id,
        name: "Brass Impeller Planter Irrigation Pump",
        category: "engineering-goods",
        subcategory: "pumps-and-motors",
        tags: ["brass", "planter", "pump"],
      },
    ]);
    brassPlanter = products[0]!;
    moradabadStore = await createStore(database.db, {
      sellerId: moradabad.user.id,
      name: "Moradabad Brass",
      categories: ["handicrafts", "home-decor"],
    });
    await addProductsToStore(database.db, [
      { storeId: moradabadStore.id, productId: products[0]!.id },
      { storeId: moradabadStore.id, productId: products[1]!.id },
    ]);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("ranks a supplier of the product's subcategory above one of its top category alone, and never another category's", async () => {
    const similar = await similarSuppliersForProduct(database.db, brassPlanter.id);
    expect(similar.map((s) => s.name)).toEqual(["Khurja Planter House", "Jaipur Brass Lamps"]);
  });

  it("ranks by the store's main subcategory as well", async () => {
    const similar = await similarSuppliersForStore(database.db, moradabadStore.id);
    expect(similar.map((s) => s.name)).toEqual(["Khurja Planter House", "Jaipur Brass Lamps"]);
  });

  it("matches an RFQ posted under a subcategory closer to that subcategory's suppliers, never another category's", async () => {
    const buyer = await createBuyer(database.db, { companyName: "Brooklyn Plant Shop" });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Engraved brass planters",
      description: "For a garden centre chain.",
      category: "planters-and-vases",
      specifications: "",
      quantity: "500",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Brooklyn, NY",
      deadline: dateFromToday(20),
    }))
      form.set(name, value);
    const posted = await postRfq(database.db, actorOf(buyer), form);
    expect(posted.ok).toBe(true);
    if (!posted.ok) return;
    const [row] = await database.db
      .select({ category: rfqs.category, subcategory: rfqs.subcategory })
      .from(rfqs)
      .where(eq(rfqs.id, posted.value.id));
    expect(row).toEqual({ category: "home-decor", subcategory: "planters-and-vases" });
    const ranked = (await rankSuppliersForRfq(database.db, posted.value.id)).map((m) => m.sellerId);
    // the lamp house's product holds every word of the title ("engraved" too); the planter house sells planters
    expect(ranked).toEqual([moradabad.user.id, planters.user.id, lamps.user.id]);
    expect(ranked).not.toContain(pumps.user.id);

    // posted under the top category alone, the words decide between them
    const broad = await createRfq(database.db, {
      buyerId: buyer.user.id,
      title: "Engraved brass planters",
      category: "home-decor",
    });
    const broadly = (await rankSuppliersForRfq(database.db, broad.id)).map((m) => m.sellerId);
    expect(broadly.indexOf(lamps.user.id)).toBeLessThan(broadly.indexOf(planters.user.id));
    expect(broadly).not.toContain(pumps.user.id);
  });
});
