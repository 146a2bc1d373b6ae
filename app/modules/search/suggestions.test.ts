import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/products";
import { stores } from "~/db/schema/stores";
import { user } from "~/db/schema/auth";
import { browseProducts, searchProducts } from "~/modules/products/product-search.server";
import { parseProductSearchParams } from "~/modules/products/product-search-params";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { PRODUCT_SUGGESTIONS, searchSuggestions } from "./suggestions.server";

// on both engines (test-database.ts): trigram similarity and prefix matching, planned differently on each engine
describe.each(testEngines("both"))("header search suggestions on %s", (engine) => {
  let database: TestDatabase;
  const product = (name: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    sellerId: "s1",
    name,
    category: "spices-and-food",
    priceMinCents: 100,
    priceMaxCents: 200,
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await db.insert(user).values({ id: "s1", name: "Ravi", email: "ravi@example.com" });
    await db.insert(products).values([
      product("Organic Turmeric Powder"),
      product("Turmeric Latte Mix"),
      product("Hidden Turmeric", { status: "inactive" }),
      product("100% Cotton Towels", { category: "home-textiles" }),
      product("Cotton Bed Sheets", { category: "home-textiles" }),
      product("Plain Bath Mat", { category: "home-textiles", description: "Woven from combed cotton." }),
      // more cotton products than the box shows, so its order is the search's, not any order of all matches
      ...Array.from({ length: 6 }, (_, i) => product(`Cotton Kitchen Towel ${i + 1}`, { category: "home-textiles" })),
    ]);
    await db.insert(stores).values([
      { sellerId: "s1", name: "Kerala Turmeric Traders" },
      { sellerId: "s1", name: "100% Organic Store" },
    ]);
  });
  afterAll(() => database.drop());

  it("suggests real active products, stores and categories", async () => {
    const result = await searchSuggestions(database.db, "turmeric");
    expect(result.products.map((p) => p.label).sort()).toEqual(["Organic Turmeric Powder", "Turmeric Latte Mix"]);
    expect(result.stores.map((s) => s.label)).toEqual(["Kerala Turmeric Traders"]);
    expect(result.products[0]!.href).toMatch(/^\/product\//);
    const food = await searchSuggestions(database.db, "food");
    expect(food.categories.map((c) => c.href)).toEqual([
      "/category/spices-and-food",
      "/category/food-drink",
      "/category/snacks-and-processed-food",
    ]);
    // the tree's subcategories too, and a label's accent need not be typed
    expect((await searchSuggestions(database.db, "planters")).categories).toEqual([
      { kind: "category", label: "Planters & Vases", href: "/category/planters-and-vases" },
    ]);
    expect((await searchSuggestions(database.db, "decor")).categories.map((c) => c.href)).toEqual([
      "/category/home-decor",
      "/category/wall-decor",
    ]);
  });

  it("suggests cotton for the typo 'cottn', as the marketplace search finds it", async () => {
    const result = await searchSuggestions(database.db, "cottn");
    expect(result.products.length).toBeGreaterThan(0);
    for (const suggestion of result.products) expect(suggestion.label).toMatch(/cotton/i);
    const browse = await browseProducts(database.db, parseProductSearchParams(new URLSearchParams("q=cottn")));
    expect(browse.items.map((p) => p.name)).toContain(result.products[0]!.label);
  });

  it.each(["cotton", "cottn", "cott", "towels", "turmeric latte", "co", "mat"])(
    "suggests the first products of /browse?q=%s, in its order",
    async (q) => {
      const result = await searchSuggestions(database.db, q);
      const page = await searchProducts(database.db, {
        ...parseProductSearchParams(new URLSearchParams({ q })),
        limit: PRODUCT_SUGGESTIONS,
      });
      const browse = await browseProducts(database.db, parseProductSearchParams(new URLSearchParams({ q })));
      const hrefs = result.products.map((p) => p.href);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs).toEqual(page.items.map((p) => `/product/${p.id}`));
      expect(hrefs).toEqual(browse.items.slice(0, PRODUCT_SUGGESTIONS).map((p) => `/product/${p.id}`));
    },
  );

  it("finds what the search finds beyond names: a product whose description says the word", async () => {
    const result = await searchSuggestions(database.db, "combed");
    expect(result.products.map((p) => p.label)).toEqual(["Plain Bath Mat"]);
  });

  it("treats wildcards and search syntax as plain text", async () => {
    // stores are matched with LIKE: '%' is a literal percent sign
    const percent = await searchSuggestions(database.db, "0%");
    expect(percent.stores.map((s) => s.label)).toEqual(["100% Organic Store"]);
    const underscore = await searchSuggestions(database.db, "__");
    expect(underscore).toEqual({ categories: [], products: [], stores: [] });
    // products go through the full-text search, which reads only letters and digits: operators are no syntax
    const operators = await searchSuggestions(database.db, "cotton & !| :*");
    expect(operators.products.map((p) => p.label)).toEqual(
      (await searchSuggestions(database.db, "cotton")).products.map((p) => p.label),
    );
  });

  it("ignores queries shorter than two characters", async () => {
    expect(await searchSuggestions(database.db, " t ")).toEqual({ categories: [], products: [], stores: [] });
  });
});
