import { and, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { splitCategory } from "~/lib/categories";
import { collectionTsquery, findCollection } from "~/lib/collections";
import { isDateInRange } from "~/lib/date-range";
import { isUuid } from "~/lib/uuid";
import { responseTimeOf } from "~/modules/response-times/response-time";
import { sellerReplies } from "~/modules/messaging/response-time.server";
import { sellerRatings } from "~/modules/reviews/reviews.server";
import { expiringMemo } from "./expiring-memo.server";
import { productCardColumns } from "./product-card.server";
import {
  PRODUCT_COUNT_CAP,
  PRODUCTS_PER_PAGE,
  type ProductSearchParams,
  type ProductSort,
} from "./product-search.schema";
import type { ProductCardData } from "./products.schema";
import { MIN_TERM_LENGTH, termsLike } from "./search-terms.server";
import { companyNameOf, suppliersNamed, verificationOf } from "~/modules/accounts/profiles.server";
import { totalFromUnit } from "~/lib/money-minor";

// The marketplace search: docs/search.md describes it on one page (decision record 0034).

export type ProductSearchQuery = Omit<ProductSearchParams, "page"> & {
  /** only these products (a subquery of ids); not read from a URL */
  among?: SQLWrapper;
  limit?: number;
  offset?: number;
  cursor?: ProductCursor | null;
};
export type ProductSearchPage = { items: ProductCardData[]; nextCursor: string | null };
export type ProductCount = { count: number; capped: boolean };
/**
 * Where a page starts: after a row (its sort value `v` and `id`; the sorts other than 'Best Match') or at an
 * offset `o`; `m`, the match mode of the first page when it was broader than exact (p: prefix, f: fuzzy), so
 * every page of a search reads the same matches.
 */
export type ProductCursor = { v?: string | number; id?: string; o?: number; m?: "p" | "f" };

export function encodeCursor(cursor: ProductCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(raw: string | null | undefined): ProductCursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
    if (!value || typeof value !== "object") return null;
    const { v, id, o, m } = value as Record<string, unknown>;
    const mode: Pick<ProductCursor, "m"> = m === "p" || m === "f" ? { m } : {};
    if (typeof o === "number" && Number.isSafeInteger(o) && o >= 0 && o <= PRODUCT_COUNT_CAP) return { o, ...mode };
    const validValue = (typeof v === "string" && v.length <= 300) || (typeof v === "number" && Number.isSafeInteger(v));
    if (validValue && typeof id === "string" && isUuid(id)) return { v, id, ...mode };
    return null;
  } catch {
    return null;
  }
}

/**
 * How a text matches, each mode tried only when the one before found nothing: exact (whole words, stemmed),
 * prefix (the last word may be unfinished: "cott" finds cotton), fuzzy (each word stands for the catalogue's
 * words it is a typo or a part of, see termsLike; a word it knows nothing like is left out).
 */
type MatchMode = "exact" | "prefix" | "fuzzy";
const CURSOR_MODES = { p: "prefix", f: "fuzzy" } as const;
/** A lexeme to look for, whole or as a prefix; a word of the query is any of its terms. */
type Term = { text: string; prefix: boolean };
/** What a text search looks for: every word (in the search vector), or a product of a supplier the text names. */
type Match = { mode: MatchMode; words: Term[][]; suppliers: string[] };
type SearchFilters = Pick<ProductSearchParams, "category" | "min" | "max" | "collection"> & {
  /** only these products: a subquery of their ids from the caller (the home page's featured ones) */
  among?: SQLWrapper;
};

/** The words of a query: letters and digits only, lower-cased, at most 8. Nothing else ever reaches to_tsquery. */
function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** A match's words as a tsquery: every word required, each any of its terms. */
export function toTsquery(words: Term[][]): string | null {
  const term = (t: Term) => t.text + (t.prefix ? ":*" : "");
  const any = (terms: Term[]) => (terms.length === 1 ? term(terms[0]!) : `(${terms.map(term).join(" | ")})`);
  return words.length ? words.map(any).join(" & ") : null;
}

async function matchOf(db: Db, q: string, mode: MatchMode, suppliers: string[]): Promise<Match> {
  const words = queryWords(q);
  const typos = mode === "fuzzy" ? await termsLike(db, words) : [];
  const termsOf = (word: string, i: number): Term[] =>
    mode === "fuzzy" && word.length >= MIN_TERM_LENGTH
      ? typos[i]!.map((text) => ({ text, prefix: false }))
      : [{ text: word, prefix: mode !== "exact" && i === words.length - 1 }];
  return { mode, suppliers, words: words.map(termsOf).filter((terms) => terms.length > 0) };
}

const vectorMatches = (tsquery: string, vector: AnyColumn = products.searchVector) =>
  sql`${vector} @@ to_tsquery('english'::regconfig, ${tsquery})`;
/** The match's words in a search vector (by default the whole product's); false when it has none. */
function wordsCondition(match: Match, vector?: AnyColumn): SQL {
  const tsquery = toTsquery(match.words);
  return tsquery ? vectorMatches(tsquery, vector) : sql`false`;
}
const suppliersCondition = (match: Match) =>
  match.suppliers.length ? inArray(products.sellerId, match.suppliers) : sql`false`;
const matchCondition = (match: Match) => or(wordsCondition(match), suppliersCondition(match))!;

/** Active products within the filters: a collection of the category strip, a category, a price bound. */
function filterCondition(filters: SearchFilters): SQL {
  const conditions: Array<SQL | undefined> = [eq(products.status, "active")];
  const collection = findCollection(filters.collection);
  if (collection) {
    const tsquery = collectionTsquery(collection);
    conditions.push(
      or(
        collection.categories.length ? inArray(products.category, [...collection.categories]) : undefined,
        collection.subcategories?.length ? inArray(products.subcategory, [...collection.subcategories]) : undefined,
        tsquery ? vectorMatches(tsquery) : undefined,
      ),
    );
    if (collection.listedWithinDays)
      conditions.push(sql`${products.createdAt} >= now() - make_interval(days => ${collection.listedWithinDays}::int)`);
  }
  // a top category is the whole of it (products.category holds the top); a subcategory is its own
  const chosen = splitCategory(filters.category);
  if (chosen) {
    conditions.push(eq(products.category, chosen.category));
    if (chosen.subcategory) conditions.push(eq(products.subcategory, chosen.subcategory));
  }
  if (filters.among) conditions.push(inArray(products.id, filters.among));
  // the slider's bounds are whole dollars: a dollar is 100 cents
  if (filters.min !== null) conditions.push(gte(products.priceMinCents, totalFromUnit(100, filters.min)));
  if (filters.max !== null) conditions.push(lte(products.priceMaxCents, totalFromUnit(100, filters.max)));
  return and(...conditions)!;
}

type CardRow = { card: ProductCardData; createdAt: Date };
/** A sort other than 'Best Match': its column (always followed by the id), and how a cursor's value is read and written. */
type Sort = {
  column: AnyColumn;
  descending: boolean;
  cast: string;
  read: (value: unknown) => string | number | null;
  write: (row: CardRow) => string | number;
};
const wholeNumber = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);
// a time outside the shared date range (year 0 parses in JavaScript, not in PostgreSQL) reads the first page
const isoDate = (v: unknown) => {
  const date = typeof v === "string" ? new Date(v) : null;
  return date && isDateInRange(date) ? date.toISOString() : null;
};
const text = (v: unknown) => (typeof v === "string" ? v : null);
const sortOn = (
  ...[column, descending, cast, read, write]: [AnyColumn, boolean, string, Sort["read"], Sort["write"]]
) => ({ column, descending, cast, read, write }) satisfies Sort;
const SORTS: Record<Exclude<ProductSort, "relevance">, Sort> = {
  newest: sortOn(products.createdAt, true, "::timestamptz", isoDate, (r) => r.createdAt.toISOString()),
  "price-low": sortOn(products.priceMinCents, false, "::bigint", wholeNumber, (r) => r.card.priceMinCents),
  "price-high": sortOn(products.priceMaxCents, true, "::bigint", wholeNumber, (r) => r.card.priceMaxCents),
  name: sortOn(products.name, false, "::text", text, (r) => r.card.name),
};
const direction = (sort: Sort) => sql.raw(sort.descending ? "desc" : "asc");
/** The rows after a cursor's row in a sort: a row comparison, which the sort's (…, column, id) index serves. */
const after = (sort: Sort, value: string | number, id: string) =>
  sql`(${sort.column}, ${products.id}) ${sql.raw(sort.descending ? "<" : ">")} (${value}${sql.raw(sort.cast)}, ${id}::uuid)`;

/**
 * 'Best Match': products whose name holds every word first, then those whose name, category and tags do, then
 * the other matches, then the products of a supplier the text names; newest first within each tier. Each tier's
 * set holds the ones before it (but the suppliers'), so the first N of each set, newest first, are enough to
 * place the first N products overall: a branch per tier, cut by its own LIMIT, each walking the created_at index
 * for a common word or reading its own full-text index for a rare one; a product keeps its best tier.
 * A tier is read only when the tiers before it hold fewer than N products (a one-time filter on their counts):
 * when the names alone fill the page, no other tier can reach it.
 */
function rankedPage(match: Match, filters: SQL, offset: number, limit: number): SQL {
  const n = offset + limit;
  const tiers = [
    wordsCondition(match, products.nameVector),
    wordsCondition(match, products.titleVector),
    wordsCondition(match),
    suppliersCondition(match),
  ];
  const name = (i: number) => sql.raw(`tier${i}`);
  const branches = tiers.map((tier, i) => {
    // tiers 0 ⊂ 1 ⊂ 2: the ones before fill the page when any of them reached N
    const before = tiers.slice(0, i).map((_, j) => sql`(select count(*) from ${name(j)}) < ${n}`);
    return sql`${name(i)} as materialized (select ${products.id} as id, ${i}::int as tier, ${products.createdAt} as created_at
      from ${products} where ${and(...before, filters, tier)}
      order by ${products.createdAt} desc, ${products.id} desc limit ${n})`;
  });
  const all = sql.join(
    tiers.map((_, i) => sql`select * from ${name(i)}`),
    sql` union all `,
  );
  return sql`with ${sql.join(branches, sql`, `)}
    select id, row_number() over (order by min(tier), created_at desc, id desc) as position
    from (${all}) ranked group by id, created_at
    order by position limit ${limit} offset ${offset}`;
}

/** One page in a sort other than 'Best Match': straight off the sort's index, or the matches' (the planner's choice). */
function sortedPage(sort: Sort, where: SQL, offset: number, limit: number): SQL {
  const order = sql`${sort.column} ${direction(sort)}, ${products.id} ${direction(sort)}`;
  return sql`select ${products.id} as id, row_number() over (order by ${order}) as position from ${products}
    where ${where} order by ${order} limit ${limit} offset ${offset}`;
}

/**
 * The product cards of a page (`page` selects their ids and positions), in order, with their suppliers' names,
 * badges, reply times and ratings (index ranges on the supplier's conversations and reviews). One statement.
 */
async function cardsOf(db: Db, page: SQL) {
  const replies = sellerReplies(db, products.sellerId);
  const ratings = sellerRatings(db, products.sellerId);
  const rows = await db
    .select({
      ...productCardColumns,
      createdAt: products.createdAt,
      supplierCompany: companyNameOf(products.sellerId),
      verification: verificationOf(products.sellerId),
      replies: { median: replies.median, answered: replies.answered, started: replies.started },
      ratings: { average: ratings.average, count: ratings.count },
    })
    .from(sql`(${page}) as page`)
    .innerJoin(products, sql`${products.id} = page.id`)
    .leftJoinLateral(replies, sql`true`)
    .leftJoinLateral(ratings, sql`true`)
    .orderBy(sql`page.position`);
  return rows.map(({ createdAt, verification, supplierCompany, replies, ratings, ...card }): CardRow => {
    const median = replies?.median ?? null;
    const time = responseTimeOf(
      median === null ? null : Number(median),
      Number(replies?.answered ?? 0),
      Number(replies?.started ?? 0),
    );
    return {
      createdAt,
      card: {
        ...card,
        supplierCompany: supplierCompany ?? null,
        supplierVerified: verification === "verified",
        supplierReplyHours: time?.hours ?? null,
        supplierRating:
          ratings?.average != null && Number(ratings.count) > 0
            ? { average: Number(ratings.average), count: Number(ratings.count) }
            : null,
      },
    };
  });
}

/** One page of the products within the filters (and the match, when there is text), in the query's sort. */
async function pageOf(db: Db, query: ProductSearchQuery, match: Match | null): Promise<ProductSearchPage> {
  const limit = Math.min(Math.max(query.limit ?? PRODUCTS_PER_PAGE, 1), 100);
  const ranked = match !== null && query.sort === "relevance";
  const sort = SORTS[query.sort === "relevance" ? "newest" : query.sort];
  const cursor = query.cursor;
  // a cursor whose value is not its sort's reads the first page
  const value = !ranked && cursor?.id && cursor.o === undefined ? sort.read(cursor.v) : null;
  const offset = value === null ? (cursor?.o ?? query.offset ?? 0) : 0;
  const filters = filterCondition(query);
  const rows = await cardsOf(
    db,
    ranked
      ? rankedPage(match, filters, offset, limit + 1)
      : sortedPage(
          sort,
          and(
            filters,
            match ? matchCondition(match) : undefined,
            value === null ? undefined : after(sort, value, cursor!.id!),
          )!,
          offset,
          limit + 1,
        ),
  );
  const last = rows[limit - 1];
  const mode = match?.mode === "prefix" ? { m: "p" as const } : match?.mode === "fuzzy" ? { m: "f" as const } : {};
  const next = ranked ? { o: offset + limit } : last && { v: sort.write(last), id: last.card.id };
  return {
    items: rows.slice(0, limit).map((row) => row.card),
    nextCursor: rows.length > limit && next ? encodeCursor({ ...next, ...mode }) : null,
  };
}

/** How many products are within the filters (and the match), counted exactly up to PRODUCT_COUNT_CAP. */
async function countOf(db: Db, filters: SearchFilters, match: Match | null): Promise<ProductCount> {
  const limited = db
    .select({ one: sql<number>`1`.as("one") })
    .from(products)
    .where(and(filterCondition(filters), match ? matchCondition(match) : undefined))
    .limit(PRODUCT_COUNT_CAP + 1)
    .as("limited");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = Number(row?.n ?? 0);
  return n > PRODUCT_COUNT_CAP ? { count: PRODUCT_COUNT_CAP, capped: true } : { count: n, capped: false };
}

/**
 * Runs a text search in each match mode in turn (see MatchMode) until one finds something (`found` tells how
 * much a result holds), or in the one mode a cursor names. The suppliers the text names are looked up once.
 */
async function firstMatching<R>(
  db: Db,
  q: string,
  cursor: ProductCursor | null | undefined,
  run: (match: Match) => Promise<R>,
  found: (result: R) => number,
): Promise<R> {
  const words = queryWords(q);
  const suppliers = words.length && q.length >= MIN_TERM_LENGTH ? await suppliersNamed(db, q) : [];
  const modes: MatchMode[] = cursor
    ? [cursor.m ? CURSOR_MODES[cursor.m] : "exact"]
    : ["exact", "prefix", ...(q.length >= MIN_TERM_LENGTH ? (["fuzzy"] as const) : [])];
  let result: R | undefined;
  for (const mode of modes) {
    result = await run(await matchOf(db, q, mode, suppliers));
    if (found(result) > 0) break;
  }
  return result!;
}

/** First pages kept SEARCH_CACHE_SECONDS (0, off, unless set; at most 30: a catalogue page may be that stale). */
const cacheSeconds = Math.min(Number(process.env.SEARCH_CACHE_SECONDS) || 0, 30);
const firstPages = expiringMemo<Promise<ProductSearchPage>>(cacheSeconds * 1000, 5_000);

/** The marketplace search (GET /api/products, the home page's collections, suggestions): one page per cursor. */
export function searchProducts(db: Db, query: ProductSearchQuery): Promise<ProductSearchPage> {
  // a caller's own subquery (`among`) has its own caching (stores/featured-products.server.ts) and no key to keep by
  if (!cacheSeconds || query.cursor || query.offset || query.among) return searchUncached(db, query);
  const key = JSON.stringify(query);
  const cached = firstPages.get(db, key);
  if (cached) return cached;
  const page = searchUncached(db, query);
  firstPages.set(db, key, page);
  page.catch(() => firstPages.delete(db, key));
  return page;
}

async function searchUncached(db: Db, query: ProductSearchQuery): Promise<ProductSearchPage> {
  if (!query.q) return pageOf(db, query, null);
  return firstMatching(
    db,
    query.q,
    query.cursor,
    (match) => pageOf(db, query, match),
    (page) => page.items.length,
  );
}

/** The marketplace page (/browse, /category/{slug}): one numbered page of products and the (capped) count. */
export async function browseProducts(db: Db, params: ProductSearchParams) {
  const query = { ...params, offset: (params.page - 1) * PRODUCTS_PER_PAGE };
  const run = (match: Match | null) => Promise.all([pageOf(db, query, match), countOf(db, params, match)]);
  const [page, total] = params.q
    ? await firstMatching(db, params.q, null, run, ([, count]) => count.count)
    : await run(null);
  return {
    items: page.items,
    total,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total.count / PRODUCTS_PER_PAGE)),
  };
}

/** How many products match the marketplace filters (capped), for the 'Products (count)' tab. */
export async function countMatchingProducts(
  db: Db,
  params: Omit<ProductSearchParams, "page" | "sort">,
): Promise<ProductCount> {
  if (!params.q) return countOf(db, params, null);
  return firstMatching(
    db,
    params.q,
    null,
    (match) => countOf(db, params, match),
    (total) => total.count,
  );
}

/** Active products per category, for /categories. One grouped query over the category index. */
export async function countProductsByCategory(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: products.category, n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.status, "active"))
    .groupBy(products.category);
  return Object.fromEntries(rows.map((r) => [r.category, r.n]));
}
