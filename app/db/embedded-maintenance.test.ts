import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../seed/factories/products";
import { createSeller } from "../../seed/factories/users";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { startJobQueue } from "~/modules/jobs/job-queue.server";
import { queryRows } from "./client.server";
import { tidyChangedTables } from "./embedded-maintenance.server";

// PGlite only: a PostgreSQL server's autovacuum does the same, on its own schedule.
describe("the embedded database's vacuum and analyze", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.drop());

  const productStatistics = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stats where tablename = 'products'`,
      )
    )[0]!.n;

  it("analyzes the tables changed since their last analysis, as autovacuum would, and only those", async () => {
    const seller = await createSeller(database.db, { companyName: "Ganga Exports" });
    await createProducts(
      database.db,
      Array.from({ length: 80 }, (_, i) => ({
        sellerId: seller.user.id,
        name: `Brass lamp ${i}`,
        category: "electronics" as const,
      })),
    );
    expect(await productStatistics()).toBe(0);
    expect((await tidyChangedTables(database.db)).analyzed).toContain("products");
    expect(await productStatistics()).toBeGreaterThan(0);
    // nothing changed since: nothing to do
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
    // a few changes are not worth it; a tenth of the table and fifty rows more are
    await createProducts(database.db, [{ sellerId: seller.user.id, name: "Brass bell", category: "electronics" }]);
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
    await createProducts(
      database.db,
      Array.from({ length: 70 }, (_, i) => ({
        sellerId: seller.user.id,
        name: `Copper pot ${i}`,
        category: "spices-and-food" as const,
      })),
    );
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: [], analyzed: ["products"] });
  });

  it("vacuums the tables whose updates and deletes left dead rows, one a pass, most dead rows first", async () => {
    const tableStats = async (table: string) =>
      (
        await queryRows<{ dead: number; vacuums: number }>(
          database.db,
          sql`select n_dead_tup::int as dead, vacuum_count::int as vacuums from pg_stat_user_tables where relname = ${table}`,
        )
      )[0]!;
    await database.db.execute(sql`create table scratch (id int primary key, n int not null default 0)`);
    await database.db.execute(sql`insert into scratch (id) select g from generate_series(1, 400) g`);
    await tidyChangedTables(database.db);
    const before = await tableStats("products");
    // every product edited once: as many dead rows as live ones; and more still in the other table
    await database.db.execute(sql`update products set description = description || ' Updated.'`);
    await database.db.execute(sql`update scratch set n = 1`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect((await tableStats("products")).dead).toBeGreaterThan(100);
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: ["scratch"], analyzed: ["products", "scratch"] });
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: ["products"], analyzed: ["products"] });
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect(await tableStats("products")).toEqual({ dead: 0, vacuums: before.vacuums + 1 });
    expect((await tableStats("scratch")).dead).toBe(0);
    // and nothing left to do
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("still finds what changed before a restart, which PGlite's counters forget", async () => {
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
    await database.db.execute(sql`insert into notes select g, repeat('x', 200) from generate_series(1, 2000) g`);
    expect((await tidyChangedTables(database.db)).analyzed).toContain("notes");
    // every note edited, then the counters lost, as when PGlite restarts
    await database.db.execute(sql`update notes set body = body || 'y'`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select pg_stat_reset()`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    const [counted] = await queryRows<{ dead: number; changed: number }>(
      database.db,
      sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = 'notes'`,
    );
    expect(counted).toEqual({ dead: 0, changed: 0 });
    // the table has doubled since its last analysis recorded its size
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: ["notes"], analyzed: ["notes"] });
    expect(await tidyChangedTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("tidies the job queue's tables too (schema pgboss), where every job leaves dead rows", async () => {
    const jobs = await startJobQueue(database);
    try {
      for (let i = 0; i < 120; i++)
        await jobs.send(database.db, "email", { to: `buyer-${i}@example.test`, subject: "Your quote", text: "Hello" });
    } finally {
      await jobs.stop();
    }
    const [partition] = await queryRows<{ name: string }>(
      database.db,
      sql`select tableoid::regclass::text as name from pgboss.job where name = 'email' limit 1`,
    );
    const table = partition!.name.replace(/^pgboss\./, "");
    expect((await tidyChangedTables(database.db)).analyzed).toContain(`pgboss.${table}`);
    // the jobs run (each row updated as it goes), then are deleted: dead rows, as many as the jobs
    await database.db.execute(
      sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'email'`,
    );
    await database.db.execute(sql`delete from pgboss.job where name = 'email'`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    const dead = async () =>
      (
        await queryRows<{ dead: number }>(
          database.db,
          sql`select n_dead_tup::int as dead from pg_stat_user_tables where schemaname = 'pgboss' and relname = ${table}`,
        )
      )[0]!.dead;
    expect(await dead()).toBeGreaterThanOrEqual(120);
    expect((await tidyChangedTables(database.db)).vacuumed).toEqual([`pgboss.${table}`]);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect(await dead()).toBe(0);
  });
});
