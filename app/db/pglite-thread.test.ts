import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../seed/factories/users";
import { DatabaseOpenError, migrateDatabase, openPgliteThread, queryRows, type Database } from "./client.server";
import type { PgliteThread } from "./pglite-thread.server";
import { products } from "./schema/products";

// The app server's embedded database runs on a thread of its own: what Drizzle, better-auth and the
// domain code do through it must behave as on PGlite in one thread, and the server's thread stays free.
describe("the embedded database on its own thread", () => {
  let dataDir: string;
  let database: Database;
  let sellerId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-thread-"));
    database = await openPgliteThread(dataDir);
    await migrateDatabase(database);
    sellerId = (await createSeller(database.db, { companyName: "Ganga Exports" })).user.id;
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`))[0]!.n;

  it("returns rows typed as Drizzle maps them: dates, numbers, JSON, arrays", async () => {
    const [row] = await database.db
      .insert(products)
      .values({
        sellerId,
        name: "Cotton towels",
        category: "home-textiles",
        priceMinCents: 125,
        priceMaxCents: 250,
        tags: ["home-textiles", "cotton"],
      })
      .returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row!.priceMinCents).toBe(125);
    expect(row!.tags).toEqual(["home-textiles", "cotton"]);
    const [again] = await database.db.select().from(products).where(eq(products.id, row!.id));
    expect(again).toEqual(row);
    const [raw] = await queryRows<{ j: unknown; a: number[]; t: string }>(
      database.db,
      sql`select '{"a":[1,2]}'::jsonb as j, array[3,4] as a, ${"it's"}::text as t`,
    );
    expect(raw).toEqual({ j: { a: [1, 2] }, a: [3, 4], t: "it's" });
  });

  it("applies a caller's parsers as PGlite does, and returns PGlite's result shape", async () => {
    type Client = {
      query: (
        q: string,
        p: unknown[],
        o: object,
      ) => Promise<{ rows: unknown[]; rowCount?: number; command?: string; affectedRows?: number }>;
    };
    const client = (database.db as unknown as { $client: Client }).$client;
    const parsers = { 1184: (text: string) => `parsed ${text.slice(0, 4)}` };
    const sqlText =
      "select timestamptz '2026-01-02 03:04:05+00' as a, 1 as a, timestamptz '2026-01-02 03:04:05+00' as b";
    // in object mode the row keeps the last column of a name: a parser is for that column's type only
    expect((await client.query(sqlText, [], { parsers })).rows).toEqual([{ a: 1, b: "parsed 2026" }]);
    expect((await client.query(sqlText, [], { parsers, rowMode: "array" })).rows).toEqual([
      ["parsed 2026", 1, "parsed 2026"],
    ]);
    const insert = await client.query(
      "insert into products (seller_id, name, category, price_min_cents, price_max_cents) values ($1, 'Shape', 'home-textiles', 1, 1)",
      [sellerId],
      {},
    );
    expect(insert).toMatchObject({ rows: [], affectedRows: 1, rowCount: 1, command: "INSERT" });
    await client.query("delete from products where name = 'Shape'", [], {});
  });

  it("keeps a database error's code and message", async () => {
    const failure = await database.db.execute(sql`select 1 / 0`).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const cause = (failure as Error).cause as { code?: string; message?: string };
    expect(cause.code).toBe("22012");
    expect(cause.message).toBe("division by zero");
    // and the thread goes on answering
    expect(await count()).toBeGreaterThanOrEqual(1);
  });

  it("commits a transaction that ends well and rolls back one that throws, nested ones too", async () => {
    const before = await count();
    await database.db.transaction(async (tx) => {
      await tx
        .insert(products)
        .values({ sellerId, name: "Kept", category: "home-textiles", priceMinCents: 1, priceMaxCents: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(products).values({
            sellerId,
            name: "Dropped inside",
            category: "home-textiles",
            priceMinCents: 1,
            priceMaxCents: 1,
          });
          throw new Error("inner");
        })
        .catch(() => {});
    });
    expect(await count()).toBe(before + 1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .insert(products)
          .values({ sellerId, name: "Dropped", category: "home-textiles", priceMinCents: 1, priceMaxCents: 1 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(before + 1);
    const names = await queryRows<{ name: string }>(
      database.db,
      sql`select name from products where name like 'Dropped%' or name = 'Kept'`,
    );
    expect(names.map((r) => r.name)).toEqual(["Kept"]);
  });

  it("holds other queries until a transaction ends, as PGlite does", async () => {
    const before = await count();
    const events: string[] = [];
    let outside: Promise<number> | undefined;
    await database.db.transaction(async (tx) => {
      await tx
        .insert(products)
        .values({ sellerId, name: "In a transaction", category: "home-textiles", priceMinCents: 1, priceMaxCents: 1 });
      outside = count().then((n) => {
        events.push("outside");
        return n;
      });
      // a round trip to the thread: by its answer the outside query has been handed to the thread too, so the
      // next query of the transaction reaches the thread after it (one ordered message port)
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 1`);
      events.push("committing");
    });
    // the outside query never saw the transaction half done
    expect(await outside).toBe(before + 1);
    expect(events).toEqual(["committing", "outside"]);
  });

  it("leaves this thread free while a query runs", async () => {
    const started = performance.now();
    // work for the database's thread alone (pg_sleep would wait without holding a thread)
    const busy = database.db
      .execute(sql`select count(*) from generate_series(1, 4000000) as n where n % 7 = 3`)
      .then((result) => result);
    // in one thread, this timer would fire only after the whole query
    const timerFiredAfter = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(performance.now() - started), 5),
    );
    await busy;
    const queryTook = performance.now() - started;
    expect(queryTook).toBeGreaterThan(200);
    expect(timerFiredAfter).toBeLessThan(queryTook / 2);
  });

  it("refuses a value that cannot reach the other thread, and goes on", async () => {
    const client = (database.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } })
      .$client;
    // structured clone refuses a function: the DataCloneError, not a database error, and the thread stays usable
    await expect(client.query("select $1::text", [() => 1])).rejects.toThrow(/could not be cloned/);
    expect(await count()).toBeGreaterThanOrEqual(1);
  });

  it("passes on NOTIFY of committed transactions to its listeners, not of rolled-back ones", async () => {
    const client = (database.db as unknown as { $client: PgliteThread }).$client;
    const heard: string[] = [];
    const alsoHeard: string[] = [];
    const stop = await client.listen("thread_test", (payload) => heard.push(payload));
    const stopToo = await client.listen("thread_test", (payload) => alsoHeard.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_test', 'committed')`);
      // the thread sends a query's notifications before its answer, on the same ordered port: by the answer of a
      // later query, a notification sent early would have arrived
      await tx.execute(sql`select 1`);
      // not before the commit
      expect(heard).toEqual([]);
    });
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('thread_test', 'rolled back')`);
        throw new Error("changed my mind");
      })
      .catch(() => {});
    await database.db.execute(sql`select pg_notify('thread_test', 'outside a transaction')`);
    await expect.poll(() => heard).toEqual(["committed", "outside a transaction"]);
    expect(alsoHeard).toEqual(heard);
    await stop();
    await database.db.execute(sql`select pg_notify('thread_test', 'after one stopped')`);
    await expect.poll(() => alsoHeard.at(-1)).toBe("after one stopped");
    await stopToo();
    // a listener of another channel hears a marker notified after: what was notified before it has been delivered
    const markers: string[] = [];
    const stopMarker = await client.listen("thread_test_marker", (payload) => markers.push(payload));
    await database.db.execute(
      sql`select pg_notify('thread_test', 'nobody listens'), pg_notify('thread_test_marker', 'after it')`,
    );
    await expect.poll(() => markers).toEqual(["after it"]);
    await stopMarker();
    expect(heard).toEqual(["committed", "outside a transaction"]);
    expect(alsoHeard.at(-1)).toBe("after one stopped");
  });

  it("keeps its data on disk and its lock on the folder", async () => {
    await expect(openPgliteThread(dataDir)).rejects.toBeInstanceOf(DatabaseOpenError);
    const before = await count();
    await database.close();
    const closed = await database.db.execute(sql`select 1`).catch((error: Error) => error);
    expect(((closed as Error).cause as Error).message).toBe("The embedded database is closed");
    database = await openPgliteThread(dataDir);
    expect(await count()).toBe(before);
  });

  it("fails what waits and what comes when its thread dies, rather than hanging", async () => {
    const worker = (database.db as unknown as { $client: { worker: { terminate: () => Promise<number> } } }).$client
      .worker;
    let waiting: Promise<unknown> | undefined;
    const work = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // waits for the transaction to end
        waiting = database.db.execute(sql`select 1`).then((result) => result);
        await worker.terminate();
        throw new Error("the work failed");
      })
      .catch((error: Error) => error);
    // the work's own error is reported, not the rollback's that could not happen
    expect(work.message).toBe("the work failed");
    const failure = await waiting!.catch((error: Error) => error);
    expect(((failure as Error).cause as Error).message).toMatch(/^The embedded database stopped/);
    const next = await database.db.execute(sql`select 1`).catch((error: Error) => error);
    expect(((next as Error).cause as Error).message).toMatch(/^The embedded database stopped/);
  });
});
