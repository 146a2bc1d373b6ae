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
