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

/** The header's category strip (spec §2). */
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

/**
 * The home page's 'Shop by Category' tiles: the catalogue's categories, each with its true count of products
 * (the spec's static counts and its 'Tools' tile, which no product is in, are gone: decision record 0023).
 */
export const HOME_CATEGORY_TILES = PRODUCT_CATEGORIES.map((c) => ({ slug: c.value, label: c.label }));

export function categoryLabel(value: string): string {
  return PRODUCT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/**
 * What /category/{slug} shows: a catalog category (filtered), 'featured' and 'new' (the whole
 * catalog), or a collection with no products yet (a friendly empty page, not a 404).
 */
export type CategoryPage = { slug: string; label: string; category: ProductCategory | null; listsProducts: boolean };

export function resolveCategorySlug(rawSlug: string): CategoryPage {
  const slug = rawSlug.toLowerCase().slice(0, 60);
  const catalog = PRODUCT_CATEGORIES.find((c) => c.value === slug);
  if (catalog) return { slug, label: catalog.label, category: catalog.value, listsProducts: true };
  if (slug === "featured") return { slug, label: "Featured Products", category: null, listsProducts: true };
  if (slug === "new") return { slug, label: "New Arrivals", category: null, listsProducts: true };
  const known = [...CATEGORY_STRIP, ...HOME_CATEGORY_TILES].find((c) => c.slug === slug);
  const label = known?.label ?? slug.replace(/[^a-z0-9]+/g, " ").trim().replace(/\b\w/g, (ch) => ch.toUpperCase());
  return { slug, label: label || "Category", category: null, listsProducts: false };
}
