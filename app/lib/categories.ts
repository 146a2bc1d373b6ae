/**
 * The category tree (issue #41.2, decision record 0051): what India exports, two levels deep, the same for products,
 * stores and RFQs. Data, not a table: the tree changes with a release (its slugs are stable, they are in URLs and
 * rows), and the forms, zod schemas, filters and the header read it in the browser and on the server alike.
 *
 * A product's `category` is the slug of a top category and its `subcategory` the slug of one of that category's
 * subcategories (or null); a store's `categories` and an RFQ's `category` are top categories' slugs.
 */
// The computed lists below are marked pure: a page that uses only the strip or the units (every page's header, the
// home page) does not carry the tree (route JS budgets); pages that show the tree get its options from their loader.
export const CATEGORY_TREE = [
  {
    slug: "apparel-and-textiles",
    label: "Apparel & Textiles",
    subcategories: [
      { slug: "womens-wear", label: "Women's Wear" },
      { slug: "mens-wear", label: "Men's Wear" },
      { slug: "kids-wear", label: "Kids' Wear" },
      { slug: "fabrics-and-yarn", label: "Fabrics & Yarn" },
      { slug: "bags-and-accessories", label: "Bags & Accessories" },
    ],
  },
  {
    slug: "home-textiles",
    label: "Home Textiles",
    subcategories: [
      { slug: "bath-linen", label: "Towels & Bath Linen" },
      { slug: "bed-linen", label: "Bed Linen" },
      { slug: "rugs-and-carpets", label: "Rugs & Carpets" },
      { slug: "cushions-and-throws", label: "Cushions & Throws" },
      { slug: "kitchen-and-table-linen", label: "Kitchen & Table Linen" },
      { slug: "pet-accessories", label: "Pet Beds & Toys" },
    ],
  },
  {
    slug: "handicrafts",
    label: "Handicrafts",
    subcategories: [
      { slug: "metal-crafts", label: "Brass & Metal Crafts" },
      { slug: "wood-crafts", label: "Woodcrafts" },
      { slug: "pottery-and-ceramics", label: "Pottery & Ceramics" },
      { slug: "stone-and-marble-crafts", label: "Stone & Marble Crafts" },
      { slug: "textile-crafts", label: "Embroidery & Textile Crafts" },
    ],
  },
  {
    slug: "home-decor",
    label: "Home Décor",
    subcategories: [
      { slug: "planters-and-vases", label: "Planters & Vases" },
      { slug: "candles-and-lighting", label: "Candles & Lamps" },
      { slug: "wall-decor", label: "Wall Décor & Mirrors" },
      { slug: "kitchen-and-dining", label: "Kitchen & Dining" },
    ],
  },
  {
    slug: "furniture",
    label: "Furniture",
    subcategories: [
      { slug: "wooden-furniture", label: "Wooden Furniture" },
      { slug: "metal-furniture", label: "Metal Furniture" },
      { slug: "cane-and-rattan", label: "Cane & Rattan" },
      { slug: "outdoor-furniture", label: "Outdoor Furniture" },
    ],
  },
  {
    slug: "jewellery",
    label: "Jewellery",
    subcategories: [
      { slug: "fashion-jewellery", label: "Fashion Jewellery" },
      { slug: "silver-jewellery", label: "Silver Jewellery" },
      { slug: "gold-and-diamond-jewellery", label: "Gold & Diamond Jewellery" },
    ],
  },
  {
    slug: "gems",
    label: "Gems",
    subcategories: [
      { slug: "diamonds", label: "Diamonds" },
      { slug: "coloured-gemstones", label: "Coloured Gemstones" },
      { slug: "pearls-and-beads", label: "Pearls & Beads" },
    ],
  },
  {
    slug: "leather-goods",
    label: "Leather Goods",
    subcategories: [
      { slug: "leather-bags-and-wallets", label: "Bags & Wallets" },
      { slug: "footwear", label: "Footwear" },
      { slug: "belts-and-small-leather-goods", label: "Belts & Small Leather Goods" },
      { slug: "leather-garments", label: "Leather Garments" },
    ],
  },
  {
    slug: "spices-and-food",
    label: "Spices & Food",
    subcategories: [
      { slug: "spices", label: "Spices & Spice Blends" },
      { slug: "tea-and-coffee", label: "Tea & Coffee" },
      { slug: "rice-and-grains", label: "Rice, Grains & Pulses" },
      { slug: "nuts-and-dried-fruit", label: "Nuts & Dried Fruit" },
      { slug: "edible-oils", label: "Edible Oils" },
      { slug: "snacks-and-processed-food", label: "Snacks & Processed Food" },
    ],
  },
  {
    slug: "chemicals",
    label: "Chemicals",
    subcategories: [
      { slug: "dyes-and-pigments", label: "Dyes & Pigments" },
      { slug: "industrial-chemicals", label: "Industrial Chemicals" },
      { slug: "specialty-chemicals", label: "Specialty Chemicals" },
      { slug: "food-additives", label: "Food Additives" },
      { slug: "essential-oils-and-cosmetics", label: "Essential Oils & Cosmetics" },
    ],
  },
  {
    slug: "pharmaceuticals",
    label: "Pharmaceuticals",
    subcategories: [
      { slug: "generic-medicines", label: "Generic Medicines" },
      { slug: "ayurvedic-and-herbal", label: "Ayurvedic & Herbal" },
      { slug: "medical-supplies", label: "Medical Supplies & Devices" },
    ],
  },
  {
    slug: "engineering-goods",
    label: "Engineering Goods",
    subcategories: [
      { slug: "pumps-and-motors", label: "Pumps & Motors" },
      { slug: "machine-tools", label: "Machine Tools" },
      { slug: "industrial-machinery", label: "Industrial Machinery" },
      { slug: "hand-tools-and-hardware", label: "Hand Tools & Hardware" },
    ],
  },
  {
    slug: "auto-components",
    label: "Auto Components",
    subcategories: [
      { slug: "engine-parts", label: "Engine Parts & Filters" },
      { slug: "brakes-and-transmission", label: "Brakes & Transmission" },
      { slug: "suspension-and-steering", label: "Suspension, Steering & Bearings" },
      { slug: "auto-electricals", label: "Auto Electricals & Cooling" },
    ],
  },
  {
    slug: "electronics",
    label: "Electronics",
    subcategories: [
      { slug: "lighting", label: "LED Lighting" },
      { slug: "electronic-components", label: "Components & PCB Assembly" },
      { slug: "consumer-electronics", label: "Consumer Electronics" },
      { slug: "power-and-solar", label: "Power, Batteries & Solar" },
      { slug: "instruments-and-security", label: "Instruments & Security" },
    ],
  },
  {
    slug: "paper-and-packaging",
    label: "Paper & Packaging",
    subcategories: [
      { slug: "handmade-paper", label: "Handmade Paper" },
      { slug: "stationery", label: "Stationery & Journals" },
      { slug: "packaging", label: "Paper Bags & Packaging" },
    ],
  },
] as const satisfies readonly TopCategoryDefinition[];

type TopCategoryDefinition = {
  slug: string;
  label: string;
  subcategories: readonly { slug: string; label: string }[];
};

/** A top category's slug. */
export type ProductCategory = (typeof CATEGORY_TREE)[number]["slug"];
/** A subcategory's slug. */
export type Subcategory = (typeof CATEGORY_TREE)[number]["subcategories"][number]["slug"];
/** Any slug of the tree. */
export type CategorySlug = ProductCategory | Subcategory;

/** Every node of the tree, flat: tops with a null parent, each followed by its subcategories. */
export type CategoryNode = { slug: CategorySlug; label: string; parent: ProductCategory | null };
export const CATEGORY_NODES: readonly CategoryNode[] = /* @__PURE__ */ CATEGORY_TREE.flatMap((top) => [
  { slug: top.slug, label: top.label, parent: null },
  ...top.subcategories.map((sub) => ({ slug: sub.slug, label: sub.label, parent: top.slug })),
]);

const NODES_BY_SLUG = /* @__PURE__ */ new Map<string, CategoryNode>(CATEGORY_NODES.map((node) => [node.slug, node]));

/** The top categories as options (value, label): what products, stores and RFQs file under. */
export const PRODUCT_CATEGORIES = /* @__PURE__ */ CATEGORY_TREE.map((c) => ({ value: c.slug, label: c.label }));
export const TOP_CATEGORY_SLUGS = /* @__PURE__ */ CATEGORY_TREE.map((c) => c.slug) as [
  ProductCategory,
  ...ProductCategory[],
];
export const CATEGORY_SLUGS = /* @__PURE__ */ CATEGORY_NODES.map((n) => n.slug) as [CategorySlug, ...CategorySlug[]];
/** Every subcategory as "top/sub": what a product's category and subcategory may be together. */
export const SUBCATEGORY_PATHS = /* @__PURE__ */ CATEGORY_NODES.filter((n) => n.parent !== null).map(
  (n) => `${n.parent}/${n.slug}`,
);

export function findCategory(slug: string | null | undefined): CategoryNode | null {
  return (slug && NODES_BY_SLUG.get(slug)) || null;
}

export function isTopCategory(slug: string | null | undefined): slug is ProductCategory {
  return findCategory(slug)?.parent === null;
}

/**
 * A slug of the tree as a product stores it: its top category and, for a subcategory, itself. Null when the slug is
 * not in the tree.
 */
export function splitCategory(
  slug: string | null | undefined,
): { category: ProductCategory; subcategory: Subcategory | null } | null {
  const node = findCategory(slug);
  if (!node) return null;
  return node.parent === null
    ? { category: node.slug as ProductCategory, subcategory: null }
    : { category: node.parent, subcategory: node.slug as Subcategory };
}

/** The most precise slug of a product's category and subcategory (what its category select shows). */
export function categoryValueOf(category: string, subcategory: string | null | undefined): string {
  const sub = findCategory(subcategory);
  return sub && sub.parent === category ? sub.slug : category;
}

/** The label of any slug of the tree; a value that is not in it (free text) is shown as it is. */
export function categoryLabel(value: string): string {
  return findCategory(value)?.label ?? value;
}

/**
 * The tree as a select's options, each top category followed by its subcategories (indented): choosing a top
 * category means the whole of it. Named by `name` (a category's name in the page's language); English by default.
 */
export function categoryOptions(
  name: (slug: CategorySlug) => string = (slug) => NODES_BY_SLUG.get(slug)!.label,
): { value: CategorySlug; label: string }[] {
  return CATEGORY_NODES.map((node) => ({
    value: node.slug,
    label: node.parent === null ? name(node.slug) : `\u00a0\u00a0\u00a0${name(node.slug)}`,
  }));
}

/** A store's categories: the tree's top categories (its products say which subcategories it sells). */
export const STORE_CATEGORY_OPTIONS = TOP_CATEGORY_SLUGS;

/**
 * The home page's 'Shop by Category' tiles: the catalogue's categories, each with its true count of products
 * (the spec's static counts and its 'Tools' tile, which no product is in, are gone: decision record 0023).
 */
export const HOME_CATEGORY_TILES = /* @__PURE__ */ PRODUCT_CATEGORIES.map((c) => ({ slug: c.value, label: c.label }));
