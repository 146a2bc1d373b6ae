import { and, eq, gte, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { reviews } from "~/db/schema/reviews";
import type { PgDatabase, PgQueryResultHKT, SelectedFields, SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { hasPriceMarks, inSearchSample, priceMarksWithin, products, SEARCH_SAMPLES, type SearchSample } from "~/db/schema/products";
import { runShaped } from "~/db/statement-shapes.server";
import { profiles } from "~/db/schema/profiles";
import { conversations } from "~/db/schema/messaging";
import { answeredConversations, inResponseWindow, medianReplySeconds } from "~/modules/response-times/response-time.server";
import { replyHours, RESPONSE_TIME_MIN_CONVERSATIONS } from "~/modules/response-times/response-time";
import type { ProductCardData } from "./products.schema";
import { PRODUCT_COUNT_CAP, PRODUCTS_PER_PAGE, MATCH_WINDOW, type ProductSearchParams, type ProductSort } from "./product-search.schema";
import { isUuid } from "~/lib/uuid";
import { collectionTsquery, findCollection } from "~/lib/collections";
import { productCardColumns } from "./product-card.server";
import { MIN_TERM_LENGTH, suppliersNamed, termsLike } from "./search-terms.server";
import { expectedMatches, lexemesOf, recall, remember, searchStatistics } from "./search-statistics.server";

/** Substring matching (supplier companies, the typo match) needs at least three characters: shorter text is matched by prefix only. */
const MIN_SUBSTRING_LENGTH = 3;

/** The words of a query (letters and digits only, lower-cased, at most 8): nothing else ever reaches to_tsquery. */
function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The words of a query as a tsquery whose last word is a prefix ("cotton tow" → 'cotton & tow:*'). Only letters and
 * digits reach to_tsquery, so no user text can be a tsquery syntax error.
 */
export function prefixTsquery(q: string): string | null {
  const words = queryWords(q);
  // Only the last word may be unfinished: a prefix on every word ("led:* & light:*") makes the
  // index read every lexeme that starts with each, which is what made multi-word searches slow.
  return words.length ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ") : null;
}

/** The words of a query as a tsquery of whole words ("cotton towel" → 'cotton & towel'). */
export function exactTsquery(q: string): string | null {
  const words = queryWords(q);
  return words.length ? words.join(" & ") : null;
}

/**
 * How a text search matches, each tried only when the one before found nothing:
 * - exact: whole words (stemmed, so "towels" finds "towel") in name, category, tags and description, or the
 *   supplier's company name. What the buyer typed, word for word, comes first.
 * - prefix: the last word may also be unfinished ("cott" finds "cotton", "cotton tow" finds towels).
 *   Expanding a prefix reads every lexeme that starts with it ("steel:*"), 5 to 10 times the cost of the
 *   whole word on a common one, for matches a complete word did not ask for.
 * - fuzzy: each word stands for the catalogue's words it is a typo or a part of ("cottn" for "cotton", "anel"
 *   for "panel" and "channel"; see termsLike), found by trigrams in the catalogue's vocabulary, then matched
 *   by full text like the others. A word the catalogue has nothing like is left out ("pashmina shawl" finds
 *   shawls); a search none of whose words it knows finds nothing.
 */
export type MatchMode = "exact" | "prefix" | "fuzzy";
/**
 * `tsquery` and `suppliers`: what the match looks for (the words, and the ids of the suppliers its text names);
 * `words` and `companyText`: what the statistics need to tell how many products the match may find (see
 * searchLevels); `estimable`: whether they can (a fuzzy match's words are not the ones it searches);
 * `none`: the match cannot find anything, so no statement is run (a typo match none of whose words the
 * catalogue has anything like finds at most the supplier companies, which the exact match already looked for).
 */
type TextMatch = { tsquery: string | null; suppliers: string[]; mode: MatchMode; estimable: boolean; none: boolean; words: string[]; companyText: string | null };
type TextSearch = { q: string; match: (mode: MatchMode) => Promise<TextMatch> };

/**
 * Statements are built once per shape (see runShaped): what a search looks for and its bounds are
 * placeholders, filled by each call's values (see searchValues).
 */
const placeholder = sql.placeholder;
const tsqueryParam = sql`to_tsquery('english'::regconfig, ${placeholder("tsquery")})`;

/** What a text match finds: its words, or the products of the suppliers its text names. Text that matches nothing (say, only punctuation) finds nothing, never everything. */
function matchCondition(match: TextMatch): SQL {
  const parts: SQL[] = [];
  if (match.tsquery) parts.push(sql`${products.searchVector} @@ ${tsqueryParam}`);
  if (match.suppliers.length) parts.push(sql`${products.sellerId} = any(${placeholder("suppliers")}::text[])`);
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0]! : or(...parts)!;
}

/** ts_rank's weights put a match in the name (A) above one in the category and tags (B) and the description (C). */
const matchRank = (match: TextMatch) => (match.tsquery ? sql`ts_rank(${products.searchVector}, ${tsqueryParam})` : sql`0::real`);

/** A list of ids as a PostgreSQL array literal: one parameter whatever the list's length. */
const arrayLiteral = (items: string[]) => `{${items.map((item) => `"${item.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** A fuzzy match's tsquery: each word as any of the catalogue's words like it, the words it knows nothing like left out. */
async function fuzzyTsquery(db: Db, q: string): Promise<string | null> {
  const words = queryWords(q);
  const terms = await termsLike(db, words);
  const alternatives = words
    .map((word, i) => (word.length >= MIN_TERM_LENGTH ? terms[i]! : [i === words.length - 1 ? `${word}:*` : word]))
    .filter((any) => any.length > 0);
  return alternatives.length ? alternatives.map((any) => `(${any.join(" | ")})`).join(" & ") : null;
}

/**
 * Prepares a text search. Besides its words, a text of three characters or more also finds the products
 * of the suppliers whose company name holds it (see suppliersNamed).
 */
function textSearch(db: Db, q: string): TextSearch | null {
  if (!q) return null;
  const names = q.length >= MIN_SUBSTRING_LENGTH;
  const match = async (mode: MatchMode): Promise<TextMatch> => {
    const [tsquery, suppliers] = await Promise.all([
      mode === "exact" ? exactTsquery(q) : mode === "prefix" ? prefixTsquery(q) : fuzzyTsquery(db, q),
      names ? suppliersNamed(db, q) : [],
    ]);
    return { tsquery, suppliers, mode, estimable: mode !== "fuzzy", none: mode === "fuzzy" && !tsquery, words: queryWords(q), companyText: names ? q : null };
  };
  return { q, match };
}

/** The next, broader mode for a search whose current mode found `found` matches, or null when it should stand. */
function broaderMode(text: TextSearch, current: MatchMode, found: number): MatchMode | null {
  if (found > 0) return null;
  if (current === "exact") return "prefix";
  if (current === "prefix" && text.q.length >= MIN_SUBSTRING_LENGTH) return "fuzzy";
  return null;
}

type SearchFilters = Pick<ProductSearchParams, "category" | "min" | "max" | "collection">;

/** What a collection's condition is made of (see collectionCondition); null for no collection. */
function collectionParts(filters: SearchFilters) {
  const collection = findCollection(filters.collection);
  if (!collection) return null;
  return { categories: collection.categories, tsquery: collectionTsquery(collection), days: collection.listedWithinDays ?? null };
}

/**
 * A collection's condition (app/lib/collections.ts): one of its categories, or one of its words in the
 * name, category or tags (the search vector's A and B weights, served by the full-text indexes), and
 * for a recent one, listed within its days. Placeholders, filled by searchValues.
 */
function collectionCondition(filters: SearchFilters): SQL | undefined {
  const parts = collectionParts(filters);
  if (!parts) return undefined;
  const fits: SQL[] = [];
  if (parts.categories.length) fits.push(sql`${products.category} = any(${placeholder("collectionCategories")}::text[])`);
  if (parts.tsquery) fits.push(sql`${products.searchVector} @@ to_tsquery('english'::regconfig, ${placeholder("collectionTsquery")})`);
  const recent = parts.days === null ? undefined : sql`${products.createdAt} >= now() - make_interval(days => ${placeholder("collectionDays")}::int)`;
  return and(fits.length ? or(...fits) : undefined, recent);
}

/** The filters' conditions, as placeholders (see searchValues). */
function filterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [eq(products.status, "active")];
  const collection = collectionCondition(filters);
  if (collection) conditions.push(collection);
  if (filters.category) conditions.push(eq(products.category, placeholder("category")));
  if (filters.min !== null) conditions.push(gte(products.priceMinCents, placeholder("minCents")));
  if (filters.max !== null) conditions.push(lte(products.priceMaxCents, placeholder("maxCents")));
  return conditions;
}

const centsBound = ({ min, max }: SearchFilters) => ({ min: min === null ? null : min * 100, max: max === null ? null : max * 100 });

/**
 * A text search's conditions: the filters and the match, and for a price bound the price marks it implies,
 * which the full-text indexes intersect with the words (see priceMarks). Searches without text are served
 * by the sort indexes, where the marks would only add work.
 */
function textConditions(match: TextMatch, filters: SearchFilters): Array<SQL | undefined> {
  const marks = priceMarksWithin(centsBound(filters)).map((_, i) => placeholder(`mark${i}`));
  return [...filterConditions(filters), matchCondition(match), marks.length ? hasPriceMarks(products.priceMinCents, products.priceMaxCents, marks) : undefined];
}

/** What changes a statement's text (see runShaped): which filters and which parts of a match it has. */
const filterShape = (filters: SearchFilters) => {
  const parts = collectionParts(filters);
  const collection = parts ? [parts.categories.length > 0, parts.tsquery !== null, parts.days !== null] : null;
  return [Boolean(filters.category), filters.min !== null, filters.max !== null, priceMarksWithin(centsBound(filters)).length, collection];
};
const matchShape = (match: TextMatch) => [Boolean(match.tsquery), match.suppliers.length > 0];

/** The values of a statement's placeholders: the filters', the match's and the price marks'. */
function searchValues(filters: SearchFilters, match?: TextMatch | null): Record<string, unknown> {
  const { min, max } = centsBound(filters);
  const collection = collectionParts(filters);
  return {
    category: filters.category,
    ...(collection ? { collectionCategories: arrayLiteral([...collection.categories]), collectionTsquery: collection.tsquery, collectionDays: collection.days } : {}),
    minCents: min,
    maxCents: max,
    ...Object.fromEntries(priceMarksWithin({ min, max }).map((mark, i) => [`mark${i}`, mark])),
    ...(match ? { tsquery: match.tsquery, suppliers: arrayLiteral(match.suppliers) } : {}),
  };
}

/**
 * A position in a sorted result, for cursor paging: the last row's sort value and id, or an offset; the
 * text match mode of the first page when it was broader than exact (m: "p" prefix, "f" fuzzy); and where a
 * text search's first page found its window (l: a search sample, or 1 for every match). Every page of one
 * search then reads the same matches, from the same place.
 */
export type ProductCursor = { v?: string | number; id?: string; o?: number; m?: "p" | "f"; l?: SearchLevel };
const CURSOR_MODES = { p: "prefix", f: "fuzzy" } as const satisfies Record<NonNullable<ProductCursor["m"]>, MatchMode>;

/** Where a text search reads its window: a search sample (one product in 64, 16 or 4), or every match (1). */
export type SearchLevel = SearchSample | 1;
const SEARCH_LEVELS: readonly SearchLevel[] = [...SEARCH_SAMPLES, 1];

export function encodeCursor(cursor: ProductCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(raw: string | null | undefined): ProductCursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
    if (!value || typeof value !== "object") return null;
    const { v, id, o, m, l } = value as Record<string, unknown>;
    const where: Pick<ProductCursor, "m" | "l"> = {
      ...(m === "p" || m === "f" ? { m } : {}),
      ...(SEARCH_LEVELS.includes(l as SearchLevel) ? { l: l as SearchLevel } : {}),
    };
    if (typeof o === "number" && Number.isSafeInteger(o) && o >= 0 && o <= PRODUCT_COUNT_CAP) return { o, ...where };
    const validValue = (typeof v === "string" && v.length <= 300) || (typeof v === "number" && Number.isSafeInteger(v));
    if (validValue && typeof id === "string" && isUuid(id)) return { v, id, ...where };
    return null;
  } catch {
    return null;
  }
}

/** A sort: its order, and the condition of a keyset cursor (the rows after the placeholders afterValue and afterId). */
type SortPlan = { order: SQL[]; after?: SQL };
type SortRow = { id: string; name: string; priceMinCents: number; priceMaxCents: number; createdAt: Date };
/** The columns a sort reads: the products table's, or the same columns of a text search's window. */
type SortColumn = SQL.Aliased | AnyColumn;
type SortColumns = { id: SortColumn; name: SortColumn; priceMinCents: SortColumn; priceMaxCents: SortColumn; createdAt: SortColumn; rank?: SortColumn };

function sortPlan(sort: ProductSort, c: SortColumns): SortPlan {
  const after = (column: SortColumn, op: "<" | ">", value: SQL = sql`${placeholder("afterValue")}`) => sql`(${column}, ${c.id}) ${sql.raw(op)} (${value}, ${placeholder("afterId")}::uuid)`;
  switch (sort) {
    case "price-low":
      return { order: [sql`${c.priceMinCents} asc`, sql`${c.id} asc`], after: after(c.priceMinCents, ">") };
    case "price-high":
      return { order: [sql`${c.priceMaxCents} desc`, sql`${c.id} desc`], after: after(c.priceMaxCents, "<") };
    case "name":
      return { order: [sql`${c.name} asc`, sql`${c.id} asc`], after: after(c.name, ">") };
    case "relevance":
      if (c.rank) return { order: [sql`${c.rank} desc`, sql`${c.createdAt} desc`, sql`${c.id} desc`] };
      return sortPlan("newest", c);
    case "newest":
      return { order: [sql`${c.createdAt} desc`, sql`${c.id} desc`], after: after(c.createdAt, "<", sql`${placeholder("afterValue")}::timestamptz`) };
  }
}

/** How a keyset cursor's value is read back (null: not this sort's) and written from a page's last row. */
type SortCursor = { read: (value: unknown) => string | number | null; write: (row: SortRow) => string | number };
const wholeNumber = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);
const SORT_CURSORS: Record<Exclude<ProductSort, "relevance">, SortCursor> = {
  "price-low": { read: wholeNumber, write: (r) => r.priceMinCents },
  "price-high": { read: wholeNumber, write: (r) => r.priceMaxCents },
  name: { read: (v) => (typeof v === "string" ? v : null), write: (r) => r.name },
  newest: { read: (v) => (typeof v === "string" && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null), write: (r) => r.createdAt.toISOString() },
};
/** A sort's keyset cursor; none for 'Best Match' by rank, which pages by offset (without a rank it sorts newest first). */
const sortCursor = (sort: ProductSort, ranked: boolean): SortCursor | undefined => (sort !== "relevance" ? SORT_CURSORS[sort] : ranked ? undefined : SORT_CURSORS.newest);

export type ProductSearchQuery = Omit<ProductSearchParams, "page"> & { limit?: number; offset?: number; cursor?: ProductCursor | null };
export type ProductSearchPage = { items: ProductCardData[]; nextCursor: string | null };
export type ProductCount = { count: number; capped: boolean };
/** A text search's page: where its window was read, and the window's size when the page has a row to read it off. */
type TextPage = ProductSearchPage & { level: SearchLevel; windowSize: number | null };

/**
 * Where a text search looks for the window of matches it ranks and sorts, in order. A search sample is
 * one product in 64, 16 or 4 (fixed by id) with its own small full-text index: a common word costs a
 * small share of its posting list there instead of a bitmap of all its matches, which GIN builds in full
 * before it returns a row. The window is taken from the first sample that holds more than MATCH_WINDOW
 * matches, so it is always MATCH_WINDOW matches when there are more, and every match otherwise (the last
 * level, 1). Each level is one statement, and most searches need one: the database's statistics
 * (search-statistics.server.ts) tell how many products the words match, so samples that cannot be full
 * are skipped (a rare word goes straight to every match; "steel", in one product of ten, to the 1-in-64
 * sample). Without statistics, and for a fuzzy match (its words are not the ones it searches), every
 * sample is tried, sparsest first, what each finds telling which denser ones to skip (see nextLevel).
 * The same search repeated within minutes starts where the last one found its window.
 */
async function searchLevels(db: Db, match: TextMatch, filters: SearchFilters): Promise<SearchLevel[]> {
  const statistics = match.estimable ? await searchStatistics(db) : null;
  const levels = statistics
    ? searchLevelsFor(expectedMatches(statistics, await lexemesOf(db, match.words), match.mode === "prefix", filters.category, match.companyText, centsBound(filters)))
    : searchLevelsFor(null);
  // the same search lately found its window at a denser level than the statistics can tell: start there
  const at = levels.indexOf(recall<SearchLevel>(db, levelKey(match, filters)) as SearchLevel);
  return at > 0 ? levels.slice(at) : levels;
}

/** What decides where a search's window is: its match (words, mode, supplier text) and its filters, not its sort or page. */
const levelKey = (match: TextMatch, { category, min, max, collection }: SearchFilters) => JSON.stringify(["level", match.mode, match.words, match.companyText, category, min, max, collection ?? null]);
const modeKey = (text: TextSearch, { category, min, max, collection }: SearchFilters) => JSON.stringify(["mode", text.q, category, min, max, collection ?? null]);

/**
 * Runs a text search's match modes in turn (see MatchMode) until one finds something or none is left:
 * from exact, or from the broader mode that found the same search's matches lately (its matches hold the
 * stricter modes', so a word stored since is still found). A broader mode that finds matches is
 * remembered; a search that finds nothing is not. `found` tells how many matches a result holds.
 */
async function firstMatching<R>(db: Db, text: TextSearch, filters: SearchFilters, run: (match: TextMatch) => Promise<R>, found: (result: R) => number): Promise<R> {
  const key = modeKey(text, filters);
  for (let mode: MatchMode = recall<MatchMode>(db, key) ?? "exact"; ; ) {
    const result = await run(await text.match(mode));
    const n = found(result);
    if (mode !== "exact" && n > 0) remember(db, key, mode);
    const broader = broaderMode(text, mode, n);
    if (!broader) return result;
    mode = broader;
  }
}

/**
 * The levels a search expected to match at most `expected` products reads: from the sparsest sample that
 * may then hold more than a window of them (every sample, sparsest first, when nothing is known).
 */
export function searchLevelsFor(expected: number | null): SearchLevel[] {
  if (expected === null) return [...SEARCH_LEVELS];
  const first = SEARCH_SAMPLES.findIndex((oneIn) => expected / oneIn > MATCH_WINDOW);
  return first < 0 ? [1] : SEARCH_LEVELS.slice(first);
}

/**
 * The matches a text search ranks and sorts at one level: at most MATCH_WINDOW + 1 of them (one more than
 * is ever listed, to tell a full window from one of exactly MATCH_WINDOW), read off the indexes in no
 * particular order (any order asked of a common word would read every match first), each with its
 * position in the sort and the window's size, both taken before a page is cut from it.
 */
function matchWindow(db: Db, match: TextMatch, conditions: Array<SQL | undefined>, level: SearchLevel, sort: ProductSort) {
  // Drizzle's builder types do not follow generic selections through a union of two database drivers.
  const select = (selection: SelectedFields) => (db as PgDatabase<PgQueryResultHKT>).select(selection);
  const ranked = sort === "relevance";
  const fields = {
    id: products.id,
    name: products.name,
    priceMinCents: products.priceMinCents,
    priceMaxCents: products.priceMaxCents,
    createdAt: products.createdAt,
    // only 'Best Match' reads the rank: the other sorts leave it uncomputed
    ...(ranked ? { rank: sql<number>`${matchRank(match)}`.as("rank") } : {}),
  };
  const window = select(fields)
    .from(products)
    .where(and(...conditions, atLevel(level)))
    .limit(MATCH_WINDOW + 1)
    .as("window") as unknown as SortColumns & Record<keyof typeof fields, SortColumn>;
  const position = positionIn(sortPlan(sort, window));
  const windowSize = sql<number>`(count(*) over ())::int`.as("window_size");
  const columns = Object.fromEntries(Object.keys(fields).map((key) => [key, window[key as keyof typeof fields]]));
  type Matches = SortColumns & { id: SortColumn; position: SQL.Aliased<number>; windowSize: SQL.Aliased<number> };
  return select({ ...columns, position, windowSize })
    .from(window as never)
    .as("matches") as unknown as Matches;
}

/** One page of products without text: straight off the products table's indexes. */
async function pageOfProducts(db: Db, query: ProductSearchQuery): Promise<ProductSearchPage> {
  const limit = pageLimit(query);
  const cursor = sortCursor(query.sort, false);
  const { position, values } = pagePosition(query, cursor);
  const shape = JSON.stringify(["products", query.sort, position.after, filterShape(query)]);
  const rows = await cardsOfPage(
    db,
    shape,
    () => {
      const plan = sortPlan(query.sort, products);
      return db
        .select({ id: products.id, position: positionIn(plan), windowSize: sql<number | null>`null::int`.as("window_size") })
        .from(products)
        .where(and(...filterConditions(query), position.after ? plan.after : undefined))
        .orderBy(...plan.order)
        .limit(placeholder("limit"))
        .offset(placeholder("offset"))
        .as("page") as unknown as PageIds;
    },
    { ...searchValues(query), ...values },
    limit,
  );
  return pageFrom(rows, limit, (last) => (cursor ? { v: cursor.write(last), id: last.id } : { o: position.offset + limit }));
}

/**
 * One page of a text search at one level: the page's ids are cut from the level's window (see
 * matchWindow), then only the page's rows are fetched and joined. One statement.
 */
async function textPageAt(db: Db, match: TextMatch, query: ProductSearchQuery, level: SearchLevel): Promise<TextPage> {
  const limit = pageLimit(query);
  const cursor = sortCursor(query.sort, true);
  const { position, values } = pagePosition(query, cursor);
  const mode = match.mode === "prefix" ? { m: "p" as const } : match.mode === "fuzzy" ? { m: "f" as const } : {};
  // a window holds at most MATCH_WINDOW listed matches: a page past them is empty at every level
  if (position.offset >= MATCH_WINDOW) return { items: [], nextCursor: null, level, windowSize: null };
  const shape = JSON.stringify(["text", query.sort, level, position.after, filterShape(query), matchShape(match)]);
  const rows = await cardsOfPage(
    db,
    shape,
    () => {
      const window = matchWindow(db, match, textConditions(match, query), level, query.sort);
      const plan = sortPlan(query.sort, window);
      return (db as PgDatabase<PgQueryResultHKT>)
        .select({ id: window.id as SQL.Aliased, position: window.position, windowSize: window.windowSize })
        .from(window as never)
        .where(and(lte(window.position, MATCH_WINDOW), position.after ? plan.after : undefined))
        .orderBy(window.position)
        .limit(placeholder("limit"))
        .offset(placeholder("offset"))
        .as("page") as unknown as PageIds;
    },
    { ...searchValues(query, match), ...values },
    limit,
  );
  const page = pageFrom(rows, limit, (last) => ({ ...(cursor ? { v: cursor.write(last), id: last.id } : { o: position.offset + limit }), ...mode, l: level }));
  return { ...page, level, windowSize: rows[0]?.windowSize ?? null };
}

/**
 * A text search's page: at the cursor's level when there is one, otherwise at the first level (see
 * searchLevels) whose window is full, or at every match.
 */
async function textPage(db: Db, match: TextMatch, query: ProductSearchQuery): Promise<TextPage> {
  if (match.none) return { items: [], nextCursor: null, level: 1, windowSize: null };
  if (query.cursor?.l) return textPageAt(db, match, query, query.cursor.l);
  const levels = await searchLevels(db, match, query);
  const firstPage = (query.offset ?? 0) === 0 && !query.cursor;
  for (let i = 0; ; ) {
    const page = await textPageAt(db, match, query, levels[i]!);
    const full = page.windowSize !== null && page.windowSize > MATCH_WINDOW;
    if (full || (i === levels.length - 1 && firstPage)) remember(db, levelKey(match, query), page.level);
    // an empty page before the window's end means a window shorter than its offset: not full
    if (full || i === levels.length - 1) return page;
    i = nextLevel(levels, i, page.windowSize ?? (firstPage ? 0 : null));
  }
}

/**
 * The level to read after levels[i], whose window was not full and held `found` matches (null: unknown).
 * A sample is a fixed share of the catalogue, so what it found tells about how many matches there are in
 * all: a denser sample expected to hold no more than half a window of them is skipped.
 */
function nextLevel(levels: SearchLevel[], i: number, found: number | null): number {
  let next = i + 1;
  if (found === null) return next;
  const estimate = found * levels[i]!;
  while (next < levels.length - 1 && estimate / levels[next]! <= MATCH_WINDOW / 2) next++;
  return next;
}

const pageLimit = (query: ProductSearchQuery) => Math.min(Math.max(query.limit ?? PRODUCTS_PER_PAGE, 1), 100);

/**
 * Where a page starts: an offset (a page number's, or an offset cursor's), or after a keyset cursor's row
 * (`after`: whether the statement has the sort's cursor condition), and the values of their placeholders.
 * A cursor whose value is not its sort's reads the first page.
 */
function pagePosition(query: ProductSearchQuery, sort: SortCursor | undefined): { position: { offset: number; after: boolean }; values: Record<string, unknown> } {
  const cursor = query.cursor;
  const offset = cursor?.o ?? query.offset ?? 0;
  const value = cursor && cursor.o === undefined && cursor.id && sort ? sort.read(cursor.v) : null;
  if (value === null) return { position: { offset, after: false }, values: { offset } };
  return { position: { offset, after: true }, values: { offset, afterValue: value, afterId: cursor!.id } };
}

/** A row's position in a sort. */
const positionIn = (plan: SortPlan) => sql<number>`(row_number() over (order by ${sql.join(plan.order, sql`, `)}))::int`.as("position");

/** The condition that keeps a level's products: its search sample's, none for every match. */
const atLevel = (level: SearchLevel) => (level === 1 ? undefined : inSearchSample(products.id, level));

/** The ids of a page, in order: off the products table, or cut from a text search's window. */
type PageIds = SubqueryWithSelection<{ id: typeof products.id; position: SQL.Aliased<number>; windowSize: SQL.Aliased<number | null> }, "page">;

/**
 * The product cards of a page's ids, in the page's order. Each card's product and supplier are lateral
 * subqueries behind an `offset 0` fence: a page of at most 101 ids is always fetched by primary key, and
 * as a plain join the planner costed merge and hash joins of them (reading both keys' statistics, and
 * probing the indexes for their actual ends) on every search, about a fifth of its planning. The offset is
 * a parameter (`fence`, always 0): Drizzle leaves out a literal offset of 0, and the fence with it.
 */
function cardsOf(db: Db, ids: PageIds) {
  const card = db
    .select({ ...productCardColumns, createdAt: products.createdAt, sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, ids.id))
    .offset(placeholder("fence"))
    .as("card");
  const supplier = db
    .select({ companyName: profiles.companyName, verificationStatus: profiles.verificationStatus })
    .from(profiles)
    .where(eq(profiles.userId, card.sellerId))
    .offset(placeholder("fence"))
    .as("supplier");
  // the supplier's response time: its window of conversations, an index range on (seller_id, buyer_first_message_at)
  const replies = db
    .select({ medianReplySeconds: medianReplySeconds().as("median_reply_seconds"), answered: answeredConversations().as("answered") })
    .from(conversations)
    .where(inResponseWindow(card.sellerId))
    .offset(placeholder("fence"))
    .as("replies");
  // the supplier's rating: its reviews' averages, an index range on (seller_id, …)
  const ratings = db
    .select({
      ratingAverage: sql<string | null>`round(avg((${reviews.productQuality} + ${reviews.communication} + ${reviews.onTimeDelivery})::numeric / 3), 1)`.as("rating_average"),
      ratingCount: sql<number>`count(*)::int`.as("rating_count"),
    })
    .from(reviews)
    .where(eq(reviews.sellerId, card.sellerId))
    .offset(placeholder("fence"))
    .as("ratings");
  // the card's columns as the subquery's (card.name is "card"."name")
  type CardKey = keyof typeof productCardColumns | "createdAt";
  const cardFields = Object.fromEntries([...Object.keys(productCardColumns), "createdAt"].map((key) => [key, card[key as CardKey]])) as { [K in CardKey]: (typeof card)[K] };
  return db
    .select({
      ...cardFields,
      supplierCompany: supplier.companyName,
      supplierVerification: supplier.verificationStatus,
      supplierMedianReplySeconds: replies.medianReplySeconds,
      supplierAnswered: replies.answered,
      ratingAverage: ratings.ratingAverage,
      ratingCount: ratings.ratingCount,
      position: ids.position,
      windowSize: ids.windowSize,
    })
    .from(ids)
    .innerJoinLateral(card, sql`true`)
    .leftJoinLateral(supplier, sql`true`)
    .leftJoinLateral(replies, sql`true`)
    .leftJoinLateral(ratings, sql`true`)
    .orderBy(ids.position);
}

/**
 * Runs a page's statement of one shape (see runShaped): the page's ids, built by `ids` with `limit` and
 * `offset` placeholders (one row more than the page lists), and their cards.
 */
function cardsOfPage(db: Db, shape: string, ids: () => PageIds, values: Record<string, unknown>, limit: number) {
  return runShaped(db, shape, () => cardsOf(db, ids()), { ...values, limit: limit + 1, fence: 0 });
}

type CardRow = Awaited<ReturnType<typeof cardsOf>>[number];

/** A page of `limit` cards from one more row than it lists, and the cursor to the next when there is one. */
function pageFrom(rows: CardRow[], limit: number, cursorAfter: (last: CardRow) => ProductCursor): ProductSearchPage {
  const page = rows.slice(0, limit);
  return {
    items: page.map(({ supplierVerification, supplierMedianReplySeconds, supplierAnswered, ratingAverage, ratingCount, createdAt: _createdAt, position: _position, windowSize: _windowSize, ...row }) => ({
      ...row,
      supplierCompany: row.supplierCompany ?? null,
      supplierVerified: supplierVerification === "verified",
      supplierReplyHours: supplierMedianReplySeconds !== null && Number(supplierAnswered) >= RESPONSE_TIME_MIN_CONVERSATIONS ? replyHours(Number(supplierMedianReplySeconds)) : null,
      supplierRating: ratingAverage !== null && Number(ratingCount) > 0 ? { average: Number(ratingAverage), count: Number(ratingCount) } : null,
    })),
    nextCursor: rows.length > limit ? encodeCursor(cursorAfter(page[page.length - 1]!)) : null,
  };
}

function cappedCount(n: number, cap: number): ProductCount {
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

/** How many products the filters match, counted to PRODUCT_COUNT_CAP; a text search's, to its window (walking its levels). */
async function countOfProducts(db: Db, match: TextMatch | null, query: SearchFilters): Promise<ProductCount> {
  // one row more than the cap tells a count at the cap from one past it
  const countUpTo = async (cap: number, level: SearchLevel | null) => {
    const shape = JSON.stringify(["count", cap, level, filterShape(query), match && matchShape(match)]);
    const build = () => {
      const where = match ? [...textConditions(match, query), level === null ? undefined : atLevel(level)] : filterConditions(query);
      const limited = db.select({ one: sql<number>`1`.as("one") }).from(products).where(and(...where)).limit(cap + 1).as("limited");
      return db.select({ n: sql<number>`count(*)::int` }).from(limited);
    };
    const [row] = await runShaped(db, shape, build, searchValues(query, match));
    return row?.n ?? 0;
  };
  if (!match) return cappedCount(await countUpTo(PRODUCT_COUNT_CAP, null), PRODUCT_COUNT_CAP);
  if (match.none) return { count: 0, capped: false };
  let n = 0;
  const levels = await searchLevels(db, match, query);
  for (let i = 0; i < levels.length; i = nextLevel(levels, i, n)) {
    const level = levels[i]!;
    n = await countUpTo(MATCH_WINDOW, level);
    if (n > MATCH_WINDOW || i === levels.length - 1) {
      remember(db, levelKey(match, query), level);
      break;
    }
  }
  return cappedCount(n, MATCH_WINDOW);
}

/**
 * Marketplace product search for integrators (GET /api/products): active products filtered by
 * text, category and price, sorted, one page per cursor. One query for the page (see searchLevels),
 * and one more for each broader match mode a first page needs (see MatchMode).
 */
export async function searchProducts(db: Db, query: ProductSearchQuery): Promise<ProductSearchPage> {
  const text = textSearch(db, query.q);
  const strip = ({ items, nextCursor }: ProductSearchPage): ProductSearchPage => ({ items, nextCursor });
  if (!text) return pageOfProducts(db, query);
  if (query.cursor) return strip(await textPage(db, await text.match(query.cursor.m ? CURSOR_MODES[query.cursor.m] : "exact"), query));
  return strip(await firstMatching(db, text, query, (match) => textPage(db, match, query), (page) => page.items.length));
}

/** The marketplace page (/browse, /category/{slug}): one numbered page of products and the (capped) count. */
export async function browseProducts(db: Db, params: ProductSearchParams) {
  const query = { ...params, offset: (params.page - 1) * PRODUCTS_PER_PAGE };
  // A text search's page counts its own window; without text, or past the last page, a count query.
  const run = async (match: TextMatch | null): Promise<[ProductSearchPage, ProductCount]> => {
    if (!match) return Promise.all([pageOfProducts(db, query), countOfProducts(db, null, params)]);
    const page = await textPage(db, match, query);
    if (page.windowSize !== null) return [page, cappedCount(page.windowSize, MATCH_WINDOW)];
    // an empty first page at every match is an empty window
    if (query.offset === 0 && page.level === 1) return [page, { count: 0, capped: false }];
    return [page, await countOfProducts(db, match, params)];
  };
  const text = textSearch(db, params.q);
  const [page, total] = text ? await firstMatching(db, text, params, run, ([, count]) => count.count) : await run(null);
  return { items: page.items, total, page: params.page, pageCount: Math.max(1, Math.ceil(total.count / PRODUCTS_PER_PAGE)) };
}

/** How many products match the marketplace filters (capped), for the 'Products (count)' tab. */
export async function countMatchingProducts(db: Db, params: Omit<ProductSearchParams, "page" | "sort">): Promise<ProductCount> {
  const text = textSearch(db, params.q);
  if (!text) return countOfProducts(db, null, params);
  return firstMatching(db, text, params, (match) => countOfProducts(db, match, params), (total) => total.count);
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
