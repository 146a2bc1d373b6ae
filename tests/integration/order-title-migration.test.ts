import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, queryRows, type Database } from "~/db/client.server";
import { migrationIndex, migrationsUpTo } from "../support/migrations-up-to";

describe("an order keeps its title (migration order-title, issue #39 item 1, record 0049)", () => {
  let database: Database | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives every order placed so far its RFQ's title, and an order whose RFQ is gone none", async () => {
    const before = migrationsUpTo(migrationIndex("order-title") - 1);
    dirs.push(before);
    database = await openPglite(null);
    const db = database.db;
    await migrate(db as never, { migrationsFolder: before });
    for (const id of ["old-buyer", "old-seller"]) {
      await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
    }
    const [rfq] = await queryRows<{ id: string }>(
      db,
      sql`insert into rfqs (buyer_id, title, description, category, quantity, unit, deadline, delivery_location, status)
        values ('old-buyer', 'Terry towels, 450 gsm', 'Terry towels', 'home-textiles', 10, 'pieces', '2027-01-01', 'Austin, TX', 'awarded') returning id`,
    );
    await db.execute(sql`insert into orders (buyer_id, seller_id, rfq_id, quantity, unit, unit_price_cents, total_cents)
      values ('old-buyer', 'old-seller', ${rfq!.id}, 10, 'pieces', 500, 5000),
             ('old-buyer', 'old-seller', null, 20, 'pieces', 500, 10000)`);

    await migrate(db as never, { migrationsFolder: "drizzle" });

    const orders = await queryRows<{ quantity: number; title: string | null }>(
      db,
      sql`select quantity, title from orders order by quantity`,
    );
    expect(orders).toEqual([
      { quantity: 10, title: "Terry towels, 450 gsm" },
      { quantity: 20, title: null },
    ]);
    // the title is the order's own now: deleting the RFQ leaves it
    await db.execute(sql`delete from rfqs where id = ${rfq!.id}`);
    const [kept] = await queryRows<{ title: string | null }>(db, sql`select title from orders where quantity = 10`);
    expect(kept!.title).toBe("Terry towels, 450 gsm");
  }, 120_000); // the migration chain on PGlite, beside other files
});
