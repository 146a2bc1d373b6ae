import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPriceTiers } from "~/db/schema/products";
import { createProduct } from "../../../seed/factories/products";
import { createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { rfqPrefillFromProduct } from "./rfq-prefill.server";

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
});
