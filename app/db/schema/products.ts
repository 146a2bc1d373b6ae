import { isOneOf } from "../sql-helpers";
import { SUBCATEGORY_PATHS, TOP_CATEGORY_SLUGS } from "../../lib/categories";
import { PRODUCT_STATUSES } from "../../lib/status-lists";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Matching's samples (decision record 0038), sparsest first: one product in 64, in 16 and in 4, fixed by id, each
 * holding the sparser ones. Ranking suppliers for an RFQ whose words match a large part of a category reads one of
 * them instead of every match; each has its own partial index. The marketplace search does not use them (0034).
 */
export const MATCHING_SAMPLES = [64, 16, 4] as const;
export type MatchingSample = (typeof MATCHING_SAMPLES)[number];

/**
 * Whether a product is in a matching sample: one product in `oneIn`, fixed by its id (uuid_hash is the hash
 * PostgreSQL's own hash indexes use on uuids). The mask is a literal, not a parameter, so that the planner can use
 * the sample's partial index.
 */
export function inMatchingSample(id: AnyColumn | SQL, oneIn: MatchingSample) {
  return sql`(uuid_hash(${id}) & ${sql.raw(String(oneIn - 1))}) = 0`;
}

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // price_range {min, max} in USD, stored as integer cents
    priceMinCents: bigint("price_min_cents", { mode: "number" }).notNull(),
    priceMaxCents: bigint("price_max_cents", { mode: "number" }).notNull(),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull().default(1),
    unit: text("unit").notNull().default("pieces"),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specifications: jsonb("specifications").$type<Record<string, unknown>>(),
    status: text("status").notNull().default("active").$type<(typeof PRODUCT_STATUSES)[number]>(),
    // Harmonized System code (6 to 10 digits) for landed-cost estimates; the Indian port goods leave from
    hsCode: text("hs_code"),
    originPort: text("origin_port"),
    // what the goods are made of, as a customs invoice states it ("100% cotton terry, 500 gsm"), and who makes them
    // (name and address; null when the seller makes them itself) (issue #41)
    material: text("material"),
    manufacturer: text("manufacturer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The name, and the name with the category and tags, on their own: 'Best Match' ranks a product by the first
    // of these (then search_vector) that holds every word, each read off its own index (see docs/search.md).
    nameVector: tsvector("name_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name)`),
    titleVector: tsvector("title_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english'::regconfig, name || ' ' || category || ' ' || setu_join_words(tags))`,
      ),
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
    check("products_status_check", isOneOf(t.status, PRODUCT_STATUSES)),
    // a top category of the tree (app/lib/categories.ts) and, when set, one of its subcategories
    check("products_category_check", isOneOf(t.category, TOP_CATEGORY_SLUGS)),
    check(
      "products_subcategory_check",
      sql`${t.subcategory} is null or ${isOneOf(sql`${t.category} || '/' || ${t.subcategory}`, SUBCATEGORY_PATHS)}`,
    ),
    check("products_unit_check", sql`${t.unit} in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets')`),
    index("products_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
    // a seller's product by its SKU (the draft's base_sku): what a catalogue import finds each row's product by
    index("products_seller_sku_idx").on(t.sellerId, sql`(${t.specifications} ->> 'base_sku')`),
    index("products_status_created_idx").on(t.status, t.createdAt, t.id),
    index("products_status_category_created_idx").on(t.status, t.category, t.createdAt, t.id),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Full-text search, with the category in the same GIN index (btree_gin): "steel" in the food category is
    // one intersection of two posting lists inside the index. Rare words are found here; common ones by
    // walking a sort index below until a page of matches is found (the planner chooses, see docs/search.md).
    index("products_category_search_idx").using("gin", t.category, t.searchVector),
    ...MATCHING_SAMPLES.map((oneIn) =>
      index(`products_matching_sample${oneIn}_idx`)
        .using("gin", t.category, t.searchVector)
        .where(inMatchingSample(t.id, oneIn)),
    ),
    index("products_name_search_idx").using("gin", t.nameVector),
    index("products_title_search_idx").using("gin", t.titleVector),
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
 * digits), each once: what a typo is corrected against (see docs/search.md).
 * A few thousand rows where products are millions, so a trigram search of it costs next to nothing.
 * Kept by triggers on products (migration 0012): every stored or edited product adds its new words.
 * A word is never removed; one no product holds any more only finds nothing.
 */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
]);

/**
 * Quantity price breaks: from min_quantity units up, each unit costs unit_price_cents (USD). variant_sku ''
 * is the whole product; otherwise the variant's SKU. A product's price_min_cents is its lowest tier, so the
 * marketplace's price filter and sort see the best price a buyer can reach.
 */
export const productPriceTiers = pgTable(
  "product_price_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantSku: text("variant_sku").notNull().default(""),
    minQuantity: integer("min_quantity").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    check("product_price_tiers_quantity_check", sql`${t.minQuantity} > 0`),
    check("product_price_tiers_price_check", sql`${t.unitPriceCents} >= 0`),
    uniqueIndex("product_price_tiers_product_variant_qty_idx").on(t.productId, t.variantSku, t.minQuantity),
  ],
);
