import { COLLECTIONS, type CollectionSlug } from "./collections";

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

/** The header's category strip (spec §2): its collections (app/lib/collections.ts). */
export const CATEGORY_STRIP = COLLECTIONS.map(({ slug, label }) => ({ slug, label }));

/**
 * The home page's 'Shop by Category' tiles: the catalogue's categories, each with its true count of products
 * (the spec's static counts and its 'Tools' tile, which no product is in, are gone: decision record 0023).
 */
export const HOME_CATEGORY_TILES = PRODUCT_CATEGORIES.map((c) => ({ slug: c.value, label: c.label }));

export function categoryLabel(value: string): string {
  return PRODUCT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/**
 * What /category/{slug} shows: a catalog category (filtered), a collection of the category strip (see
 * collections.ts), or a slug that is neither (a friendly empty page, not a 404).
 */
export type CategoryPage = { slug: string; label: string; blurb: string; category: ProductCategory | null; collection: CollectionSlug | null; listsProducts: boolean };

export function resolveCategorySlug(rawSlug: string): CategoryPage {
  const slug = rawSlug.toLowerCase().slice(0, 60);
  const catalog = PRODUCT_CATEGORIES.find((c) => c.value === slug);
  if (catalog) return { slug, label: catalog.label, blurb: `Wholesale ${catalog.label.toLowerCase()} from verified Indian suppliers.`, category: catalog.value, collection: null, listsProducts: true };
  const collection = COLLECTIONS.find((c) => c.slug === slug);
  if (collection) return { slug, label: collection.title, blurb: collection.blurb, category: null, collection: collection.slug, listsProducts: true };
  const label = slug.replace(/[^a-z0-9]+/g, " ").trim().replace(/\b\w/g, (ch) => ch.toUpperCase());
  return { slug, label: label || "Category", blurb: "Wholesale products from verified Indian suppliers.", category: null, collection: null, listsProducts: false };
}
