import { encodeCursor } from "~/modules/products/product-search.server";

/**
 * One marketplace search: a label for reports and the query string of GET /api/products.
 * `nextPage` entries are followed once during warm-up: their page 2 (the returned cursor) joins the mix.
 */
export type MixEntry = { label: string; query: string; nextPage?: boolean };

function qs(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * The benchmark's query mix, in a fixed order that every run cycles through. Words refer to the
 * seeded catalogue (bench/vocabulary.ts): common words ("steel" is in about 10% of products,
 * "cotton" 4%), rare words (about 0.02%), partial words, several words, words of supplier company
 * names and cities, and words that match nothing; with and without category and price filters, in every sort.
 */
export const SEARCH_MIX: MixEntry[] = [
  // text only, sorted by relevance (the default when there is text)
  { label: "text: common word", query: qs({ q: "steel" }) },
  { label: "text: common word", query: qs({ q: "cotton" }), nextPage: true },
  { label: "text: word", query: qs({ q: "pump" }) },
  { label: "text: word", query: qs({ q: "turmeric" }) },
  { label: "text: two words", query: qs({ q: "led light" }) },
  { label: "text: two words", query: qs({ q: "brake pads" }) },
  { label: "text: two words", query: qs({ q: "basmati rice" }) },
  { label: "text: three words", query: qs({ q: "stainless steel pump" }) },
  { label: "text: three words", query: qs({ q: "organic cotton towels" }) },
  { label: "text: partial word", query: qs({ q: "cott" }) },
  { label: "text: partial word", query: qs({ q: "hydraul" }) },
  { label: "text: short word", query: qs({ q: "oil" }) },
  { label: "text: two letters", query: qs({ q: "ca" }) },
  { label: "text: rare word", query: qs({ q: "graphene" }) },
  { label: "text: rare word", query: qs({ q: "kevlar" }) },
  { label: "text: rare + common", query: qs({ q: "titanium steel" }) },
  { label: "text: no result", query: qs({ q: "xylophone" }) },
  { label: "text: no result", query: qs({ q: "qwzx" }) },
  { label: "text: rare, no result", query: qs({ q: "pashmina shawl" }) },
  { label: "text: supplier company", query: qs({ q: "Sharma" }) },
  { label: "text: city in description", query: qs({ q: "ludhiana" }) },
  { label: "text: common phrase", query: qs({ q: "iso 9001" }) },
  // text with other sorts
  { label: "text + sort newest", query: qs({ q: "ceramic brake", sort: "newest" }) },
  { label: "text + sort name", query: qs({ q: "stainless", sort: "name" }), nextPage: true },
  { label: "text + sort price-low", query: qs({ q: "cotton", sort: "price-low", limit: 50 }) },
  // text + category
  { label: "text + category", query: qs({ q: "steel", category: "engineering-goods" }) },
  { label: "text + category", query: qs({ q: "oil", category: "spices-and-food" }) },
  { label: "text + category + sort", query: qs({ q: "cotton", category: "home-textiles", sort: "price-low" }) },
  { label: "text + category + sort", query: qs({ q: "filter", category: "auto-components", sort: "newest" }) },
  { label: "text + category + sort", query: qs({ q: "dye", category: "chemicals", sort: "name" }) },
  // text + price
  { label: "text + price range", query: qs({ q: "pump", min: 100, max: 5000 }) },
  { label: "text + max price", query: qs({ q: "cotton", max: 10 }) },
  { label: "text + min price + sort", query: qs({ q: "led", min: 1000, sort: "price-high" }) },
  {
    label: "text + category + price + sort",
    query: qs({ q: "machine", category: "engineering-goods", min: 1000, max: 50000, sort: "price-high" }),
  },
  // category only
  { label: "category", query: qs({ category: "electronics" }) },
  { label: "category + sort", query: qs({ category: "home-textiles", sort: "price-low" }), nextPage: true },
  { label: "category + sort", query: qs({ category: "engineering-goods", sort: "name" }) },
  { label: "category + sort", query: qs({ category: "spices-and-food", sort: "price-high" }) },
  { label: "category, 100 per page", query: qs({ category: "chemicals", limit: 100 }) },
  // price only
  { label: "price range", query: qs({ min: 500, max: 2000 }) },
  { label: "max price + sort", query: qs({ max: 5, sort: "price-low" }) },
  { label: "min price + sort", query: qs({ min: 20000, sort: "price-high" }) },
  {
    label: "category + price + sort",
    query: qs({ category: "auto-components", min: 10, max: 200, sort: "price-low" }),
  },
  // no filter
  { label: "everything, newest", query: "", nextPage: true },
  { label: "everything + sort", query: qs({ sort: "name" }) },
  { label: "everything + sort", query: qs({ sort: "price-low" }) },
  { label: "everything + sort", query: qs({ sort: "price-high" }) },
  // deep paging by offset (relevance pages carry an offset cursor)
  { label: "text, page 21 (offset 480)", query: qs({ q: "steel", cursor: encodeCursor({ o: 480 }) }) },
];

/** The page-2 entry that follows `entry`, given the cursor its page 1 returned. */
export function nextPageEntry(entry: MixEntry, cursor: string): MixEntry {
  const params = new URLSearchParams(entry.query);
  params.set("cursor", cursor);
  return { label: `${entry.label}, page 2`, query: params.toString() };
}
