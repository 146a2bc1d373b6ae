import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOrders } from "../../../tests/factories/orders";
import { createProducts } from "../../../seed/factories/products";
import { createBuyer, createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { MARKETPLACE_FIGURES_MAX_AGE_MS, marketplaceFigures } from "./marketplace-figures.server";

describe.each(testEngines())("marketplace figures on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("counts verified suppliers, active products by category, buyers and the value of orders not cancelled, and recounts after a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const empty = await marketplaceFigures(database.db);
      expect(empty).toEqual({
        verifiedSuppliers: 0,
        activeProducts: 0,
        buyers: 0,
        orderValueCents: 0,
        productsByCategory: {},
      });

      const verified = await createSeller(database.db, { verificationStatus: "verified" });
      await createSeller(database.db, { verificationStatus: "pending" });
      const buyer = await createBuyer(database.db);
      await createProducts(database.db, [
        { sellerId: verified.user.id, category: "home-textiles" },
        { sellerId: verified.user.id, category: "home-textiles" },
        { sellerId: verified.user.id, category: "spices-and-food" },
        { sellerId: verified.user.id, category: "spices-and-food", status: "inactive" },
      ]);
      await createOrders(database.db, [
        { buyerId: buyer.user.id, sellerId: verified.user.id, status: "placed", quantity: 10, unitPriceCents: 12_00 },
        {
          buyerId: buyer.user.id,
          sellerId: verified.user.id,
          status: "cancelled",
          quantity: 1,
          unitPriceCents: 999_00,
        },
      ]);
      // within the minute, the remembered figures
      expect(await marketplaceFigures(database.db)).toBe(await marketplaceFigures(database.db));
      expect((await marketplaceFigures(database.db)).activeProducts).toBe(0);

      vi.setSystemTime(Date.now() + MARKETPLACE_FIGURES_MAX_AGE_MS + 1);
      expect(await marketplaceFigures(database.db)).toEqual({
        verifiedSuppliers: 1,
        activeProducts: 3,
        buyers: 1,
        orderValueCents: 120_00,
        productsByCategory: { "home-textiles": 2, "spices-and-food": 1 },
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
