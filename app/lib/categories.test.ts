import { TOP_CATEGORIES, topCategoryLabel } from "./top-categories";
import { describe, expect, it } from "vitest";
import {
  CATEGORY_NODES,
  CATEGORY_SLUGS,
  CATEGORY_TREE,
  HOME_CATEGORY_TILES,
  STORE_CATEGORY_OPTIONS,
  SUBCATEGORY_PATHS,
  TOP_CATEGORY_SLUGS,
  categoryLabel,
  categoryOptions,
  categoryValueOf,
  findCategory,
  isTopCategory,
  splitCategory,
} from "./categories";
import { COLLECTIONS, resolveCategorySlug } from "./collections";
import english from "~/locales/en/categories.json";
import hindi from "~/locales/hi/categories.json";

describe("the category tree (issue #41.2)", () => {
  it("covers what India exports, one top category each", () => {
    expect(TOP_CATEGORY_SLUGS).toEqual(
      expect.arrayContaining([
        "apparel-and-textiles",
        "home-textiles",
        "handicrafts",
        "home-decor",
        "furniture",
        "jewellery",
        "gems",
        "leather-goods",
        "spices-and-food",
        "chemicals",
        "pharmaceuticals",
        "engineering-goods",
        "auto-components",
        "electronics",
        "paper-and-packaging",
      ]),
    );
    // stores, products, RFQs and the home page's tiles file under the same top categories
    expect(STORE_CATEGORY_OPTIONS).toEqual(TOP_CATEGORY_SLUGS);
    expect(HOME_CATEGORY_TILES.map((t) => t.slug)).toEqual(TOP_CATEGORY_SLUGS);
  });

  it("has two levels, unique stable slugs and labels that say what they hold", () => {
    expect(new Set(CATEGORY_SLUGS).size).toBe(CATEGORY_SLUGS.length);
    for (const node of CATEGORY_NODES) {
      expect(node.slug, node.label).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(node.slug.length).toBeLessThanOrEqual(60);
      expect(node.label.trim()).not.toBe("");
      // a subcategory's parent is a top category, never another subcategory
      if (node.parent) expect(findCategory(node.parent)?.parent).toBeNull();
    }
    for (const top of CATEGORY_TREE) expect(top.subcategories.length, top.slug).toBeGreaterThanOrEqual(3);
    // labels are unique within the tree: a select never shows one twice
    const labels = CATEGORY_NODES.map((n) => n.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("splits a slug into what a product stores: its top category and its subcategory", () => {
    expect(splitCategory("handicrafts")).toEqual({ category: "handicrafts", subcategory: null });
    expect(splitCategory("planters-and-vases")).toEqual({ category: "home-decor", subcategory: "planters-and-vases" });
    expect(splitCategory("machinery")).toBeNull();
    expect(splitCategory("")).toBeNull();
    expect(splitCategory(null)).toBeNull();
    expect(isTopCategory("gems")).toBe(true);
    expect(isTopCategory("diamonds")).toBe(false);
    expect(isTopCategory("Gems")).toBe(false);
    expect(SUBCATEGORY_PATHS).toContain("home-decor/planters-and-vases");
    expect(SUBCATEGORY_PATHS).not.toContain("engineering-goods/planters-and-vases");
  });

  it("shows a product's most precise place in a select, and labels any slug", () => {
    expect(categoryValueOf("home-decor", "planters-and-vases")).toBe("planters-and-vases");
    expect(categoryValueOf("home-decor", null)).toBe("home-decor");
    // a subcategory of another top category is not this product's
    expect(categoryValueOf("engineering-goods", "planters-and-vases")).toBe("engineering-goods");
    expect(categoryLabel("home-decor")).toBe("Home Décor");
    expect(categoryLabel("metal-crafts")).toBe("Brass & Metal Crafts");
    expect(categoryLabel("Something else")).toBe("Something else");
    // the cards' labels (top categories alone, without the tree) are the tree's
    expect(TOP_CATEGORIES).toEqual(CATEGORY_TREE.map((top) => [top.slug, top.label]));
    expect(topCategoryLabel("home-decor")).toBe("Home Décor");
    expect(topCategoryLabel("Something else")).toBe("Something else");
    // each top category, then its subcategories indented
    const options = categoryOptions();
    const handicrafts = options.findIndex((o) => o.value === "handicrafts");
    expect(options[handicrafts + 1]).toEqual({
      value: "metal-crafts",
      label: "\u00a0\u00a0\u00a0Brass & Metal Crafts",
    });
    expect(options).toHaveLength(CATEGORY_NODES.length);
    // named in another language, the same shape
    expect(categoryOptions((slug) => hindi[slug])[handicrafts + 1]).toEqual({
      value: "metal-crafts",
      label: "\u00a0\u00a0\u00a0पीतल और धातु शिल्प",
    });
  });

  it("names every category in the pages' languages, English as the tree has it (issue #43 item 1)", () => {
    // the pages name a category by its key (categories:<slug>): English must stay the tree's label, and every
    // slug needs a name in each language (the key-coverage test checks Hindi against English)
    expect(english).toEqual(Object.fromEntries(CATEGORY_NODES.map((node) => [node.slug, node.label])));
    for (const node of CATEGORY_NODES) expect(hindi[node.slug], node.slug).toMatch(/[\u0900-\u097f]/);
  });

  it("gives every tree slug a category page, and the strip's collections name only the tree's categories", () => {
    expect(resolveCategorySlug("jewellery")).toMatchObject({ category: "jewellery", listsProducts: true });
    expect(resolveCategorySlug("metal-crafts")).toMatchObject({
      category: "metal-crafts",
      label: "Brass & Metal Crafts",
      listsProducts: true,
    });
    // the strip's Home Decor is its collection, which holds the Home Décor category
    expect(resolveCategorySlug("home-decor")).toMatchObject({ collection: "home-decor", category: null });
    for (const c of COLLECTIONS) {
      for (const top of c.categories) expect(isTopCategory(top), c.slug).toBe(true);
      for (const sub of c.subcategories ?? []) expect(findCategory(sub)?.parent, c.slug).toBeTruthy();
    }
    expect(COLLECTIONS.find((c) => c.slug === "home-decor")!.categories).toContain("home-decor");
    expect(COLLECTIONS.find((c) => c.slug === "jewelry")!.categories).toEqual(["jewellery", "gems"]);
    expect(COLLECTIONS.find((c) => c.slug === "paper")!.categories).toEqual(["paper-and-packaging"]);
  });
});
