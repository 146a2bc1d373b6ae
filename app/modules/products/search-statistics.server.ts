import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { LRUCache } from "lru-cache";
import { expiringMemo } from "./expiring-memo.server";

/**
 * What the database's own statistics (ANALYZE, which autovacuum runs) say about the catalogue: how
 * many products there are, the share of products whose search text holds each of its most common
 * lexemes, and the share of each category. A text search uses them to skip the search samples that
 * cannot hold a window of its matches (see searchLevels in product-search.server.ts). Only an
 * estimate: a search never depends on it for what it finds, only for where it looks first.
 */
export type SearchStatistics = {
  products: number;
  lexemes: Map<string, number>;
  categories: Map<string, number>;
  /** The suppliers with the most products (lower-cased company name, share of products): a search also finds their products by name. */
  suppliers: Array<[company: string, share: number]>;
  /** How the lowest and the highest prices (in cents) are spread: a price bound's share of the catalogue. */
  prices: { min: ValueSpread | null; max: ValueSpread | null };
};

/**
 * How a column's values are spread, as ANALYZE describes it: its most common values with their shares, and
 * the bounds of equal shares (`histogram`) of the other values, which hold `histogramShare` of the rows.
 */
export type ValueSpread = { common: Array<[value: number, share: number]>; histogram: number[]; histogramShare: number };

/** Statistics change when ANALYZE runs; a few minutes old is fresh enough to choose where to look. */
const STATISTICS_MAX_AGE_MS = 5 * 60_000;
const statisticsByDb = new WeakMap<Db, { readAt: number; value: Promise<SearchStatistics | null> }>();

/** A JSON array read as text (both database drivers return text as it is). */
function jsonArray<T>(value: unknown): T[] {
  if (typeof value !== "string") return [];
  const parsed = JSON.parse(value) as unknown;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

async function readStatistics(db: Db): Promise<SearchStatistics | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    // pg_stats is a view over the catalogue with privilege checks: read it once
    sql`
    with s as materialized (
      select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as elem_shares,
        most_common_vals::text::text[] as vals, most_common_freqs as val_shares, histogram_bounds::text::text[] as bounds, null_frac
      from pg_stats
      where schemaname = current_schema() and tablename = 'products'
        and attname in ('search_vector', 'category', 'seller_id', 'price_min_cents', 'price_max_cents'))
    select (select reltuples::float8 from pg_class where oid = to_regclass('products')) as products,
      (select to_json(elems)::text from s where attname = 'search_vector') as lexemes,
      (select to_json(elem_shares)::text from s where attname = 'search_vector') as lexeme_shares,
      (select to_json(vals)::text from s where attname = 'category') as categories,
      (select to_json(val_shares)::text from s where attname = 'category') as category_shares,
      (select to_json(array_agg(json_build_array(lower(p.company_name), m.share)))::text
        from s
        cross join unnest(s.vals, s.val_shares) as m(seller_id, share)
        join profiles p on p.user_id = m.seller_id and p.user_type = 'seller' and p.company_name is not null
        where s.attname = 'seller_id') as suppliers,
      (select json_build_array(vals, val_shares, bounds, null_frac)::text from s where attname = 'price_min_cents') as price_min,
      (select json_build_array(vals, val_shares, bounds, null_frac)::text from s where attname = 'price_max_cents') as price_max`,
  );
  const products = Number(row?.products);
  // a table never analyzed has no statistics (reltuples -1, or no pg_stats row): nothing to go by
  if (!row || !(products > 0) || typeof row.lexemes !== "string") return null;
  const pairs = <K>(keys: K[], shares: number[]) => new Map(keys.map((key, i) => [key, Number(shares[i] ?? 0)]));
  return {
    products,
    lexemes: pairs(jsonArray<string>(row.lexemes), jsonArray<number>(row.lexeme_shares)),
    categories: pairs(jsonArray<string>(row.categories), jsonArray<number>(row.category_shares)),
    suppliers: jsonArray<[string, number]>(row.suppliers),
    prices: { min: valueSpread(row.price_min), max: valueSpread(row.price_max) },
  };
}

/** A column's spread from its pg_stats row (`[most common values, their shares, histogram bounds, null share]`). */
function valueSpread(value: unknown): ValueSpread | null {
  const [values, shares, bounds, nullShare] = jsonArray<unknown>(value) as [string[] | null, number[] | null, string[] | null, number];
  const common = (values ?? []).map((v, i): [number, number] => [Number(v), Number(shares?.[i] ?? 0)]);
  const histogram = (bounds ?? []).map(Number);
  const histogramShare = Math.max(0, 1 - Number(nullShare ?? 0) - common.reduce((sum, [, share]) => sum + share, 0));
  return common.length || histogram.length > 1 ? { common, histogram, histogramShare } : null;
}

/** The share of rows whose value is at least `bound` (`atLeast`) or at most it, by a column's spread. */
export function shareOf(spread: ValueSpread, side: "atLeast" | "atMost", bound: number): number {
  const inside = (v: number) => (side === "atLeast" ? v >= bound : v <= bound);
  let share = spread.common.reduce((sum, [v, s]) => sum + (inside(v) ? s : 0), 0);
  const h = spread.histogram;
  if (h.length > 1) {
    // the share of the histogram's rows under the bound: whole buckets, and a straight line inside one
    const buckets = h.length - 1;
    let below: number;
    if (bound <= h[0]!) below = 0;
    else if (bound >= h[buckets]!) below = 1;
    else {
      const i = Math.max(0, h.findIndex((b) => b > bound) - 1);
      const width = h[i + 1]! - h[i]!;
      below = (i + (width > 0 ? (bound - h[i]!) / width : 0)) / buckets;
    }
    share += spread.histogramShare * (side === "atLeast" ? 1 - below : below);
  }
  return Math.min(Math.max(share, 0), 1);
}

/**
 * The share of the catalogue inside a price bound (in cents), both sides taken as independent as
 * PostgreSQL's planner takes two conditions; 1 without a bound, or without statistics for a side.
 */
export function priceShare(statistics: SearchStatistics, bound: { min: number | null; max: number | null }): number {
  const { min, max } = statistics.prices;
  return (bound.min !== null && min ? shareOf(min, "atLeast", bound.min) : 1) * (bound.max !== null && max ? shareOf(max, "atMost", bound.max) : 1);
}

/**
 * The catalogue's statistics, read at most every few minutes per database: a stale copy is served
 * while a fresh one is read. Null when the table has not been analyzed (or they cannot be read).
 */
export function searchStatistics(db: Db): Promise<SearchStatistics | null> {
  const cached = statisticsByDb.get(db);
  const now = Date.now();
  if (cached && now - cached.readAt < STATISTICS_MAX_AGE_MS) return cached.value;
  const fresh = readStatistics(db).catch(() => null);
  if (!cached) {
    statisticsByDb.set(db, { readAt: now, value: fresh });
    return fresh;
  }
  // keep serving the old copy until the new one is in (and when the new one cannot be read)
  cached.readAt = now;
  void fresh.then(async (value) => {
    if (value || !(await cached.value)) statisticsByDb.set(db, { readAt: Date.now(), value: Promise.resolve(value) });
  });
  return cached.value;
}

/** Forgets the statistics read for a database, and where its searches found their windows: the next search reads them again (tests, after ANALYZE). */
export function forgetSearchStatistics(db: Db) {
  statisticsByDb.delete(db);
  found.forget(db);
}

/** Sets the statistics searches on a database go by for the next few minutes (tests: null, as on a table never analyzed), and forgets where its searches found their windows. */
export function primeSearchStatistics(db: Db, statistics: SearchStatistics | null) {
  statisticsByDb.set(db, { readAt: Date.now(), value: Promise.resolve(statistics) });
  found.forget(db);
}

/**
 * Where recent searches found their matches, per database and search (its words and filters): the level
 * of the samples its window was read at, and the match mode that found them. The statistics know each
 * word alone, not how often words go together or with a price, so a search of several words or a price
 * range may try a sample too sparse for it, and find out only by reading it; and a query whose words are
 * unfinished or mistyped tries the stricter match modes first every time. The same search within a few
 * minutes starts where the last one found its matches. Only where to look first, as the statistics: a
 * search that finds nothing there still goes on to the denser levels and the broader modes.
 */
const found = expiringMemo<string | number>(STATISTICS_MAX_AGE_MS, 10_000);

/** What a search remembered lately under `key` (see remember), or null. */
export function recall<T extends string | number>(db: Db, key: string): T | null {
  return (found.get(db, key) as T | undefined) ?? null;
}

/** Remembers for a few minutes where a search (`key`) found its matches. */
export function remember(db: Db, key: string, value: string | number) {
  found.set(db, key, value);
}

/** Per database, words and the lexemes its 'english' configuration makes of them ("towels" → ["towel"], "the" → []). */
const lexemesByDb = new WeakMap<Db, LRUCache<string, string[]>>();
const LEXEME_CACHE_SIZE = 20_000;

/**
 * The lexemes of each word, as the database's text search makes them (stemmed; stop words have none).
 * Words already seen are answered from memory: stemming a word always gives the same lexemes.
 */
export async function lexemesOf(db: Db, words: string[]): Promise<string[][]> {
  let known = lexemesByDb.get(db);
  if (!known) lexemesByDb.set(db, (known = new LRUCache<string, string[]>({ max: LEXEME_CACHE_SIZE })));
  const unknown = [...new Set(words.filter((word) => !known.has(word)))];
  if (unknown.length) {
    // the words are letters and digits only (see queryWords), one parameter, split in the database
    const rows = await queryRows<{ word: string; lexemes: string }>(
      db,
      sql`select w as word, to_json(tsvector_to_array(to_tsvector('english'::regconfig, w)))::text as lexemes from regexp_split_to_table(${unknown.join(" ")}, ' ') as w`,
    );
    for (const row of rows) known.set(row.word, jsonArray<string>(row.lexemes));
  }
  return words.map((word) => known.get(word) ?? []);
}

/**
 * How many products a search is expected to match, from the statistics: its words (all of them, the
 * last one a prefix when `lastIsPrefix`) at most as many as the rarest word, each word as many as its
 * rarest lexeme (a lexeme missing from the statistics' most common ones is rarer than all of them),
 * and at most as many as its category holds; plus the products of the big suppliers whose company name
 * holds `companyText` (a search finds those too). An upper bound, as far as the statistics go: a search
 * that looks in too sparse a sample first costs one more statement, one that looks in too dense a
 * sample a bigger bitmap. A price bound (in cents) then takes its share of those, as if words and prices
 * were independent (an estimate, as the planner's own; the price marks keep a denser sample's bitmap to the
 * matches inside the bound). Null when there are no statistics.
 */
export function expectedMatches(
  statistics: SearchStatistics | null,
  lexemes: string[][],
  lastIsPrefix: boolean,
  category: string | null,
  companyText: string | null = null,
  priceBound: { min: number | null; max: number | null } = { min: null, max: null },
): number | null {
  if (!statistics) return null;
  let share = 1;
  lexemes.forEach((wordLexemes, i) => {
    for (const lexeme of wordLexemes) {
      let lexemeShare = statistics.lexemes.get(lexeme) ?? 0;
      if (lastIsPrefix && i === lexemes.length - 1) {
        lexemeShare = 0;
        for (const [known, knownShare] of statistics.lexemes) if (known.startsWith(lexeme)) lexemeShare += knownShare;
      }
      share = Math.min(share, lexemeShare);
    }
  });
  // only stop words: the search matches no text at all
  if (lexemes.every((wordLexemes) => wordLexemes.length === 0)) share = 0;
  // words and categories go together ("dye" is in a third of the chemicals and few other products): at most the smaller share
  if (category) share = Math.min(share, statistics.categories.get(category) ?? 0);
  if (companyText) {
    const text = companyText.toLowerCase();
    for (const [company, supplierShare] of statistics.suppliers) if (company.includes(text)) share += supplierShare;
  }
  return Math.min(share, 1) * priceShare(statistics, priceBound) * statistics.products;
}
