import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../tests/factories/products";
import { createSeller } from "../../tests/factories/users";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { queryRows } from "./client.server";
import { analyzeChangedTables } from "./embedded-maintenance.server";

// PGlite only: a PostgreSQL server's autovacuum does the same, on its own schedule.
describe("the embedded database's analyze", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.drop());

  const productStatistics = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_stats where tablename = 'products'`))[0]!.n;

  it("analyzes the tables changed since their last analysis, as autovacuum would, and only those", async () => {
    const seller = await createSeller(database.db, { companyName: "Ganga Exports" });
    await createProducts(
      database.db,
      Array.from({ length: 80 }, (_, i) => ({ sellerId: seller.user.id, name: `Brass lamp ${i}`, category: "electronics" as const })),
    );
    expect(await productStatistics()).toBe(0);
    expect(await analyzeChangedTables(database.db)).toContain("products");
    expect(await productStatistics()).toBeGreaterThan(0);
    // nothing changed since: nothing to do
    expect(await analyzeChangedTables(database.db)).toEqual([]);
    // a few changes are not worth it; a tenth of the table and fifty rows more are
    await createProducts(database.db, [{ sellerId: seller.user.id, name: "Brass bell", category: "electronics" }]);
    expect(await analyzeChangedTables(database.db)).toEqual([]);
    await createProducts(
      database.db,
      Array.from({ length: 70 }, (_, i) => ({ sellerId: seller.user.id, name: `Copper pot ${i}`, category: "food" as const })),
    );
    expect(await analyzeChangedTables(database.db)).toEqual(["products"]);
  });
});
