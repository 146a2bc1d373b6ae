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
/** The price slider (spec §9): whole dollars, 0 to 100000. */
export const PRICE_SLIDER = { min: 0, max: 100_000 } as const;
/**
 * The slider's stops, by magnitude: $1 steps to $10, $10 to $100, $100 to $1,000, and so on to $100,000 (#41 item 6:
 * $1,000 steps made it useless under $1,000, where most wholesale unit prices are). The slider posts a stop's
 * index (`pmin`, `pmax`); links carry dollars (`min`, `max`).
 */
export const PRICE_STOPS: readonly number[] = [
  0,
  ...[1, 10, 100, 1_000, 10_000].flatMap((magnitude) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => k * magnitude)),
  100_000,
];

/** The stop nearest a price in whole dollars (the slider's position for it). */
export function priceStopIndex(dollars: number): number {
  let best = 0;
  for (let i = 1; i < PRICE_STOPS.length; i++)
    if (Math.abs(PRICE_STOPS[i]! - dollars) < Math.abs(PRICE_STOPS[best]! - dollars)) best = i;
  return best;
}

/** A slider stop posted by its index (`pmin`, `pmax`), in whole dollars; null for no stop. */
export function stopDollars(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return null;
  return PRICE_STOPS[Number(value.trim())] ?? null;
}
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
