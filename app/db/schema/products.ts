import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bigint, check, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search samples (see searchLevels in product-search.server.ts), sparsest first: one product in
 * 64, in 16 and in 4, fixed by id, each holding the sparser ones. Each has its own partial index.
 */
export const SEARCH_SAMPLES = [64, 16, 4] as const;
export type SearchSample = (typeof SEARCH_SAMPLES)[number];

/**
 * Whether a product is in a search sample: one product in `oneIn`, fixed by its id (uuid_hash is the
 * hash PostgreSQL's own hash indexes use on uuids). A partial index covers each sample, and a query
 * must spell the condition exactly so for the planner to use it: the mask is a literal, not a parameter.
 */
export function inSearchSample(id: AnyColumn | SQL, oneIn: SearchSample) {
  return sql`(uuid_hash(${id}) & ${sql.raw(String(oneIn - 1))}) = 0`;
}

/**
 * The thresholds of a product's price marks, in cents: a 1-2-5 series from $1 to $50,000. The database's
 * setu_price_marks (migration 0013) holds the same list; a test checks that the two agree.
 */
export const PRICE_MARK_THRESHOLDS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000] as const;

/**
 * A product's price marks: each threshold its lowest price reaches (t) and each its highest price stays
 * within (-t). They sit in the full-text indexes beside the words, so that a text search with a price bound
 * intersects both inside the index (see priceMarksWithin): "led" from $1,000 read 2,900 rows to keep 501.
 */
export function priceMarks(minCents: AnyColumn | SQL, maxCents: AnyColumn | SQL) {
  return sql`setu_price_marks(${minCents}, ${maxCents})`;
}

/**
 * The price marks every product inside a price bound has (in cents; null: no bound on that side): the
 * highest threshold at or under the lowest price asked, and the lowest at or over the highest. None when
 * no threshold narrows the bound. Only a superset: the exact bound is still checked on each row.
 */
export function priceMarksWithin(bound: { min: number | null; max: number | null }): number[] {
  const low = bound.min === null ? undefined : PRICE_MARK_THRESHOLDS.findLast((t) => t <= bound.min!);
  const high = bound.max === null ? undefined : PRICE_MARK_THRESHOLDS.find((t) => t >= bound.max!);
  return [...(low === undefined ? [] : [low]), ...(high === undefined ? [] : [-high])];
}

/** The condition that a product has every one of `marks` (values or placeholders; at least one). */
export function hasPriceMarks(minCents: AnyColumn | SQL, maxCents: AnyColumn | SQL, marks: unknown[]) {
  return sql`${priceMarks(minCents, maxCents)} @> array[${sql.join(marks.map((m) => sql`${m}`), sql`, `)}]::integer[]`;
}

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // price_range {min, max} in USD, stored as integer cents
    priceMinCents: bigint("price_min_cents", { mode: "number" }).notNull(),
    priceMaxCents: bigint("price_max_cents", { mode: "number" }).notNull(),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull().default(1),
    unit: text("unit").notNull().default("pieces"),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    specifications: jsonb("specifications").$type<Record<string, unknown>>(),
    status: text("status").notNull().default("active"),
    // Harmonized System code (6 to 10 digits) for landed-cost estimates; the Indian port goods leave from
    hsCode: text("hs_code"),
    originPort: text("origin_port"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Full-text document for marketplace search: name first, then category and tags, then description.
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, category || ' ' || setu_join_words(tags)), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
      ),
  },
  (t) => [
    check("products_price_check", sql`${t.priceMinCents} >= 0 and ${t.priceMinCents} <= ${t.priceMaxCents}`),
    check("products_moq_check", sql`${t.minimumOrderQuantity} > 0`),
    check("products_hs_code_check", sql`${t.hsCode} is null or ${t.hsCode} ~ '^[0-9]{6,10}$'`),
    check("products_status_check", sql`${t.status} in ('active', 'inactive')`),
    check(
      "products_category_check",
      sql`${t.category} in ('electronics', 'machinery', 'textiles', 'chemicals', 'automotive', 'food')`,
    ),
    check("products_unit_check", sql`${t.unit} in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets')`),
    index("products_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
    index("products_status_created_idx").on(t.status, t.createdAt, t.id),
    index("products_status_category_created_idx").on(t.status, t.category, t.createdAt, t.id),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Full-text search with the category in the same GIN index (btree_gin): "steel" in the food
    // category is one intersection of two posting lists inside the index, not a bitmap of 150,000
    // food products ANDed with the text's matches, nor a scan of every steel product for food ones.
    // A search without a category uses it as well (GIN has no leading-column rule). The price marks
    // (priceMarks) likewise intersect a price bound with the words inside the index, here and in the samples.
    index("products_category_search_idx").using("gin", t.category, t.searchVector, priceMarks(t.priceMinCents, t.priceMaxCents)),
    // The same over the search sample only (one product in 16, see inSearchSample), with the
    // supplier: a common word's posting list here is a sixteenth as long, so a search that finds more
    // matches than it ranks builds its window from this index instead of a bitmap of every match;
    // a search that also names supplier companies finds their sampled products in it too.
    index("products_sample_search_idx").using("gin", t.category, t.searchVector, t.sellerId, priceMarks(t.priceMinCents, t.priceMaxCents)).where(inSearchSample(t.id, 16)),
    // One product in 64, for the commonest words: a 1-in-16 sample still holds 6,000 products with "steel"
    // in a million, and GIN reads every one of them into its bitmap before the first row (decision record 0010).
    index("products_sample64_search_idx").using("gin", t.category, t.searchVector, t.sellerId, priceMarks(t.priceMinCents, t.priceMaxCents)).where(inSearchSample(t.id, 64)),
    // One product in 4, for searches whose matches the 1-in-16 sample holds too few of to fill a window
    // (a word with 2,000 to 8,000 matches, or a common word with a price bound): a quarter of the index read.
    index("products_sample4_search_idx").using("gin", t.category, t.searchVector, t.sellerId, priceMarks(t.priceMinCents, t.priceMaxCents)).where(inSearchSample(t.id, 4)),
    // The marketplace's sorts (newest, price both ways, name), with and without a category.
    // Ascending with the id last: a backward scan serves "desc, id desc" exactly.
    index("products_status_price_min_idx").on(t.status, t.priceMinCents, t.id),
    index("products_status_price_max_idx").on(t.status, t.priceMaxCents, t.id),
    index("products_status_name_idx").on(t.status, t.name, t.id),
    index("products_status_category_price_min_idx").on(t.status, t.category, t.priceMinCents, t.id),
    index("products_status_category_price_max_idx").on(t.status, t.category, t.priceMaxCents, t.id),
    index("products_status_category_name_idx").on(t.status, t.category, t.name, t.id),
  ],
);

/**
 * The words of the catalogue (of product names, tags and descriptions, lower-cased, 3 to 40 letters and
 * digits), each once: what a typo is corrected against (see fuzzy matching in product-search.server.ts).
 * A few thousand rows where products are millions, so a trigram search of it costs next to nothing.
 * Kept by triggers on products (migration 0012): every stored or edited product adds its new words.
 * A word is never removed; one no product holds any more only finds nothing.
 */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
]);
