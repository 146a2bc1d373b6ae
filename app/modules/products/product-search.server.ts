import { and, eq, gte, ilike, lte, or, sql, type AnyColumn, type SQL, type WithSubquery } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, SelectedFields, SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { inSearchSample, products, SEARCH_SAMPLES } from "~/db/schema/products";
import { profiles } from "~/db/schema/profiles";
import { likePattern } from "~/modules/search/suggestions.server";
import type { ProductCardData } from "./products.schema";
import { PRODUCT_COUNT_CAP, PRODUCTS_PER_PAGE, MATCH_WINDOW, type ProductSearchParams, type ProductSort } from "./product-search.schema";
import { isUuid } from "~/lib/uuid";
import { productCardColumns } from "./product-card.server";

/** Supplier companies matched by a search are looked up first; more than this many is not a useful signal. */
const COMPANY_MATCH_LIMIT = 50;
/** Substring (trigram) matching needs at least one trigram: shorter text is matched by prefix only. */
const MIN_SUBSTRING_LENGTH = 3;

const cardColumns = {
  ...productCardColumns,
  createdAt: products.createdAt,
  supplierCompany: profiles.companyName,
  supplierVerification: profiles.verificationStatus,
};

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
 * - fuzzy: also a trigram match on the name, for the inside of a word ("anel" in "Panel") and typos
 *   ("cottn"); the trigram scan is the costliest of the three.
 */
export type MatchMode = "exact" | "prefix" | "fuzzy";
/** The columns a rank reads: the products table's, or the search sample's (see matchWindow). */
type RankColumns = { searchVector: SQL.Aliased | AnyColumn; name: SQL.Aliased | AnyColumn };
/** `sampled`: whether the match can be read off the search sample's index (full-text matches can, trigram ones cannot). */
type TextMatch = { condition: SQL; rank: (columns: RankColumns) => SQL; mode: MatchMode; sampled: boolean };
type TextSearch = { q: string; match: (mode: MatchMode) => TextMatch };

/**
 * Prepares a text search. The supplier companies it names are a subquery of the search's own statement
 * (an InitPlan: run once, then an index lookup of their products), not a query of their own before it:
 * one statement and one round trip per search instead of two.
 */
function textSearch(db: Db, q: string): TextSearch | null {
  if (!q) return null;
  const companies =
    q.length >= MIN_SUBSTRING_LENGTH
      ? db
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(and(eq(profiles.userType, "seller"), ilike(profiles.companyName, likePattern(q))))
          .limit(COMPANY_MATCH_LIMIT)
      : null;
  const match = (mode: MatchMode): TextMatch => {
    const tsquery = mode === "exact" ? exactTsquery(q) : prefixTsquery(q);
    const tsq = tsquery ? sql`to_tsquery('english'::regconfig, ${tsquery})` : null;
    const parts: SQL[] = [];
    if (tsq) parts.push(sql`${products.searchVector} @@ ${tsq}`);
    if (companies) parts.push(sql`${products.sellerId} = any(array(${companies}))`);
    if (mode === "fuzzy" && q.length >= MIN_SUBSTRING_LENGTH) parts.push(ilike(products.name, likePattern(q)), sql`${q} <% ${products.name}`);
    // Whole words and prefixes rank by ts_rank alone: its weights already put a match in the name (A) above one in
    // the category and tags (B) and the description (C). Trigram similarity to the name is what ranks a fuzzy
    // match (a typo has no full-text rank), and at about 4 µs a row it was a third of a common word's query.
    const rank = ({ searchVector, name }: RankColumns) =>
      !tsq ? sql`similarity(${name}, ${q})` : mode === "fuzzy" ? sql`(ts_rank(${searchVector}, ${tsq}) + similarity(${name}, ${q}))` : sql`ts_rank(${searchVector}, ${tsq})`;
    // Text that matches nothing (say, only punctuation) finds nothing, never everything.
    const condition = parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0]! : or(...parts)!;
    return { condition, rank, mode, sampled: mode !== "fuzzy" };
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

function filterConditions(params: Pick<ProductSearchParams, "category" | "min" | "max">): SQL[] {
  const conditions: SQL[] = [eq(products.status, "active")];
  if (params.category) conditions.push(eq(products.category, params.category));
  if (params.min !== null) conditions.push(gte(products.priceMinCents, params.min * 100));
  if (params.max !== null) conditions.push(lte(products.priceMaxCents, params.max * 100));
  return conditions;
}


/**
 * A position in a sorted result, for cursor paging: the last row's sort value and id, or an offset; and the
 * text match mode of the first page when it was broader than exact (m: "p" prefix, "f" fuzzy), so that every
 * page of one search reads the same matches.
 */
export type ProductCursor = { v?: string | number; id?: string; o?: number; m?: "p" | "f" };
const CURSOR_MODES = { p: "prefix", f: "fuzzy" } as const satisfies Record<NonNullable<ProductCursor["m"]>, MatchMode>;

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

type SortPlan = { order: SQL[]; after?: (cursor: ProductCursor) => SQL | null; cursorValue?: (row: SortRow) => string | number };
type SortRow = { id: string; name: string; priceMinCents: number; priceMaxCents: number; createdAt: Date };
/** The columns a sort reads: the products table's, or the same columns of a text search's window. */
type SortColumns = { id: SQL.Aliased | AnyColumn; name: SQL.Aliased | AnyColumn; priceMinCents: SQL.Aliased | AnyColumn; priceMaxCents: SQL.Aliased | AnyColumn; createdAt: SQL.Aliased | AnyColumn; rank?: SQL.Aliased };

function sortPlan(sort: ProductSort, c: SortColumns): SortPlan {
  const tuple = (column: SortColumns[keyof SortColumns], op: "<" | ">", v: unknown, id: string) => sql`(${column}, ${c.id}) ${sql.raw(op)} (${v}, ${id}::uuid)`;
  switch (sort) {
    case "price-low":
      return {
        order: [sql`${c.priceMinCents} asc`, sql`${c.id} asc`],
        after: (k) => (typeof k.v === "number" ? tuple(c.priceMinCents, ">", k.v, k.id!) : null),
        cursorValue: (r) => r.priceMinCents,
      };
    case "price-high":
      return {
        order: [sql`${c.priceMaxCents} desc`, sql`${c.id} desc`],
        after: (k) => (typeof k.v === "number" ? tuple(c.priceMaxCents, "<", k.v, k.id!) : null),
        cursorValue: (r) => r.priceMaxCents,
      };
    case "name":
      return {
        order: [sql`${c.name} asc`, sql`${c.id} asc`],
        after: (k) => (typeof k.v === "string" ? tuple(c.name, ">", k.v, k.id!) : null),
        cursorValue: (r) => r.name,
      };
    case "relevance":
      if (c.rank) return { order: [sql`${c.rank} desc`, sql`${c.createdAt} desc`, sql`${c.id} desc`] };
      return sortPlan("newest", c);
    case "newest":
      return {
        order: [sql`${c.createdAt} desc`, sql`${c.id} desc`],
        after: (k) =>
          typeof k.v === "string" && !Number.isNaN(Date.parse(k.v)) ? tuple(c.createdAt, "<", sql`${new Date(k.v).toISOString()}::timestamptz`, k.id!) : null,
        cursorValue: (r) => r.createdAt.toISOString(),
      };
  }
}

export type ProductSearchQuery = Omit<ProductSearchParams, "page"> & { limit?: number; offset?: number; cursor?: ProductCursor | null };
export type ProductSearchPage = { items: ProductCardData[]; nextCursor: string | null };
export type ProductCount = { count: number; capped: boolean };

/**
 * One page of products. With `counted`, a text search's page also counts its window (one match more than
 * it lists, to tell "500" from "500+"): `windowCount`, read off any of the page's rows (an empty first page
 * is an empty window), so the marketplace page needs no count query of its own; it is missing only for an
 * empty page past the first.
 */
async function pageOfProducts(
  db: Db,
  match: TextMatch | null,
  query: ProductSearchQuery,
  counted = false,
): Promise<ProductSearchPage & { windowCount?: ProductCount }> {
  const limit = Math.min(Math.max(query.limit ?? PRODUCTS_PER_PAGE, 1), 100);
  const conditions = filterConditions(query);
  if (match) conditions.push(match.condition);
  let offset = query.offset ?? 0;

  // The page's ids in order: straight from products, or for a text search from a bounded window
  // of matches (see matchWindow). Only the page's rows are then fetched and joined.
  // Only 'Best Match' reads the rank: the other sorts leave it uncomputed.
  const window = match
    ? matchWindow(
        db,
        match,
        conditions,
        counted ? MATCH_WINDOW + 1 : MATCH_WINDOW,
        "matches",
        {
          id: products.id,
          name: products.name,
          priceMinCents: products.priceMinCents,
          priceMaxCents: products.priceMaxCents,
          createdAt: products.createdAt,
        },
        query.sort === "relevance",
      )
    : null;
  const source = window?.rows ?? null;
  const columns: SortColumns = source ?? products;
  const plan = sortPlan(query.sort, columns);
  const pageConditions: SQL[] = source ? [] : conditions;
  if (query.cursor?.o !== undefined) offset = query.cursor.o;
  else if (query.cursor && plan.after) {
    const after = plan.after(query.cursor);
    if (after) pageConditions.push(after);
  }
  const position = sql<number>`(row_number() over (order by ${sql.join(plan.order, sql`, `)}))::int`.as("position");
  // a counted window's size, taken before the page is cut from it (never over the products table: that would read every row)
  const countWindow = counted && source !== null;
  const windowSize = (countWindow ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`).as("window_size");
  const ids = (source ? db.select({ id: source.id, position, windowSize }).from(source) : db.select({ id: products.id, position, windowSize }).from(products))
    .where(and(...pageConditions))
    .orderBy(...plan.order)
    .limit(limit + 1)
    .offset(offset)
    .as("page");
  const fetched = await (window?.samples.length ? db.with(...window.samples) : db)
    .select({ ...cardColumns, position: ids.position, windowSize: ids.windowSize })
    .from(ids)
    .innerJoin(products, eq(products.id, ids.id))
    .leftJoin(profiles, eq(profiles.userId, products.sellerId))
    .orderBy(ids.position);
  // a counted window holds one match more than is ever listed
  const rows = countWindow ? fetched.filter((row) => row.position <= MATCH_WINDOW) : fetched;
  const page = rows.slice(0, limit);
  let nextCursor: string | null = null;
  if (rows.length > limit) {
    const last = page[page.length - 1]!;
    const mode = match?.mode === "prefix" ? { m: "p" as const } : match?.mode === "fuzzy" ? { m: "f" as const } : {};
    nextCursor = plan.cursorValue ? encodeCursor({ v: plan.cursorValue(last), id: last.id, ...mode }) : encodeCursor({ o: offset + limit, ...mode });
  }
  const windowTotal = countWindow ? (fetched[0]?.windowSize ?? (offset === 0 ? 0 : null)) : null;
  return {
    items: page.map(({ supplierVerification, createdAt: _createdAt, position: _position, windowSize: _windowSize, ...row }) => ({
      ...row,
      supplierCompany: row.supplierCompany ?? null,
      supplierVerified: supplierVerification === "verified",
    })),
    nextCursor,
    ...(windowTotal !== null ? { windowCount: cappedCount(windowTotal, MATCH_WINDOW) } : {}),
  };
}

function cappedCount(n: number, cap: number): ProductCount {
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

async function countOfProducts(db: Db, match: TextMatch | null, query: Pick<ProductSearchParams, "category" | "min" | "max">): Promise<ProductCount> {
  // a text search lists at most its window of matches, so it counts no further
  const cap = match ? MATCH_WINDOW : PRODUCT_COUNT_CAP;
  const conditions = filterConditions(query);
  const window = match ? matchWindow(db, match, [...conditions, match.condition], cap + 1, "limited", { one: sql<number>`1`.as("one") }, false) : null;
  const limited = window?.rows ?? db.select({ one: sql<number>`1`.as("one") }).from(products).where(and(...conditions)).limit(cap + 1).as("limited");
  const [row] = await (window?.samples.length ? db.with(...window.samples) : db).select({ n: sql<number>`count(*)::int` }).from(limited);
  return cappedCount(row?.n ?? 0, cap);
}

/**
 * The matches a text search ranks and sorts: at most `size` of them, read off the indexes in no
 * particular order (any order asked of a common word, "steel" is 1 product in 10, would read every
 * match first). Up to MATCH_WINDOW matches this is every match; beyond, the count says "500+".
 *
 * Where the match can use them, the search samples (one product in 16, then one in 4, each with its
 * own smaller full-text index) are read first, smallest first: the first that alone holds more than
 * MATCH_WINDOW matches shows the search has more matches than it can rank, and the window is taken
 * from it; when none does, from every match. A common word then costs a sixteenth of its posting list
 * instead of a bitmap of all its matches; a word with a few thousand matches, or a common one with a
 * price bound, a quarter; a rare one two small extra index reads. One statement either way: each sample
 * is a CTE, read only when the one before it is not full, and each branch is gated by a one-time test
 * of the samples' sizes, so the branches not taken are never executed.
 * The caller must attach `samples` to its outermost query (db.with(...samples)).
 */
function matchWindow<TFields extends SelectedFields, TAlias extends string, TRanked extends boolean = true>(
  db: Db,
  match: TextMatch,
  conditions: SQL[],
  size: number,
  alias: TAlias,
  fields: TFields,
  ranked: TRanked = true as TRanked,
) {
  type Window = TRanked extends true ? TFields & { rank: SQL.Aliased<number> } : TFields;
  // Drizzle's builder types do not follow generic selections through a union of two database
  // drivers; the statement is built untyped and the result typed as the subquery it is.
  const select = (selection: SelectedFields) => (db as PgDatabase<PgQueryResultHKT>).select(selection);
  const withRank = (columns: SelectedFields, rankColumns: RankColumns) =>
    ranked ? { ...columns, rank: sql<number>`${match.rank(rankColumns)}`.as("rank") } : columns;
  const typed = (rows: { as: (alias: TAlias) => unknown }) => rows.as(alias) as SubqueryWithSelection<Window, TAlias>;
  const matches = (extra?: SQL) => select(withRank(fields, products)).from(products).where(and(...conditions, extra)).limit(size);
  if (!match.sampled) return { rows: typed(matches()), samples: [] };
  // A sample carries what ranking needs, and ranks only the rows it serves.
  const sampleSelection = ranked ? { ...fields, sampleVector: sql`${products.searchVector}`.as("sample_vector"), sampleName: sql`${products.name}`.as("sample_name") } : fields;
  const samples: WithSubquery[] = [];
  const isFull = (sample: WithSubquery) => sql`(select count(*) from ${sample}) > ${MATCH_WINDOW}`;
  // The branches of the union, typed only as far as building it needs.
  type Branch = { unionAll: (other: Branch) => Branch; as: (alias: TAlias) => unknown };
  const branches: Branch[] = [];
  for (const oneIn of SEARCH_SAMPLES) {
    const smallerAreShort = samples.map((smaller) => sql`not ${isFull(smaller)}`);
    const sample = db
      .$with(`sample_${oneIn}_matches`)
      .as(select(sampleSelection).from(products).where(and(...conditions, inSearchSample(products.id, oneIn), ...smallerAreShort)).limit(MATCH_WINDOW + 1));
    const columns = sample as unknown as Record<string, SQL.Aliased>;
    const sampleFields = Object.fromEntries(Object.keys(fields).map((key) => [key, columns[key]!]));
    const fromSample = select(withRank(sampleFields, { searchVector: columns.sampleVector!, name: columns.sampleName! }))
      .from(sample)
      .where(and(...smallerAreShort, isFull(sample)))
      .limit(size);
    branches.push(fromSample as unknown as Branch);
    samples.push(sample);
  }
  const everyMatch = matches(and(...samples.map((sample) => sql`not ${isFull(sample)}`))) as unknown as Branch;
  const [first, ...rest] = branches;
  return { rows: typed([...rest, everyMatch].reduce((union, branch) => union.unionAll(branch), first!)), samples };
}

/**
 * Marketplace product search for integrators (GET /api/products): active products filtered by
 * text, category and price, sorted, one page per cursor. One query for the page, and one more
 * for each broader match mode a first page needs (see MatchMode).
 */
export async function searchProducts(db: Db, query: ProductSearchQuery): Promise<ProductSearchPage> {
  const text = textSearch(db, query.q);
  if (!text) return pageOfProducts(db, null, query);
  if (query.cursor) return pageOfProducts(db, text.match(query.cursor.m ? CURSOR_MODES[query.cursor.m] : "exact"), query);
  let mode: MatchMode | null = "exact";
  let page: ProductSearchPage;
  do {
    page = await pageOfProducts(db, text.match(mode), query);
    mode = broaderMode(text, mode, page.items.length);
  } while (mode);
  return page;
}

/** The marketplace page (/browse, /category/{slug}): one numbered page of products and the (capped) count. */
export async function browseProducts(db: Db, params: ProductSearchParams) {
  const query = { ...params, offset: (params.page - 1) * PRODUCTS_PER_PAGE };
  // A text search's page counts its own window (one statement); otherwise, or past the last page, a count query.
  const run = async (match: TextMatch | null): Promise<[ProductSearchPage, ProductCount]> => {
    if (!match) return Promise.all([pageOfProducts(db, null, query), countOfProducts(db, null, params)]);
    const page = await pageOfProducts(db, match, query, true);
    return [page, page.windowCount ?? (await countOfProducts(db, match, params))];
  };
  const text = textSearch(db, params.q);
  let mode: MatchMode | null = "exact";
  let [page, total] = await run(text?.match(mode) ?? null);
  while (text && mode && (mode = broaderMode(text, mode, total.count))) [page, total] = await run(text.match(mode));
  return { items: page.items, total, page: params.page, pageCount: Math.max(1, Math.ceil(total.count / PRODUCTS_PER_PAGE)) };
}

/** How many products match the marketplace filters (capped), for the 'Products (count)' tab. */
export async function countMatchingProducts(db: Db, params: Omit<ProductSearchParams, "page" | "sort">): Promise<ProductCount> {
  const text = textSearch(db, params.q);
  if (!text) return countOfProducts(db, null, params);
  let mode: MatchMode | null = "exact";
  let total: ProductCount;
  do {
    total = await countOfProducts(db, text.match(mode), params);
    mode = broaderMode(text, mode, total.count);
  } while (mode);
  return total;
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
