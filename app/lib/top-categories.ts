/**
 * The tree's top categories and their labels alone (./categories has the whole tree): what a card, a store's
 * "Sells" line or a filter of stores shows. Products, stores and RFQs hold a top category's slug, so these pages
 * need only this, not the tree's subcategories (route JS budgets). A test keeps it equal to the tree's top level.
 */
export const TOP_CATEGORIES: readonly (readonly [slug: string, label: string])[] = [
  ["apparel-and-textiles", "Apparel & Textiles"],
  ["home-textiles", "Home Textiles"],
  ["handicrafts", "Handicrafts"],
  ["home-decor", "Home Décor"],
  ["furniture", "Furniture"],
  ["jewellery", "Jewellery"],
  ["gems", "Gems"],
  ["leather-goods", "Leather Goods"],
  ["spices-and-food", "Spices & Food"],
  ["chemicals", "Chemicals"],
  ["pharmaceuticals", "Pharmaceuticals"],
  ["engineering-goods", "Engineering Goods"],
  ["auto-components", "Auto Components"],
  ["electronics", "Electronics"],
  ["paper-and-packaging", "Paper & Packaging"],
];

const LABELS = new Map(TOP_CATEGORIES);

/** A top category's label; anything else (an old value, a subcategory) as it is. */
export function topCategoryLabel(slug: string): string {
  return LABELS.get(slug) ?? slug;
}
