import type { CollectionSlug } from "~/lib/collections";

/** Marketplace sorts (spec §2 "Browse Marketplace"); 'relevance' is offered while searching. */
export const PRODUCT_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "name", label: "Name A-Z" },
] as const;
export const RELEVANCE_SORT = { value: "relevance", label: "Best Match" } as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]["value"] | "relevance";

export const PRODUCTS_PER_PAGE = 24;
/** Counts are exact up to this cap ("1,000+ products"), and pages by number or offset end there: a bounded scan. */
export const PRODUCT_COUNT_CAP = 1_000;
/** The price slider (spec §9): whole dollars, 0 to 100000, step 1000. */
export const PRICE_SLIDER = { min: 0, max: 100_000, step: 1_000 } as const;
export const MAX_QUERY_LENGTH = 100;

export type ProductSearchParams = {
  q: string;
  /** a slug of the category tree: a top category (with its subcategories) or a subcategory */
  category: string | null;
  /** whole dollars, null when the filter is not set */
  min: number | null;
  max: number | null;
  sort: ProductSort;
  page: number;
  /** a collection of the category strip (app/lib/collections.ts): set by its page, not read from the query string */
  collection?: CollectionSlug | null;
};

/** Whether any filter narrows the list (for the empty state's 'Clear All Filters'). */
export function hasProductFilters(params: ProductSearchParams) {
  return params.q !== "" || params.category !== null || params.min !== null || params.max !== null;
}
