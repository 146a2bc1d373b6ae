// Fills a database with a realistic marketplace catalogue for the search benchmark.
//   npm run bench:seed -- --products 1000000 [--sellers 2000] [--database-url postgres://…] [--data-dir ./bench-data] [--reset]
// Suppliers and products are generated inside the database (INSERT … SELECT … FROM generate_series),
// deterministically: the same --products and --sellers give the same catalogue (ids aside).
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { migrateDatabase, queryRows, type Db } from "~/db/client.server";
import { benchTarget, describeTarget, formatInt, openTarget, seconds } from "./bench-database.server";
import {
  CATEGORY_WORDS,
  checkVocabulary,
  CITIES,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  FEATURES,
  FIRST_NAMES,
  LAST_NAMES,
  MOQS,
  NOUNS_PER_SUBCATEGORY,
  RARE_WORDS,
  SUPPLIER_KINDS,
} from "./vocabulary";

const SELLER_ID_PREFIX = "bench-seller-";
const DAYS_OF_PRODUCTS = 730;

/** Share of products per category, in CATEGORY_WORDS order (electronics, machinery, textiles, chemicals, automotive, food). */
const CATEGORY_PERCENT = [18, 16, 22, 15, 14, 15];
/** Price per unit in cents, [cheapest, dearest], in CATEGORY_WORDS order; prices are spread log-uniformly between them. */
const PRICE_RANGE_CENTS: [number, number][] = [
  [50, 500_000],
  [10_000, 5_000_000],
  [50, 50_000],
  [50, 200_000],
  [100, 500_000],
  [50, 20_000],
];

const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "1000000" },
    sellers: { type: "string", default: "2000" },
    "batch-size": { type: "string", default: "50000" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    reset: { type: "boolean", default: false },
  },
});

function positiveInt(name: string, raw: string | undefined, min = 1): number {
  const n = Number(String(raw).replace(/_/g, ""));
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
}

// The constants below are written here, never taken from input, so they may be inlined as SQL literals.
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
function textArray(list: readonly string[]): SQL {
  return sql.raw(`(ARRAY[${list.map(literal).join(", ")}]::text[])`);
}
function textMatrix(lists: readonly (readonly string[])[]): SQL {
  return sql.raw(`(ARRAY[${lists.map((list) => `ARRAY[${list.map(literal).join(", ")}]`).join(", ")}]::text[])`);
}
function numberArray(list: readonly number[], type: "int" | "float8"): SQL {
  return sql.raw(`(ARRAY[${list.map((n) => String(n)).join(", ")}]::${type}[])`);
}
/** A deterministic non-negative pseudo-random int4 for row `key` and stream `stream`. */
function hash(key: SQL, stream: number): SQL {
  return sql`(hashint8(${key} * 32 + ${sql.raw(String(stream))}) & 2147483647)`;
}

async function insertSellers(db: Db, sellers: number, anchor: string) {
  const i = sql.raw("i");
  const h = hash(sql`i::bigint`, 1);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select ${SELLER_ID_PREFIX} || lpad(i::text, 5, '0'),
           ${textArray(FIRST_NAMES)}[${h} % ${FIRST_NAMES.length} + 1] || ' ' || ${textArray(LAST_NAMES)}[(${h} / 16) % ${LAST_NAMES.length} + 1],
           'seller-' || lpad(i::text, 5, '0') || '@bench.setu.test',
           true, 'user', joined, joined
    from (select ${i}, ${anchor}::timestamptz - make_interval(days => ${DAYS_OF_PRODUCTS} + (${h} % 730)::int) as joined
          from generate_series(0, ${sellers - 1}) as i) as s`);
  const trades = CATEGORY_WORDS.map((c) => c.trades);
  const perPrefix = CATEGORY_WORDS.length * trades[0]!.length;
  await db.execute(sql`
    insert into profiles (user_id, full_name, company_name, phone, is_buyer, is_seller, verification_status, profile_completed, created_at, updated_at)
    select u.id, u.name,
           ${textArray(COMPANY_PREFIXES)}[(s.i / ${perPrefix}) % ${COMPANY_PREFIXES.length} + 1] || ' '
             || ${textMatrix(trades)}[s.i % ${CATEGORY_WORDS.length} + 1][(s.i / ${CATEGORY_WORDS.length}) % ${trades[0]!.length} + 1] || ' '
             || ${textArray(COMPANY_SUFFIXES)}[(s.i / ${perPrefix * COMPANY_PREFIXES.length}) % ${COMPANY_SUFFIXES.length} + 1],
           '+91 9' || lpad((s.h % 1000000000)::text, 9, '0'),
           false, true,
           case when s.h % 10 < 6 then 'verified' when s.h % 10 < 9 then 'pending' else 'rejected' end,
           true, u.created_at, u.created_at
    from (select i, ${hash(sql`i::bigint`, 2)} as h from generate_series(0, ${sellers - 1}) as i) as s
    join "user" u on u.id = ${SELLER_ID_PREFIX} || lpad(s.i::text, 5, '0')`);
}

/** One batch of products, rows [first, last] of the catalogue, generated entirely by the database. */
function productBatch(first: number, last: number, sellers: number, anchor: string): SQL {
  const g = sql.raw("g");
  const c = CATEGORY_WORDS;
  let threshold = 0;
  const categoryCase = sql.join(
    CATEGORY_PERCENT.map((percent, index) => {
      threshold += percent;
      return sql.raw(`when h1 % 100 < ${threshold} then ${index}`);
    }),
    sql.raw(" "),
  );
  const sellersPerCategory = Math.floor(sellers / c.length);
  const lnMin = PRICE_RANGE_CENTS.map(([min]) => Math.log(min));
  const lnSpan = PRICE_RANGE_CENTS.map(([min, max]) => Math.log(max / min));
  const hashes = sql.join(
    Array.from({ length: 14 }, (_, k) => sql`${hash(sql`${g}`, k + 1)} as ${sql.raw(`h${k + 1}`)}`),
    sql.raw(", "),
  );
  return sql`
    insert into products (seller_id, name, description, category, subcategory, tags, price_min_cents, price_max_cents,
                          minimum_order_quantity, unit, specifications, status, created_at, updated_at)
    select seller_id, name, description, category, subcategory, tags, price_min_cents,
           case when h11 % 5 = 0 then price_min_cents else round(price_min_cents * (1 + (h11 % 1500) / 1000.0))::bigint end,
           moq, unit, specifications, status, created_at, created_at
    from (
      select w.*,
             concat_ws(' ', rare_word, adjective, material, noun) || coalesce(' - Model ' || model, '') as name,
             adjective || ' ' || lower(material) || ' ' || lower(noun) || ' for ' || application || '. '
               || upper(left(feature1, 1)) || substr(feature1, 2) || ', ' || feature2 || '. Supplied by a ' || city || '-based '
               || supplier_kind || '; minimum order ' || moq || ' ' || unit || '.'
               || coalesce(' Special ' || lower(rare_word) || ' edition.', '') as description,
             array[lower(noun), lower(material), lower(subcategory)]
               || case when rare_word is null then array[]::text[] else array[lower(rare_word)] end as tags,
             jsonb_strip_nulls(jsonb_build_object('material', material, 'origin', city || ', India', 'model', model)) as specifications,
             case when price_cents >= 100000 then round(price_cents / 1000) * 1000
                  when price_cents >= 1000 then round(price_cents / 10) * 10
                  else greatest(round(price_cents), 1) end::bigint as price_min_cents
      from (
        select v.h11,
               ${textArray(c.map((w) => w.category))}[ci + 1] as category,
               ${textMatrix(c.map((w) => w.subcategories))}[ci + 1][ni / ${NOUNS_PER_SUBCATEGORY} + 1] as subcategory,
               ${textMatrix(c.map((w) => w.units))}[ci + 1][ni / ${NOUNS_PER_SUBCATEGORY} + 1] as unit,
               ${textMatrix(c.map((w) => w.nouns))}[ci + 1][ni + 1] as noun,
               ${textMatrix(c.map((w) => w.materials))}[ci + 1][v.h3 % ${c[0]!.materials.length} + 1] as material,
               ${textMatrix(c.map((w) => w.adjectives))}[ci + 1][v.h4 % ${c[0]!.adjectives.length} + 1] as adjective,
               ${textMatrix(c.map((w) => w.applications))}[ci + 1][v.h5 % ${c[0]!.applications.length} + 1] as application,
               ${textArray(FEATURES)}[v.h6 % ${FEATURES.length} + 1] as feature1,
               ${textArray(FEATURES)}[(v.h6 % ${FEATURES.length} + 1 + (v.h6 / 64) % ${FEATURES.length - 1}) % ${FEATURES.length} + 1] as feature2,
               ${textArray(CITIES)}[v.h7 % ${CITIES.length} + 1] as city,
               ${textArray(SUPPLIER_KINDS)}[(v.h7 / 64) % ${SUPPLIER_KINDS.length} + 1] as supplier_kind,
               case when v.h8 % 500 = 0 then ${textArray(RARE_WORDS)}[(v.h8 / 500) % ${RARE_WORDS.length} + 1] end as rare_word,
               case when v.h9 % 10 < 4 then chr(65 + v.h9 / 10 % 26) || chr(65 + v.h9 / 260 % 26) || '-' || (100 + v.h9 / 6760 % 900) end as model,
               exp(${numberArray(lnMin, "float8")}[ci + 1] + (v.h10 % 1000000) / 1000000.0 * ${numberArray(lnSpan, "float8")}[ci + 1]) as price_cents,
               ${numberArray(MOQS, "int")}[(v.h11 / 1500) % ${MOQS.length} + 1] as moq,
               ${SELLER_ID_PREFIX} || lpad((ci + ${c.length} * floor(${sellersPerCategory} * power((v.h13 % 1000000) / 1000000.0, 2)))::int::text, 5, '0') as seller_id,
               case when v.h14 % 100 < 2 then 'inactive' else 'active' end as status,
               ${anchor}::timestamptz - make_interval(secs => v.h12 % ${DAYS_OF_PRODUCTS * 86400}) as created_at
        from (
          select r.*, case ${categoryCase} end as ci, r.h2 % ${c[0]!.nouns.length} as ni
          from (select ${g}, ${hashes} from generate_series(${first}::bigint, ${last}::bigint) as g) as r
        ) as v
      ) as w
    ) as p`;
}

async function main() {
  const products = positiveInt("products", args.products);
  const sellers = positiveInt("sellers", args.sellers, CATEGORY_WORDS.length);
  const batchSize = positiveInt("batch-size", args["batch-size"]);
  const { companies } = checkVocabulary();
  const target = benchTarget(args);
  const started = performance.now();
  console.log(
    `Seeding ${formatInt(products)} products from ${formatInt(sellers)} suppliers into ${describeTarget(target)}`,
  );
  if (sellers > companies)
    console.log(`  (more suppliers than the ${companies} distinct company names: some names repeat)`);

  const database = await openTarget(target, 1);
  try {
    await migrateDatabase(database, target.engine === "postgres" ? target.url : undefined);
    const { db } = database;
    const [existing] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from "user" where id like ${SELLER_ID_PREFIX + "%"}`,
    );
    if (existing && existing.n > 0) {
      if (!args.reset)
        throw new Error(
          `This database already holds benchmark data (${existing.n} suppliers). Pass --reset to replace it.`,
        );
      const t = performance.now();
      await db.execute(sql`delete from products where seller_id like ${SELLER_ID_PREFIX + "%"}`);
      await db.execute(sql`delete from "user" where id like ${SELLER_ID_PREFIX + "%"}`);
      console.log(`  removed the previous benchmark data (${seconds(performance.now() - t)})`);
    }

    const anchor = new Date().toISOString();
    let t = performance.now();
    await insertSellers(db, sellers, anchor);
    console.log(`  ${formatInt(sellers)} suppliers with profiles (${seconds(performance.now() - t)})`);

    t = performance.now();
    for (let first = 0; first < products; first += batchSize) {
      const last = Math.min(first + batchSize, products) - 1;
      await db.execute(productBatch(first, last, sellers, anchor));
      const done = last + 1;
      const elapsed = performance.now() - t;
      console.log(
        `  ${formatInt(done).padStart(11)} / ${formatInt(products)} products (${Math.round((100 * done) / products)}%), ` +
          `${seconds(elapsed)}, ${formatInt(done / (elapsed / 1000))} rows/s`,
      );
    }

    t = performance.now();
    // VACUUM also sets the visibility map and flushes the GIN pending lists, as autovacuum would on a live database.
    await db.execute(sql`vacuum (analyze) products`);
    await db.execute(sql`vacuum (analyze) profiles`);
    await db.execute(sql`vacuum (analyze) "user"`);
    console.log(`  vacuum + analyze (${seconds(performance.now() - t)})`);

    const counts = await queryRows<{ category: string; status: string; n: number }>(
      db,
      sql`select category, status, count(*)::int as n from products group by category, status order by category, status`,
    );
    const [size] = await queryRows<{ size: string }>(
      db,
      sql`select pg_size_pretty(pg_total_relation_size('products')) as size`,
    );
    console.log(
      `  products by category: ${counts.map((r) => `${r.category}/${r.status} ${formatInt(r.n)}`).join(", ")}`,
    );
    console.log(`  products table with indexes: ${size?.size}`);
    console.log(`Done in ${seconds(performance.now() - started)}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
