import { PRODUCT_CATEGORIES } from "~/lib/categories";
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

function stopDollars(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return null;
  return PRICE_STOPS[Number(value.trim())] ?? null;
}
export const MAX_QUERY_LENGTH = 100;

export type ProductSearchParams = {
  q: string;
  category: string | null;
  /** whole dollars, null when the filter is not set */
  min: number | null;
  max: number | null;
  sort: ProductSort;
  page: number;
  /** a collection of the category strip (app/lib/collections.ts): set by its page, not read from the query string */
  collection?: CollectionSlug | null;
};

const CATEGORY_VALUES = new Set<string>(PRODUCT_CATEGORIES.map((c) => c.value));

function wholeDollars(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  if (!/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Reads ?q=&category=&min=&max=&sort=&page= leniently: a value that makes no sense is
 * dropped rather than refused, so a hand-edited or stale link still shows a page.
 */
export function parseProductSearchParams(search: URLSearchParams, fixedCategory?: string): ProductSearchParams {
  const q = (search.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const rawCategory = fixedCategory ?? search.get("category") ?? "";
  const category = CATEGORY_VALUES.has(rawCategory) ? rawCategory : null;
  let min = wholeDollars(search.get("min")) ?? stopDollars(search.get("pmin"));
  let max = wholeDollars(search.get("max")) ?? stopDollars(search.get("pmax"));
  if (min !== null && min <= PRICE_SLIDER.min) min = null;
  if (max !== null && max >= PRICE_SLIDER.max) max = null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const rawSort = search.get("sort") ?? "";
  const known = PRODUCT_SORTS.some((s) => s.value === rawSort) || (rawSort === "relevance" && q !== "");
  const sort: ProductSort = known ? (rawSort as ProductSort) : q ? "relevance" : "newest";
  const page = Math.min(
    Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1),
    Math.ceil(PRODUCT_COUNT_CAP / PRODUCTS_PER_PAGE),
  );
  return { q, category, min, max, sort, page };
}

/** Whether any filter narrows the list (for the empty state's 'Clear All Filters'). */
export function hasProductFilters(params: ProductSearchParams) {
  return params.q !== "" || params.category !== null || params.min !== null || params.max !== null;
}
