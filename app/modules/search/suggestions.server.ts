import type { Db } from "~/db/client.server";
import { CATEGORY_NODES } from "~/lib/categories";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { MAX_QUERY_LENGTH } from "~/modules/products/product-search.schema";
import { searchProducts } from "~/modules/products/product-search.server";
import { activeStoresNamed } from "~/modules/stores/store-directory.server";
import type { SearchSuggestions } from "./suggestions.schema";

/** Fewer characters suggest nothing: one letter matches too much to be a suggestion. */
export const MIN_SUGGESTION_LENGTH = 2;
export const PRODUCT_SUGGESTIONS = 5;
const STORE_SUGGESTIONS = 3;
const CATEGORY_SUGGESTIONS = 3;

/**
 * Suggestions for the header search: matching categories (a fixed list), products and active stores.
 * The products are the first of the marketplace search for the same text (`searchProducts`, 'Best Match', the
 * order /browse?q= shows), so the box never suggests what the results page would not find, and a typo the search
 * corrects ("cottn") suggests what the search finds. Stores are matched by name (their trigram index).
 */
export async function searchSuggestions(db: Db, rawQuery: string): Promise<SearchSuggestions> {
  const q = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (q.length < MIN_SUGGESTION_LENGTH) return { categories: [], products: [], stores: [] };
  const needle = q.toLowerCase();

  // the tree's top categories, the strip's collections, then the tree's subcategories; one link per page
  // (/category/home-decor is the strip's collection), matched on the label without accents ("decor" finds
  // "Home Décor") or the slug
  const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const seen = new Set<string>();
  const categories = [
    ...CATEGORY_NODES.filter((c) => c.parent === null),
    ...CATEGORY_STRIP.filter((c) => c.slug !== "featured" && c.slug !== "new"),
    ...CATEGORY_NODES.filter((c) => c.parent !== null),
  ]
    .filter((c) => plain(c.label).includes(plain(needle)) || c.slug.includes(needle))
    .filter((c) => !seen.has(c.slug) && seen.add(c.slug))
    .slice(0, CATEGORY_SUGGESTIONS)
    .map((c) => ({ kind: "category" as const, label: c.label, href: `/category/${c.slug}` }));

  const [productPage, storeRows] = await Promise.all([
    searchProducts(db, { q, category: null, min: null, max: null, sort: "relevance", limit: PRODUCT_SUGGESTIONS }),
    activeStoresNamed(db, q, STORE_SUGGESTIONS),
  ]);

  return {
    categories,
    products: productPage.items.map((p) => ({ kind: "product", label: p.name, href: `/product/${p.id}` })),
    stores: storeRows.map((s) => ({ kind: "store", label: s.name, href: `/stores/${s.id}` })),
  };
}
