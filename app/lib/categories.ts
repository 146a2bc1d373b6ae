/** Product and RFQ categories (spec §3 value lists). */
export const PRODUCT_CATEGORIES = [
  { value: "electronics", label: "Electronics" },
  { value: "machinery", label: "Machinery" },
  { value: "textiles", label: "Textiles" },
  { value: "chemicals", label: "Chemicals" },
  { value: "automotive", label: "Automotive" },
  { value: "food", label: "Food & Beverages" },
] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]["value"];

export const UNITS = ["pieces", "kg", "tons", "liters", "meters", "sets"] as const;
export type Unit = (typeof UNITS)[number];

export const STORE_CATEGORY_OPTIONS = [
  "Electronics",
  "Machinery",
  "Automotive",
  "Textiles",
  "Chemicals",
  "Food & Beverages",
  "Furniture",
  "Handicrafts",
  "Jewelry",
  "Medical Equipment",
] as const;

/**
 * The header's category strip (spec §2): its collections' slugs and labels, in order. What each collection holds
 * is in collections.ts (COLLECTIONS adds it to these); kept apart so that every page's JavaScript (the header is on
 * every page) does not carry the collections' word lists and blurbs.
 */
export const CATEGORY_STRIP = [
  { slug: "featured", label: "Featured" },
  { slug: "new", label: "New" },
  { slug: "home-decor", label: "Home Decor" },
  { slug: "food-drink", label: "Food & Drink" },
  { slug: "women", label: "Women" },
  { slug: "beauty", label: "Beauty" },
  { slug: "jewelry", label: "Jewelry" },
  { slug: "paper", label: "Paper" },
  { slug: "kids", label: "Kids" },
  { slug: "pets", label: "Pets" },
  { slug: "men", label: "Men" },
] as const;

export type CollectionSlug = (typeof CATEGORY_STRIP)[number]["slug"];

/**
 * The home page's 'Shop by Category' tiles: the catalogue's categories, each with its true count of products
 * (the spec's static counts and its 'Tools' tile, which no product is in, are gone: decision record 0023).
 */
export const HOME_CATEGORY_TILES = PRODUCT_CATEGORIES.map((c) => ({ slug: c.value, label: c.label }));

export function categoryLabel(value: string): string {
  return PRODUCT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
