// RFQ → supplier matching at scale (issue #23: one RFQ against 1 million products and 7,000 suppliers in ≤ 2 s in
// the background job). Runs on the catalogue bench:seed generates:
//   npm run bench:seed -- --products 1000000 --sellers 7000 --database-url postgres://…/setu_bench_matching
//   npm run bench:matching-scale -- --database-url postgres://…/setu_bench_matching [--runs 3] [--history 20000] [--compare]
// Publishes a mix of RFQs written in the catalogue's words (bench/vocabulary.ts: common, specific, rare, broad,
// category-wide, long) and the labelled set's RFQs (bench/matching-eval-set.ts), runs the job's own function
// `matchRfq` once for each (ranking, rfq_matches, notifications, e-mails queued) and its ranking query
// `rankSuppliersForRfq` --runs more times (with --compare, each time also ranking every match, without the sample),
// prints p50/p95/max per kind of RFQ and EXPLAIN ANALYZE of the slowest.
// Exit code 1 when a job takes longer than the budget.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, queryRows, type Db } from "~/db/client.server";
import type { ProductCategory } from "~/lib/categories";
import { emailAddressOf } from "~/modules/accounts/profiles.server";
import { startJobQueue } from "~/modules/jobs/job-queue.server";
import { matchRfq, rankSuppliersForRfq, rfqRankingQuery } from "~/modules/matching/matching.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { buildRfq } from "../seed/factories/rfqs";
import { rfqs } from "~/db/schema/rfqs";
import { benchTarget, describeTarget, formatInt, openTarget } from "./bench-database.server";
import { KINDS } from "./matching-eval-set";
import { CATEGORY_WORDS, FEATURES, RARE_WORDS } from "./vocabulary";

const BUDGET_MS = 2000;
const BUYER_ID = "bench-matching-buyer";
const HISTORY_BUYER_ID = "bench-matching-history";
const SELLER_ID_PREFIX = "bench-seller-";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    history: { type: "string", default: "20000" },
    explain: { type: "string", default: "2" },
    // also time the ranking of every match (no sample), the ranking before decision record 0038, under the same load
    compare: { type: "boolean", default: false },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
  },
});

type Ask = {
  kind: string;
  title: string;
  description: string;
  category: ProductCategory;
  /** what a supplier must sell to fit the RFQ: a product named with one of these nouns, or of this subcategory */
  fits?: { nouns?: string[]; subcategory?: string };
};

/**
 * RFQs as buyers of the generated catalogue would write them, six per category, from the narrowest to the widest:
 * a material and a product (common words), an adjective, product and use (specific), a rare word, a subcategory (a
 * quarter of the category through its tags), the category's own name (every product of the category matches it),
 * and a long title naming several products.
 */
export function catalogueAsks(): Ask[] {
  return CATEGORY_WORDS.flatMap((c, i): Ask[] => {
    const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
    const noun = pick(c.nouns, 5 * i + 2);
    const other = pick(c.nouns, 5 * i + 9);
    const third = pick(c.nouns, 5 * i + 17);
    return [
      {
        kind: "common",
        category: c.category,
        fits: { nouns: [noun] },
        title: `${pick(c.materials, i)} ${noun}`,
        description: `For ${pick(c.applications, i)}; ${pick(FEATURES, i)}.`,
      },
      {
        kind: "specific",
        category: c.category,
        fits: { nouns: [other] },
        title: `${pick(c.adjectives, i + 3)} ${pick(c.materials, i + 5)} ${other} for ${pick(c.applications, i + 2)}`,
        description: `Monthly order, ${pick(FEATURES, i + 4)}, ${pick(FEATURES, i + 7)}.`,
      },
      {
        kind: "rare",
        category: c.category,
        fits: { nouns: [third] },
        title: `${pick(RARE_WORDS, 2 * i)} ${third}`,
        description: `Special edition for ${pick(c.applications, i + 4)}.`,
      },
      {
        kind: "broad",
        category: c.category,
        fits: { subcategory: pick(c.subcategories, i) },
        title: `${pick(c.subcategories, i)} wholesale`,
        description: `Looking for a reliable supplier of ${pick(c.subcategories, i).toLowerCase()} for ${pick(c.applications, i + 1)}.`,
      },
      {
        kind: "category-wide",
        category: c.category,
        fits: {},
        title: `${c.category[0]!.toUpperCase()}${c.category.slice(1)} products for export`,
        description: "Regular orders, samples first, third-party inspection.",
      },
      {
        kind: "long",
        category: c.category,
        fits: { nouns: [noun, other, third] },
        title: `${noun}, ${other} and ${third} in ${pick(c.materials, i + 1)} or ${pick(c.materials, i + 7)}, ${pick(c.adjectives, i + 1)}`,
        description: `${pick(c.adjectives, i + 6)} quality for ${pick(c.applications, i + 3)}; ${pick(FEATURES, i + 2)}; ${pick(FEATURES, i + 11)}.`,
      },
    ];
  });
}

/** The labelled set's RFQs: other words than the generated catalogue's (some match little or nothing in it). */
function evalSetAsks(): Ask[] {
  return KINDS.flatMap((k) =>
    k.rfqs.map((r) => ({ kind: "eval-set", category: k.category, title: r.title, description: r.description })),
  );
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}
function summary(times: number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? NaN };
}
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(8);

/** A buyer account of the benchmark (user + buyer profile), made once. */
async function ensureBuyer(db: Db, id: string, company: string) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role) values (${id}, ${company}, ${id + "@bench.setu.test"}, true, 'user')
    on conflict (id) do nothing`);
  await db.execute(sql`
    insert into profiles (user_id, full_name, company_name, is_buyer, is_seller, verification_status, profile_completed)
    values (${id}, ${company}, ${company}, true, false, 'verified', true) on conflict (user_id) do nothing`);
}

/**
 * Past RFQs of every category with quotes from the category's suppliers over the last 170 days (skewed like the
 * catalogue: a few suppliers answer most), so the ranking's fast-answer signal reads a realistic history.
 */
async function insertHistory(db: Db, count: number): Promise<"kept" | "made"> {
  // an earlier run's history of the same size is kept: deleting 20,000 RFQs cascades through every table that refers to them
  const [had] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rfqs where buyer_id = ${HISTORY_BUYER_ID}`,
  );
  if (had?.n === count) return "kept";
  await db.execute(sql`delete from rfqs where buyer_id = ${HISTORY_BUYER_ID}`);
  if (count === 0) return "made";
  const categories = sql.raw(`(ARRAY[${CATEGORY_WORDS.map((c) => `'${c.category}'`).join(", ")}]::text[])`);
  const perCategory = Math.floor(
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from "user" where id like ${SELLER_ID_PREFIX + "%"}`,
        )
      )[0]?.n ?? 0,
    ) / CATEGORY_WORDS.length,
  );
  await db.execute(sql`
    insert into rfqs (buyer_id, title, description, category, quantity, unit, deadline, delivery_location, status, created_at, updated_at)
    select ${HISTORY_BUYER_ID}, 'Past RFQ ' || g, 'An earlier RFQ of the benchmark.', ${categories}[g % ${CATEGORY_WORDS.length} + 1],
      100, 'pieces', current_date, 'New York, NY', 'closed', t, t
    from (select g, now() - make_interval(secs => (hashint8(g::bigint * 7) & 2147483647) % (170 * 86400)) as t
          from generate_series(1, ${count}) as g) as s`);
  // four quotes per past RFQ, one to five days after it, from suppliers of its category
  await db.execute(sql`
    insert into rfq_responses (rfq_id, seller_id, price_cents, quantity, delivery_timeline, status, created_at, updated_at)
    select r.id,
      ${SELLER_ID_PREFIX} || lpad((ci + ${CATEGORY_WORDS.length} * floor(${perCategory} * power(((hashint8(q * 11) & 2147483647) % 1000000) / 1000000.0, 2)))::int::text, 5, '0'),
      100000, 100, '30 days', case when j = 0 then 'submitted' else 'declined' end,
      r.created_at + make_interval(secs => 3600 + (hashint8(q * 13) & 2147483647) % (5 * 86400)),
      r.created_at
    from (select r.*, array_position(${categories}, r.category) - 1 as ci, row_number() over (order by r.id) as n
          from rfqs r where r.buyer_id = ${HISTORY_BUYER_ID}) as r
    cross join generate_series(0, 3) as j
    cross join lateral (select r.n * 4 + j as q) as k`);
  await db.execute(sql`analyze rfqs`);
  await db.execute(sql`analyze rfq_responses`);
  return "made";
}

async function main() {
  const runs = Number(args.runs);
  const history = Number(args.history);
  const explain = Number(args.explain);
  const target = benchTarget(args);
  const database = await openTarget(target, 4);
  const { db } = database;
  await migrateDatabase(database, target.engine === "postgres" ? target.url : undefined);
  const [catalogue] = await queryRows<{ suppliers: number; products: number }>(
    db,
    sql`select (select count(*)::int from profiles where is_seller) as suppliers,
               (select count(*)::int from products) as products`,
  );
  console.log(
    `Matching on ${describeTarget(target)}: ${formatInt(catalogue?.products ?? 0)} products, ${formatInt(catalogue?.suppliers ?? 0)} suppliers`,
  );
  if (!catalogue?.products)
    throw new Error("No catalogue: run npm run bench:seed -- --products 1000000 --sellers 7000 first");

  const jobs = await startJobQueue(database, target.engine === "postgres" ? target.url : undefined);
  const notifier: Notifier = {
    jobs,
    publicUrl: "http://setu.bench",
    secret: "bench-secret-for-unsubscribe-links",
    addressOf: emailAddressOf,
  };
  try {
    await ensureBuyer(db, BUYER_ID, "Bench Matching Buyer LLC");
    await ensureBuyer(db, HISTORY_BUYER_ID, "Bench History Buyer LLC");
    // a previous run's RFQs go, with their matches (cascade) and the notifications about them
    await db.execute(sql`delete from notifications where kind = 'rfq_matched' and href in
      (select '/rfqs/' || id from rfqs where buyer_id = ${BUYER_ID})`);
    await db.execute(sql`delete from rfqs where buyer_id = ${BUYER_ID}`);
    let t = performance.now();
    const made = await insertHistory(db, history);
    console.log(
      `  history: ${formatInt(history)} past RFQs with ${formatInt(history * 4)} quotes (${made}, ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );

    const asks = [...catalogueAsks(), ...evalSetAsks()];
    const published = await db
      .insert(rfqs)
      .values(
        asks.map((a) =>
          buildRfq({ buyerId: BUYER_ID, title: a.title, description: a.description, category: a.category }),
        ),
      )
      .returning({ id: rfqs.id });

    const job: Record<string, number[]> = {};
    const query: Record<string, number[]> = {};
    const full: Record<string, number[]> = {};
    const same: number[] = [];
    const fitting: Record<"sampled" | "everything", number[]> = { sampled: [], everything: [] };
    /** Of these suppliers, the share that sells what the ask is for (an active product of that noun or subcategory). */
    const fitShare = async (ask: Ask, sellerIds: string[]) => {
      if (!ask.fits || sellerIds.length === 0) return null;
      const { nouns, subcategory } = ask.fits;
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(distinct seller_id)::int as n from products
          where seller_id in ${sellerIds} and category = ${ask.category} and status = 'active'
            ${
              nouns
                ? sql`and name ilike any(array[${sql.join(
                    nouns.map((n) => sql`${`%${n}%`}`),
                    sql`, `,
                  )}])`
                : sql``
            }
            ${subcategory ? sql`and subcategory = ${subcategory}` : sql``}`,
      );
      return (row?.n ?? 0) / sellerIds.length;
    };
    const slowest: Array<{ ms: number; ask: Ask; id: string; matched: number }> = [];
    let unmatched = 0;
    for (const [i, ask] of asks.entries()) {
      const id = published[i]!.id;
      t = performance.now();
      const matched = await matchRfq(db, notifier, id);
      const jobMs = performance.now() - t;
      (job[ask.kind] ??= []).push(jobMs);
      (job.all ??= []).push(jobMs);
      if (matched === 0) unmatched += 1;
      slowest.push({ ms: jobMs, ask, id, matched });
      for (let r = 0; r < runs; r++) {
        t = performance.now();
        const ranked = await rankSuppliersForRfq(db, id);
        const queryMs = performance.now() - t;
        (query[ask.kind] ??= []).push(queryMs);
        (query.all ??= []).push(queryMs);
        if (!args.compare) continue;
        t = performance.now();
        const everything = await rankSuppliersForRfq(db, id, undefined, Number.MAX_SAFE_INTEGER);
        const fullMs = performance.now() - t;
        // the same suppliers notified as when every match is ranked?
        const all = new Set(everything.map((m) => m.sellerId));
        if (r === 0 && all.size) same.push(ranked.filter((m) => all.has(m.sellerId)).length / all.size);
        if (r === 0) {
          const sampledFit = await fitShare(
            ask,
            ranked.map((m) => m.sellerId),
          );
          const everythingFit = await fitShare(ask, [...all]);
          if (sampledFit !== null && everythingFit !== null) {
            fitting.sampled.push(sampledFit);
            fitting.everything.push(everythingFit);
          }
        }
        (full[ask.kind] ??= []).push(fullMs);
        (full.all ??= []).push(fullMs);
      }
    }

    console.log(`\n${asks.length} RFQs (${unmatched} matched no supplier), the job once each, the query ${runs}× each`);
    console.log(
      `${"kind".padEnd(14)} ${"RFQs".padStart(5)}   job p50      p95      max   query p50      p95      max` +
        (args.compare ? "   no sample p50      p95      max" : ""),
    );
    for (const kind of [...new Set(asks.map((a) => a.kind)), "all"]) {
      const j = summary(job[kind] ?? []);
      const q = summary(query[kind] ?? []);
      const f = summary(full[kind] ?? []);
      console.log(
        `${kind.padEnd(14)} ${String(j.n).padStart(5)} ${ms(j.p50)} ${ms(j.p95)} ${ms(j.max)}   ${ms(q.p50)} ${ms(q.p95)} ${ms(q.max)}` +
          (args.compare ? `       ${ms(f.p50)} ${ms(f.p95)} ${ms(f.max)}` : ""),
      );
    }
    if (same.length)
      console.log(
        `sampled top 20 ∩ full top 20: mean ${(same.reduce((a, b) => a + b, 0) / same.length).toFixed(3)}, ` +
          `lowest ${Math.min(...same).toFixed(2)}, identical sets in ${same.filter((x) => x === 1).length} of ${same.length} RFQs`,
      );
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    if (fitting.sampled.length)
      console.log(
        `suppliers notified that sell what the RFQ asks for (${fitting.sampled.length} RFQs in the catalogue's words): ` +
          `sampled ${mean(fitting.sampled).toFixed(3)}, every match ranked ${mean(fitting.everything).toFixed(3)}`,
      );
    slowest.sort((a, b) => b.ms - a.ms);
    console.log("\nslowest jobs:");
    for (const s of slowest.slice(0, 8))
      console.log(
        `  ${ms(s.ms)}  ${s.ask.kind.padEnd(13)} ${s.ask.category.padEnd(11)} "${s.ask.title}" → ${s.matched}`,
      );
    for (const s of slowest.slice(0, explain)) {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain (analyze, buffers) ${rfqRankingQuery(s.id)}`,
      );
      console.log(`\nEXPLAIN ANALYZE "${s.ask.title}":\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
    const worst = slowest[0]?.ms ?? 0;
    console.log(
      `\nbudget: every job ≤ ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? "met" : "MISSED"} (slowest ${worst.toFixed(0)} ms)`,
    );
    if (worst > BUDGET_MS) process.exitCode = 1;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
