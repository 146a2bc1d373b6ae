import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPriceMarks, inSearchSample, PRICE_MARK_THRESHOLDS, priceMarksWithin, products, SEARCH_SAMPLES, type SearchSample } from "~/db/schema/products";
import { rfqs } from "~/db/schema/rfqs";
import { stores } from "~/db/schema/stores";
import { user } from "~/db/schema/auth";
import { queryRows } from "~/db/client.server";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";

describe.each(testEngines())("database schema on %s", (engine) => {
  let database: TestDatabase;
  const sellerId = "seller-1";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(user).values({ id: sellerId, name: "Asha", email: "asha@example.com" });
  });
  afterAll(() => database.drop());

  it("has pg_trgm enabled by its own migration", async () => {
    const result = await database.db.execute(sql`select similarity('wholesale', 'wholesal') > 0.5 as close`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ close: boolean }>;
    expect(rows[0]!.close).toBe(true);
  });

  it("stores money as integer cents and accepts a valid product", async () => {
    const [row] = await database.db
      .insert(products)
      .values({ sellerId, name: "Cotton towels", category: "textiles", priceMinCents: 125, priceMaxCents: 250 })
      .returning();
    expect(row!.priceMinCents).toBe(125);
    expect(row!.status).toBe("active");
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses a price range whose min is above its max", async () => {
    await expect(
      database.db.insert(products).values({ sellerId, name: "Bad", category: "textiles", priceMinCents: 500, priceMaxCents: 100 }),
    ).rejects.toThrow();
  });

  it("refuses unknown categories, units and statuses", async () => {
    const base = { sellerId, name: "X", priceMinCents: 1, priceMaxCents: 2 };
    await expect(database.db.insert(products).values({ ...base, category: "toys" })).rejects.toThrow();
    await expect(database.db.insert(products).values({ ...base, category: "food", unit: "boxes" })).rejects.toThrow();
    await expect(database.db.insert(products).values({ ...base, category: "food", status: "deleted" })).rejects.toThrow();
  });

  it("refuses non-positive quantities and inverted budgets on RFQs", async () => {
    const base = {
      buyerId: sellerId,
      title: "Towels",
      description: "Need towels",
      category: "textiles",
      deadline: "2030-01-01",
      deliveryLocation: "New York, NY",
    };
    await expect(database.db.insert(rfqs).values({ ...base, quantity: 0 })).rejects.toThrow();
    await expect(
      database.db.insert(rfqs).values({ ...base, quantity: 10, budgetMinCents: 1000, budgetMaxCents: 10 }),
    ).rejects.toThrow();
    const [ok] = await database.db.insert(rfqs).values({ ...base, quantity: 10, budgetMinCents: 10 }).returning();
    expect(ok!.status).toBe("published");
  });

  it("refuses unknown store statuses and verification statuses", async () => {
    await expect(database.db.insert(stores).values({ sellerId, name: "S", status: "deleted" })).rejects.toThrow();
    await expect(database.db.insert(stores).values({ sellerId, name: "S", verificationStatus: "approved" })).rejects.toThrow();
    const [ok] = await database.db.insert(stores).values({ sellerId, name: "S", verificationStatus: "verified" }).returning();
    expect(ok!.status).toBe("active");
  });

  it("has the full-text search column and the marketplace's indexes", async () => {
    await database.db.insert(products).values({ sellerId, name: "Brass diya lamps", description: "Hand cast", category: "machinery", tags: ["festive"], priceMinCents: 1, priceMaxCents: 2 });
    const result = await database.db.execute(
      sql`select count(*)::int as n from products where search_vector @@ to_tsquery('english', 'festive & lamp:*')`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(1);
    const indexes = await database.db.execute(sql`select indexname from pg_indexes where tablename in ('products', 'profiles', 'stores')`);
    const names = ((Array.isArray(indexes) ? indexes : (indexes as { rows: unknown[] }).rows) as Array<{ indexname: string }>).map((r) => r.indexname);
    for (const name of ["products_category_search_idx", "products_sample_search_idx", "products_name_trgm_idx", "products_status_price_min_idx", "products_status_price_max_idx", "products_status_name_idx", "profiles_company_name_trgm_idx", "stores_name_trgm_idx"]) {
      expect(names).toContain(name);
    }
    // text + category is answered by one GIN index (btree_gin) holding both columns; the benchmark measures what it saves
    // and so is a price bound (the price marks, see priceMarks)
    const definition = await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'products_category_search_idx'`);
    const [index] = (Array.isArray(definition) ? definition : (definition as { rows: unknown[] }).rows) as Array<{ indexdef: string }>;
    expect(index!.indexdef).toMatch(/USING gin \(category, search_vector, setu_price_marks\(price_min_cents, price_max_cents\)\)/);
  });

  it("marks each product's price at the thresholds the search's price bounds are written with", async () => {
    // the database's setu_price_marks and PRICE_MARK_THRESHOLDS must agree, or a bound would miss products
    const expected = (min: number, max: number) => [...PRICE_MARK_THRESHOLDS.filter((t) => t <= min), ...PRICE_MARK_THRESHOLDS.filter((t) => t >= max).map((t) => -t)];
    const prices: Array<[number, number]> = [[0, 0], [99, 100], [100, 100], [150, 300], [999, 1_001], [100_000, 180_000], [4_999_999, 5_000_000], [5_000_000, 9_000_000_000]];
    for (const [min, max] of prices) {
      const [row] = await queryRows<{ marks: number[] }>(database.db, sql`select setu_price_marks(${min}::bigint, ${max}::bigint) as marks`);
      expect(row!.marks, `marks of ${min}-${max} cents`).toEqual(expected(min, max));
    }
  });

  it("reads a text search's price bound off the full-text indexes with its words", async () => {
    const planOf = (where: ReturnType<typeof sql>) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ "QUERY PLAN": string }>(tx as never, sql`explain select id from products where search_vector @@ to_tsquery('english', 'lamp') and ${where}`);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    const marks = priceMarksWithin({ min: 1_000_00, max: 5_000_00 });
    expect(marks).toEqual([1_000_00, -5_000_00]);
    const bound = hasPriceMarks(products.priceMinCents, products.priceMaxCents, marks);
    expect(await planOf(sql`${bound} and ${inSearchSample(products.id, 4)}`)).toMatch(/products_sample4_search_idx[\s\S]*Index Cond: .*setu_price_marks/);
    expect(await planOf(bound)).toMatch(/products_category_search_idx[\s\S]*Index Cond: .*setu_price_marks/);
    // a bound no threshold narrows adds nothing
    expect(priceMarksWithin({ min: 50, max: 10_000_000 })).toEqual([]);
    expect(priceMarksWithin({ min: 1_500_00, max: null })).toEqual([1_000_00]);
    expect(priceMarksWithin({ min: null, max: 1_500_00 })).toEqual([-2_000_00]);
  });

  it("reads each search sample off its partial index: the query's condition is the index's predicate", async () => {
    // a condition spelled even slightly differently would leave the index unused, silently
    const planOf = (oneIn: SearchSample) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select id from products where search_vector @@ to_tsquery('english', 'lamp') and ${inSearchSample(products.id, oneIn)}`,
        );
        return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ "QUERY PLAN": string }>).map((r) => r["QUERY PLAN"]).join("\n");
      });
    expect(SEARCH_SAMPLES).toEqual([64, 16, 4]);
    expect(await planOf(64)).toContain("products_sample64_search_idx");
    expect(await planOf(16)).toContain("products_sample_search_idx");
    expect(await planOf(4)).toContain("products_sample4_search_idx");
  });

  it.runIf(engine === "postgres")("prepares statements with parameters, and plans each run for its own values", async () => {
    // a statement is listed in pg_prepared_statements only when it was prepared under a name on its connection
    const prepared = await queryRows<{ plan_cache_mode: string }>(
      database.db,
      sql`select current_setting('plan_cache_mode') as plan_cache_mode from pg_prepared_statements where statement like '%finds itself when prepared%' and ${1}::int = 1`,
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.plan_cache_mode).toBe("force_custom_plan");
    // one without parameters keeps the simple protocol
    const simple = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements where statement like '%not prepared without parameters%'`);
    expect(simple[0]!.n).toBe(0);
  });

  it("enforces foreign keys", async () => {
    await expect(
      database.db.insert(products).values({ sellerId: "nobody", name: "X", category: "food", priceMinCents: 1, priceMaxCents: 1 }),
    ).rejects.toThrow();
  });
});
