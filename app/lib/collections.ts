import { findCategory, type ProductCategory, type Subcategory } from "./categories";
import { CATEGORY_STRIP, type CollectionSlug } from "./category-strip";

export type { CollectionSlug };

/**
 * The header's category strip (spec §2): each link is a collection, a set of products defined by what
 * products carry (issue #26.6), so that a collection page lists every product that fits it and its count
 * is the number it lists. One place: the strip, /categories, the home page's counts and the search read it.
 *
 * A product is in a collection when it is active and
 * - its category is one of `categories` (top categories of the tree, app/lib/categories.ts), or its subcategory one
 *   of `subcategories`, or
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
  subcategories?: readonly Subcategory[];
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
    blurb: "Décor, towels, bedding, cushions and furnishings for homes, hotels and home-goods retail.",
    categories: ["home-decor", "home-textiles"],
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
      "planter",
      "lantern",
    ],
  },
  "food-drink": {
    title: "Food & Drink",
    blurb: "Spices, tea, coffee, nuts, oils and snacks from Indian growers and processors.",
    categories: ["spices-and-food"],
    words: [],
  },
  women: {
    title: "Women",
    blurb: "Womenswear and ethnic wear: kurtis, sarees, dupattas and more.",
    categories: [],
    subcategories: ["womens-wear"],
    words: ["women", "womenswear", "ladies", "kurti", "saree", "sari", "dupatta", "lehenga", "salwar"],
  },
  beauty: {
    title: "Beauty",
    blurb: "Skin care, hair care and cosmetic ingredients.",
    categories: [],
    subcategories: ["essential-oils-and-cosmetics"],
    words: ["beauty", "cosmetic", "cosmetics", "skincare", "skin care", "hair care", "soap", "ayurvedic"],
  },
  jewelry: {
    title: "Jewelry",
    blurb: "Fashion and fine jewellery: earrings, necklaces, bangles, and gemstones.",
    categories: ["jewellery", "gems"],
    words: ["jewelry", "jewellery", "earrings", "necklace", "bangle", "bracelet", "pendant"],
  },
  paper: {
    title: "Paper",
    blurb: "Paper, stationery and paper packaging.",
    categories: ["paper-and-packaging"],
    words: ["paper", "stationery", "notebook", "journal", "kraft", "envelope", "cardboard"],
  },
  kids: {
    title: "Kids",
    blurb: "Babywear and kidswear, made to US children's product rules.",
    categories: [],
    subcategories: ["kids-wear"],
    // not "toy": dog toys are pets'
    words: ["kids", "kid", "children", "childrenswear", "babywear", "baby", "infant", "toddler"],
  },
  pets: {
    title: "Pets",
    blurb: "Beds, toys, collars and accessories for pets.",
    categories: [],
    subcategories: ["pet-accessories"],
    words: ["pet", "pets", "dog", "cat", "puppy"],
  },
  men: {
    title: "Men",
    blurb: "Menswear: polos, shirts, kurtas and more.",
    categories: [],
    subcategories: ["mens-wear"],
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
 * What /category/{slug} shows: a collection of the category strip (see above; the strip's "home-decor" is the
 * collection, which holds the Home Décor category and more), a category or subcategory of the tree (filtered, a top
 * category with its subcategories), or a slug that is neither (a friendly empty page, not a 404).
 */
export type CategoryPage = {
  slug: string;
  label: string;
  blurb: string;
  /** a slug of the tree: a top category or a subcategory */
  category: string | null;
  collection: CollectionSlug | null;
  listsProducts: boolean;
};

export function resolveCategorySlug(rawSlug: string): CategoryPage {
  const slug = rawSlug.toLowerCase().slice(0, 60);
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
  const node = findCategory(slug);
  if (node)
    return {
      slug,
      label: node.label,
      blurb: `Wholesale ${node.label.toLowerCase()} from verified Indian suppliers.`,
      category: node.slug,
      collection: null,
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
