// A store's Analytics tab over a store with over a million recorded views (issue #23.3: p95 ≤ 200 ms), and what
// counting one view costs a request (≤ 1 ms).
//   npm run bench:analytics -- [--products 200] [--runs 50] [--database-url postgres://…/throwaway_db]
// Without --database-url it runs on an in-memory PGlite. The hourly counts are written with SQL in bulk: every hour
// of the last 90 days for the store and each of its products (100 store views and 2 views of each product an hour).
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openPglite, openPostgres, queryRows, type Database } from "~/db/client.server";
import { storeProducts } from "~/db/schema/stores";
import { storeAnalytics } from "~/modules/analytics/analytics.server";
import { ViewCounter } from "~/modules/analytics/view-counter.server";
import { actorOf, createSeller } from "../seed/factories/users";
import { createProducts } from "../seed/factories/products";
import { createStore } from "../seed/factories/stores";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "200" },
    runs: { type: "string", default: "50" },
    "database-url": { type: "string" },
  },
});
const productCount = Number(values.products);
const runs = Number(values.runs);

const database: Database = values["database-url"]
  ? await openPostgres(values["database-url"], 2)
  : await openPglite(null);
await migrateDatabase(database, values["database-url"]);
const { db } = database;

const seller = await createSeller(db, { companyName: "Tiruppur Knit Works" });
const store = await createStore(db, { sellerId: seller.user.id });
const made = await createProducts(
  db,
  Array.from({ length: productCount }, (_, i) => ({ sellerId: seller.user.id, name: `Knitted T-shirt ${i + 1}` })),
);
await db.insert(storeProducts).values(made.map((p) => ({ storeId: store.id, productId: p.id })));
const started = Date.now();
await db.execute(sql`
  insert into page_view_hours (kind, subject_id, hour, views)
  select 'store', ${store.id}::uuid, date_trunc('hour', now()) - make_interval(hours => h), 100 from generate_series(0, 90 * 24 - 1) as h`);
await db.execute(sql`
  insert into page_view_hours (kind, subject_id, hour, views)
  select 'product', sp.product_id, date_trunc('hour', now()) - make_interval(hours => h), 2
  from store_products sp cross join generate_series(0, 90 * 24 - 1) as h where sp.store_id = ${store.id}`);
// what the view counter writes beside the hours: the same counts per day
await db.execute(sql`
  insert into page_view_days (kind, subject_id, day, views)
  select kind, subject_id, (hour at time zone 'UTC')::date, sum(views) from page_view_hours group by 1, 2, 3`);
await db.execute(sql`analyze page_view_hours`);
await db.execute(sql`analyze page_view_days`);
const [counted] = await queryRows<{ rows: number; views: number }>(
  db,
  sql`select count(*)::int as rows, sum(views)::int as views from page_view_hours`,
);
console.log(
  `${database.engine}: ${counted!.views.toLocaleString("en-US")} views in ${counted!.rows.toLocaleString("en-US")} hourly rows, written in ${Date.now() - started} ms`,
);

const actor = actorOf(seller);
for (const days of [7, 30, 90] as const) {
  await storeAnalytics(db, actor, store.id, days);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await storeAnalytics(db, actor, store.id, days);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`analytics, last ${days} days: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (budget 200 ms)`);
}

const counter = new ViewCounter();
const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const n = 100_000;
const t = performance.now();
for (let i = 0; i < n; i++)
  counter.record({
    kind: "product",
    subjectId: store.id,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    userAgent: ua,
  });
console.log(`counting a view: ${(((performance.now() - t) / n) * 1000).toFixed(1)} µs (budget 1 ms)`);
await database.close();
