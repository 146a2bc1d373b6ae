import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/products";
import { stores } from "~/db/schema/stores";
import { user } from "~/db/schema/auth";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { searchSuggestions } from "./suggestions.server";

// on both engines (test-database.ts): trigram similarity and prefix matching, planned differently on each engine
describe.each(testEngines("both"))("header search suggestions on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await db.insert(user).values({ id: "s1", name: "Ravi", email: "ravi@example.com" });
    await db.insert(products).values([
      { sellerId: "s1", name: "Organic Turmeric Powder", category: "food", priceMinCents: 100, priceMaxCents: 200 },
      { sellerId: "s1", name: "Turmeric Latte Mix", category: "food", priceMinCents: 100, priceMaxCents: 200 },
      {
        sellerId: "s1",
        name: "Hidden Turmeric",
        category: "food",
        priceMinCents: 100,
        priceMaxCents: 200,
        status: "inactive",
      },
      { sellerId: "s1", name: "100% Cotton Towels", category: "textiles", priceMinCents: 100, priceMaxCents: 200 },
    ]);
    await db.insert(stores).values({ sellerId: "s1", name: "Kerala Turmeric Traders" });
  });
  afterAll(() => database.drop());

  it("suggests real active products, stores and categories", async () => {
    const result = await searchSuggestions(database.db, "turmeric");
    expect(result.products.map((p) => p.label).sort()).toEqual(["Organic Turmeric Powder", "Turmeric Latte Mix"]);
    expect(result.stores.map((s) => s.label)).toEqual(["Kerala Turmeric Traders"]);
    expect(result.products[0]!.href).toMatch(/^\/product\//);
    const food = await searchSuggestions(database.db, "food");
    expect(food.categories.map((c) => c.href)).toContain("/category/food");
  });

  it("treats LIKE wildcards as literal text", async () => {
    const percent = await searchSuggestions(database.db, "0%");
    expect(percent.products.map((p) => p.label)).toEqual(["100% Cotton Towels"]);
    const underscore = await searchSuggestions(database.db, "__");
    expect(underscore.products).toEqual([]);
  });

  it("ignores queries shorter than two characters", async () => {
    expect(await searchSuggestions(database.db, " t ")).toEqual({ categories: [], products: [], stores: [] });
  });
});
