import { CATEGORY_STRIP, PRODUCT_CATEGORIES, type CollectionSlug, type ProductCategory } from "./categories";

export type { CollectionSlug };

/**
 * The header's category strip (spec §2): each link is a collection, a set of products defined by what
 * products carry (issue #26.6), so that a collection page lists every product that fits it and its count
 * is the number it lists. One place: the strip, /categories, the home page's counts and the search read it.
 *
 * A product is in a collection when it is active and
 * - its category is one of `categories`, or
 * - one of `words` is a word of its name, category or tags (stemmed as the marketplace search stems:
 *   "towel" finds "Bath Towels" and the tag "towels"; never its description, where "kitchen" or "home"
 *   is said in passing). A word of several parts ("home decor") needs all of them.
 * A collection with neither lists every active product; `listedWithinDays` keeps only the recent ones.
 */
export type Collection = {
  slug: string;
  label: string;
  /** the collection page's heading and its line under it */
  title: string;
  blurb: string;
  categories: readonly ProductCategory[];
  words: readonly string[];
  listedWithinDays?: number;
};

/** What each collection of the strip holds; its slug and label are the strip's (CATEGORY_STRIP, in categories.ts). */
const COLLECTION_RULES: Record<CollectionSlug, Omit<Collection, "slug" | "label">> = {
  featured: {
    title: "Featured Products",
    blurb: "The whole marketplace, newest first: wholesale lines from verified Indian suppliers.",
    categories: [],
    words: [],
  },
  new: {
    title: "New Arrivals",
    blurb: "Products suppliers listed in the last 30 days.",
    categories: [],
    words: [],
    listedWithinDays: 30,
  },
  "home-decor": {
    title: "Home Decor",
    blurb: "Towels, bedding, cushions and furnishings for homes, hotels and home-goods retail.",
    categories: [],
    words: [
      "home decor",
      "towel",
      "bedding",
      "bedsheet",
      "bedspread",
      "quilt",
      "cushion",
      "curtain",
      "rug",
      "carpet",
      "doormat",
      "table linen",
      "candle",
      "vase",
    ],
  },
  "food-drink": {
    title: "Food & Drink",
    blurb: "Spices, tea, coffee, nuts, oils and snacks from Indian growers and processors.",
    categories: ["food"],
    words: [],
  },
  women: {
    title: "Women",
    blurb: "Womenswear and ethnic wear: kurtis, sarees, dupattas and more.",
    categories: [],
    words: ["women", "womenswear", "ladies", "kurti", "saree", "sari", "dupatta", "lehenga", "salwar"],
  },
  beauty: {
    title: "Beauty",
    blurb: "Skin care, hair care and cosmetic ingredients.",
    categories: [],
    words: ["beauty", "cosmetic", "cosmetics", "skincare", "skin care", "hair care", "soap", "ayurvedic"],
  },
  jewelry: {
    title: "Jewelry",
    blurb: "Fashion and fine jewellery: earrings, necklaces, bangles.",
    categories: [],
    words: ["jewelry", "jewellery", "earrings", "necklace", "bangle", "bracelet", "pendant"],
  },
  paper: {
    title: "Paper",
    blurb: "Paper, stationery and paper packaging.",
    categories: [],
    words: ["paper", "stationery", "notebook", "journal", "kraft", "envelope", "cardboard"],
  },
  kids: {
    title: "Kids",
    blurb: "Babywear and kidswear, made to US children's product rules.",
    categories: [],
    // not "toy": dog toys are pets'
    words: ["kids", "kid", "children", "childrenswear", "babywear", "baby", "infant", "toddler"],
  },
  pets: {
    title: "Pets",
    blurb: "Beds, toys, collars and accessories for pets.",
    categories: [],
    words: ["pet", "pets", "dog", "cat", "puppy"],
  },
  men: {
    title: "Men",
    blurb: "Menswear: polos, shirts, kurtas and more.",
    categories: [],
    words: ["men", "mens", "menswear", "kurta"],
  },
};

/** The strip's collections, in its order. */
export const COLLECTIONS: readonly (Collection & { slug: CollectionSlug })[] = CATEGORY_STRIP.map((entry) => ({
  ...entry,
  ...COLLECTION_RULES[entry.slug],
}));

export function findCollection(slug: string | null | undefined): Collection | null {
  return COLLECTIONS.find((c) => c.slug === slug) ?? null;
}

/**
 * The collection's words as a tsquery of name, category and tag words (weights A and B of the products'
 * search vector), for to_tsquery('english', …), which stems them. Null when it has none. The words are
 * ours, not a visitor's: only letters and digits reach it, so it is never a syntax error.
 */
export function collectionTsquery(collection: Collection): string | null {
  const alternatives = collection.words
    .map((phrase) =>
      phrase
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((word) => `${word}:AB`)
        .join(" & "),
    )
    .filter(Boolean)
    .map((all) => (all.includes("&") ? `(${all})` : all));
  return alternatives.length ? alternatives.join(" | ") : null;
}

/**
 * What /category/{slug} shows: a catalog category (filtered), a collection of the category strip (see
 * collections.ts), or a slug that is neither (a friendly empty page, not a 404).
 */
export type CategoryPage = {
  slug: string;
  label: string;
  blurb: string;
  category: ProductCategory | null;
  collection: CollectionSlug | null;
  listsProducts: boolean;
};

export function resolveCategorySlug(rawSlug: string): CategoryPage {
  const slug = rawSlug.toLowerCase().slice(0, 60);
  const catalog = PRODUCT_CATEGORIES.find((c) => c.value === slug);
  if (catalog)
    return {
      slug,
      label: catalog.label,
      blurb: `Wholesale ${catalog.label.toLowerCase()} from verified Indian suppliers.`,
      category: catalog.value,
      collection: null,
      listsProducts: true,
    };
  const collection = COLLECTIONS.find((c) => c.slug === slug);
  if (collection)
    return {
      slug,
      label: collection.title,
      blurb: collection.blurb,
      category: null,
      collection: collection.slug,
      listsProducts: true,
    };
  const label = slug
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\b\w/g, (ch) => ch.toUpperCase());
  return {
    slug,
    label: label || "Category",
    blurb: "Wholesale products from verified Indian suppliers.",
    category: null,
    collection: null,
    listsProducts: false,
  };
}
