import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/products";
import { rfqs } from "~/db/schema/rfqs";
import { stores } from "~/db/schema/stores";
import { user } from "~/db/schema/auth";
import { queryRows } from "~/db/client.server";
import { refusedBy } from "../support/refused-by";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";

// on both engines (test-database.ts): the database client and schema themselves
describe.each(testEngines("both"))("database schema on %s", (engine) => {
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
      .values({ sellerId, name: "Cotton towels", category: "home-textiles", priceMinCents: 125, priceMaxCents: 250 })
      .returning();
    expect(row!.priceMinCents).toBe(125);
    expect(row!.status).toBe("active");
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses a price range whose min is above its max", async () => {
    expect(
      await refusedBy(
        database.db
          .insert(products)
          .values({ sellerId, name: "Bad", category: "home-textiles", priceMinCents: 500, priceMaxCents: 100 }),
      ),
    ).toBe("products_price_check");
  });

  it("refuses unknown categories, units and statuses", async () => {
    const base = { sellerId, name: "X", priceMinCents: 1, priceMaxCents: 2 };
    expect(await refusedBy(database.db.insert(products).values({ ...base, category: "toys" }))).toBe(
      "products_category_check",
    );
    expect(
      await refusedBy(database.db.insert(products).values({ ...base, category: "spices-and-food", unit: "boxes" })),
    ).toBe("products_unit_check");
    // a status outside PRODUCT_STATUSES does not type-check; the database refuses it too
    const deleted = "deleted" as "active";
    expect(
      await refusedBy(database.db.insert(products).values({ ...base, category: "spices-and-food", status: deleted })),
    ).toBe("products_status_check");
  });

  it("refuses non-positive quantities and inverted budgets on RFQs", async () => {
    const base = {
      buyerId: sellerId,
      title: "Towels",
      description: "Need towels",
      category: "home-textiles",
      deadline: "2030-01-01",
      deliveryLocation: "New York, NY",
    };
    expect(await refusedBy(database.db.insert(rfqs).values({ ...base, quantity: 0 }))).toBe("rfqs_quantity_check");
    expect(
      await refusedBy(
        database.db.insert(rfqs).values({ ...base, quantity: 10, budgetMinCents: 1000, budgetMaxCents: 10 }),
      ),
    ).toBe("rfqs_budget_check");
    const [ok] = await database.db
      .insert(rfqs)
      .values({ ...base, quantity: 10, budgetMinCents: 10 })
      .returning();
    expect(ok!.status).toBe("published");
  });

  it("refuses unknown store statuses and verification statuses", async () => {
    // values outside STORE_STATUSES and VERIFICATION_STATUSES do not type-check; the database refuses them too
    const deleted = "deleted" as "active";
    const approved = "approved" as "verified";
    expect(await refusedBy(database.db.insert(stores).values({ sellerId, name: "S", status: deleted }))).toBe(
      "stores_status_check",
    );
    expect(
      await refusedBy(database.db.insert(stores).values({ sellerId, name: "S", verificationStatus: approved })),
    ).toBe("stores_verification_status_check");
    const [ok] = await database.db
      .insert(stores)
      .values({ sellerId, name: "S", verificationStatus: "verified" })
      .returning();
    expect(ok!.status).toBe("active");
  });

  it("has the full-text search column and the marketplace's indexes", async () => {
    await database.db.insert(products).values({
      sellerId,
      name: "Brass diya lamps",
      description: "Hand cast",
      category: "engineering-goods",
      tags: ["festive"],
      priceMinCents: 1,
      priceMaxCents: 2,
    });
    const result = await database.db.execute(
      sql`select count(*)::int as n from products where search_vector @@ to_tsquery('english', 'festive & lamp:*')`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(1);
    const indexes = await database.db.execute(
      sql`select indexname from pg_indexes where tablename in ('products', 'profiles', 'stores')`,
    );
    const names = (
      (Array.isArray(indexes) ? indexes : (indexes as { rows: unknown[] }).rows) as Array<{ indexname: string }>
    ).map((r) => r.indexname);
    for (const name of [
      "products_category_search_idx",
      "products_name_trgm_idx",
      "products_status_price_min_idx",
      "products_status_price_max_idx",
      "products_status_name_idx",
      "profiles_company_name_trgm_idx",
      "stores_name_trgm_idx",
    ]) {
      expect(names).toContain(name);
    }
    // text + category is answered by one GIN index (btree_gin) holding both columns; the benchmark measures what it saves
    const definition = await database.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'products_category_search_idx'`,
    );
    const [index] = (Array.isArray(definition) ? definition : (definition as { rows: unknown[] }).rows) as Array<{
      indexdef: string;
    }>;
    expect(index!.indexdef).toMatch(/USING gin \(category, search_vector\)$/);
  });

  it.runIf(engine === "postgres")(
    "prepares statements with parameters, and plans each run for its own values",
    async () => {
      // a statement is listed in pg_prepared_statements only when it was prepared under a name on its connection
      const prepared = await queryRows<{ plan_cache_mode: string }>(
        database.db,
        sql`select current_setting('plan_cache_mode') as plan_cache_mode from pg_prepared_statements where statement like '%finds itself when prepared%' and ${1}::int = 1`,
      );
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.plan_cache_mode).toBe("force_custom_plan");
      // one without parameters keeps the simple protocol
      const simple = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%not prepared without parameters%'`,
      );
      expect(simple[0]!.n).toBe(0);
    },
  );

  it("enforces foreign keys", async () => {
    expect(
      await refusedBy(
        database.db
          .insert(products)
          .values({ sellerId: "nobody", name: "X", category: "spices-and-food", priceMinCents: 1, priceMaxCents: 1 }),
      ),
    ).toBe("products_seller_id_user_id_fk");
  });
});
