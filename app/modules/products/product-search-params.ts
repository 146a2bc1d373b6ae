import { CATEGORY_SLUGS } from "~/lib/categories";
import {
  MAX_QUERY_LENGTH,
  PRICE_SLIDER,
  PRODUCT_COUNT_CAP,
  PRODUCT_SORTS,
  PRODUCTS_PER_PAGE,
  stopDollars,
  type ProductSearchParams,
  type ProductSort,
} from "./product-search.schema";

// apart from product-search.schema: reading the category checks it against the tree, which the marketplace's
// client code does not carry (route JS budgets); only loaders read the query string
const CATEGORY_VALUES = new Set<string>(CATEGORY_SLUGS);

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
