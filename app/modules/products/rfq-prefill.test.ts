import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPriceTiers } from "~/db/schema/products";
import { createProduct } from "../../../seed/factories/products";
import { createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { quoteGoodsFromProduct, rfqPrefillFromProduct } from "./rfq-prefill.server";

describe.each(testEngines())("RFQ pre-filled from a product on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("takes a chosen price break's quantity, and its price for that quantity as the target budget", async () => {
    const seller = await createSeller(database.db);
    const product = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Cotton Terry Towels",
      category: "home-textiles",
      minimumOrderQuantity: 200,
      priceMinCents: 380,
      priceMaxCents: 450,
    });
    const other = await createProduct(database.db, { sellerId: seller.user.id });
    const [first, second] = await database.db
      .insert(productPriceTiers)
      .values([
        { productId: product.id, minQuantity: 500, unitPriceCents: 420 },
        { productId: product.id, minQuantity: 1000, unitPriceCents: 380 },
      ])
      .returning({ id: productPriceTiers.id });
    const [othersTier] = await database.db
      .insert(productPriceTiers)
      .values({ productId: other.id, minQuantity: 700, unitPriceCents: 100 })
      .returning({ id: productPriceTiers.id });

    expect(await rfqPrefillFromProduct(database.db, product.id)).toEqual({
      productId: product.id,
      // a direct inquiry is addressed to the product's supplier, at least its MOQ (#41 item 3)
      supplierCompany: seller.profile.companyName,
      minimumOrderQuantity: 200,
      title: "Cotton Terry Towels",
      category: "home-textiles",
      unit: "pieces",
      quantity: 200,
      tier: null,
    });
    expect(await rfqPrefillFromProduct(database.db, product.id, second!.id)).toMatchObject({
      quantity: 1000,
      tier: { id: second!.id, minQuantity: 1000, unitPriceCents: 380, targetCents: 380_000 },
    });
    expect(await rfqPrefillFromProduct(database.db, product.id, first!.id)).toMatchObject({
      quantity: 500,
      tier: { targetCents: 210_000 },
    });
    // another product's break, or nonsense, is ignored: the MOQ as before
    for (const tier of [othersTier!.id, "nope", "00000000-0000-0000-0000-000000000000"]) {
      expect(await rfqPrefillFromProduct(database.db, product.id, tier)).toMatchObject({ quantity: 200, tier: null });
    }
    expect(await rfqPrefillFromProduct(database.db, "nope", first!.id)).toBeNull();
  });

  it("a direct inquiry's quote starts from the product's goods, for the product's own supplier only", async () => {
    const seller = await createSeller(database.db);
    const invited = await createSeller(database.db);
    const towel = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Organic cotton bath towel, 600 GSM",
      material: "100% organic cotton terry",
      manufacturer: "Sri Murugan Terry Weavers, Karur, Tamil Nadu, India",
      hsCode: "6302600020",
      // the Create Product dialog's weight of one unit, in kg
      specifications: { origin: "India", weight: 0.5875, gsm: "600" },
    });
    expect(await quoteGoodsFromProduct(database.db, { id: seller.user.id }, towel.id)).toEqual({
      productName: "Organic cotton bath towel, 600 GSM",
      goodsDescription: "Organic cotton bath towel, 600 GSM",
      material: "100% organic cotton terry",
      manufacturer: "Sri Murugan Terry Weavers, Karur, Tamil Nadu, India",
      hsCode: "6302.60.0020",
      shortHsCode: null,
      // in the form's own kilograms: grams, so 3 decimals at most, and no thousands separator
      unitWeightKg: "0.588",
    });
    // an invited similar supplier quotes its own goods, and never reads another's maker
    expect(await quoteGoodsFromProduct(database.db, { id: invited.user.id }, towel.id)).toBeNull();
    expect(await quoteGoodsFromProduct(database.db, { id: seller.user.id }, null)).toBeNull();
    expect(await quoteGoodsFromProduct(database.db, { id: seller.user.id }, "nope")).toBeNull();
    // an older 6-digit code is not a quote's HTSUS number: the field starts empty and the form names the old code;
    // a weight that is not a number of kg (an imported "100 g" note) prefills nothing
    const lamp = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "LED lamp",
      hsCode: "940540",
      specifications: { weight: "100 g" },
    });
    expect(await quoteGoodsFromProduct(database.db, { id: seller.user.id }, lamp.id)).toMatchObject({
      material: "",
      manufacturer: "",
      hsCode: "",
      shortHsCode: "940540",
      unitWeightKg: "",
    });
    const anvil = await createProduct(database.db, { sellerId: seller.user.id, specifications: { weight: "1250.5" } });
    expect(await quoteGoodsFromProduct(database.db, { id: seller.user.id }, anvil.id)).toMatchObject({
      unitWeightKg: "1250.5",
    });
  });
});
