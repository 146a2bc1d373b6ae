import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "~/db/client.server";
import { migrationIndex, migrationsUpTo } from "../support/migrations-up-to";

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as Rows<T> & { rows: T[] }).rows) as T[];

describe("customs-ready papers (migration customs-ready-papers, issue #41.1, record 0053)", () => {
  let database: Database | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps 6-digit HS codes of products and quotes as they were, gives products their material, and loads HTSUS lines", async () => {
    const before = migrationsUpTo(migrationIndex("customs-ready-papers") - 1);
    dirs.push(before);
    database = await openPglite(null);
    const db = database.db;
    await migrate(db as never, { migrationsFolder: before });
    // written as the code of that time wrote them, naming only the columns that existed then
    for (const [id, seller] of [
      ["old-buyer", false],
      ["old-seller", true],
    ] as const) {
      await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
      await db.execute(
        sql`insert into profiles (user_id, full_name, company_name, is_buyer, is_seller) values (${id}, ${id}, ${id}, ${!seller}, ${seller})`,
      );
    }
    await db.execute(sql`insert into products (seller_id, name, category, price_min_cents, price_max_cents, hs_code, specifications)
      values ('old-seller', 'Hand towels', 'home-textiles', 100, 200, '630260', '{"material": "100% cotton", "gsm": "450"}'::jsonb),
             ('old-seller', 'Brass planter', 'handicrafts', 900, 1300, '8306290000', '{"material": 7}'::jsonb),
             ('old-seller', 'Pepper', 'spices-and-food', 800, 900, null, null)`);
    const [rfq] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into rfqs (buyer_id, title, description, category, quantity, unit, deadline, delivery_location)
        values ('old-buyer', 'Towels', 'Terry towels', 'home-textiles', 10, 'pieces', '2027-01-01', 'Austin, TX') returning id`),
    );
    await db.execute(sql`insert into rfq_responses (rfq_id, seller_id, price_cents, quantity, delivery_timeline, hs_code)
      values (${rfq!.id}, 'old-seller', 1000, 10, '30 days', '630260')`);

    await migrate(db as never, { migrationsFolder: "drizzle" });

    const products = rowsOf<{
      name: string;
      hs_code: string | null;
      material: string | null;
      manufacturer: string | null;
    }>(await db.execute(sql`select name, hs_code, material, manufacturer from products order by name`));
    expect(products).toEqual([
      // a material that was not text stays in the specifications only
      { name: "Brass planter", hs_code: "8306290000", material: null, manufacturer: null },
      { name: "Hand towels", hs_code: "630260", material: "100% cotton", manufacturer: null },
      { name: "Pepper", hs_code: null, material: null, manufacturer: null },
    ]);
    const quotes = rowsOf<{ hs_code: string; material: string | null }>(
      await db.execute(sql`select hs_code, material from rfq_responses`),
    );
    expect(quotes).toEqual([{ hs_code: "630260", material: null }]);
    const lines = rowsOf<{ code: string; description: string }>(
      await db.execute(sql`select code, description from hts_codes where code = '6302600020'`),
    );
    expect(lines).toEqual([
      {
        code: "6302600020",
        description:
          "Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Towels: Other",
      },
    ]);
  });
});
