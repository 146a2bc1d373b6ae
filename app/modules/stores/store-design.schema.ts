import { z } from "zod";
import { categoryLabel } from "~/lib/categories";
import { postedJson } from "~/lib/posted-fields";
import { EDITOR } from "./editor/constants";
import { insideCanvas, overlaps } from "./editor/geometry";
import { ABOUT_TAB_SLUG } from "./store-tab-slugs";
import { DEFAULT_PRIMARY_COLOR } from "./store-design-values";

export * from "./store-design-values";

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colours must be hex values like #3b82f6");

const text = (max: number) => z.string().max(max).default("");

/** Links: http(s) or a path on this site; never javascript:, data: or protocol-relative. */
export const safeLink = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) =>
      v === "" || /^https?:\/\/[^\s]+$/i.test(v) || (v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\")),
    "Links must start with http://, https:// or /",
  );

/** Images: our uploads or https URLs. */
export const imageRef = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === "" || v.startsWith("/uploads/") || /^https:\/\/[^\s]+$/i.test(v),
    "Images must be uploaded files or https URLs",
  );

export const bannerSchema = z.object({
  id: z.string().min(1).max(100),
  title: text(120),
  subtitle: text(300),
  image_url: imageRef.default(""),
  cta_text: text(60),
  cta_link: safeLink.default(""),
  order: z.number().int().min(0).max(1000).default(0),
  clickable: z.boolean().default(true),
  width: z.number().int().min(EDITOR.minBanner.width).max(EDITOR.maxCanvasWidth),
  height: z.number().int().min(EDITOR.minBanner.height).max(EDITOR.maxCanvasHeight),
  x: z.number().int().min(0).max(EDITOR.maxCanvasWidth),
  y: z.number().int().min(0).max(EDITOR.maxCanvasHeight),
});

export const bannerSectionSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal("banner-section"),
  order: z.number().int().min(0).max(1000),
  banners: z.array(bannerSchema).max(EDITOR.maxBannersPerSection).default([]),
  layout: z.literal("freeform").default("freeform"),
  grid_columns: z.number().int().min(1).max(12).default(12),
  section_height: z
    .number()
    .int()
    .min(EDITOR.canvasMinEditor)
    .max(EDITOR.maxCanvasHeight)
    .default(EDITOR.defaultSectionHeight),
  background_color: z.union([hex, z.literal("")]).default(""),
});

export const productSectionSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal("product-section"),
  order: z.number().int().min(0).max(1000),
  title: text(120).default("Featured Products"),
  show_featured: z.boolean().default(true),
  product_limit: z.number().int().min(1).max(EDITOR.maxProductLimit).default(8),
});

export const sectionSchema = z.discriminatedUnion("type", [bannerSectionSchema, productSectionSchema]);

export const categoryTabSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, "Tab names cannot be empty").max(60),
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, "Tab slugs use lowercase letters, digits and dashes"),
  order: z.number().int().min(0).max(1000),
  isHomepage: z.boolean().optional(),
});

/**
 * Everything the visual editor saves at once (spec §7 "Save store design"). The store's description and
 * category tabs are not part of it: the Settings tab owns them (saveCategoryTabs re-tags products), and
 * `description` or `category_tabs` keys sent by an old client are stripped like any other unknown key.
 */
export const storeDesignSchema = z
  .object({
    name: z.string().trim().min(1, "Store name is required").max(120),
    tagline: text(200),
    primary_color: hex.default(DEFAULT_PRIMARY_COLOR),
    hero_banner: imageRef.default(""),
    logo_url: imageRef.default(""),
    banner_url: imageRef.default(""),
    sections: z.array(sectionSchema).max(EDITOR.maxSections),
    store_layout: z
      .object({
        layout_type: z.literal("sections").default("sections"),
        hero_section: z.boolean().default(true),
        category_tabs: z.boolean().default(true),
      })
      .default({ layout_type: "sections", hero_section: true, category_tabs: true }),
  })
  .superRefine((design, ctx) => {
    const sectionIds = new Set<string>();
    const bannerIds = new Set<string>();
    const name = (b: Banner) => b.title || "Untitled";
    design.sections.forEach((section, i) => {
      if (sectionIds.has(section.id))
        ctx.addIssue({
          code: "custom",
          message: `Two sections share the id "${section.id}"`,
          path: ["sections", i, "id"],
        });
      sectionIds.add(section.id);
      if (section.type !== "banner-section") return;
      const canvas = { width: EDITOR.maxCanvasWidth, height: section.section_height };
      section.banners.forEach((banner, j) => {
        const path = ["sections", i, "banners", j];
        if (bannerIds.has(banner.id))
          ctx.addIssue({ code: "custom", message: `Two banners share the id "${banner.id}"`, path: [...path, "id"] });
        bannerIds.add(banner.id);
        if (!insideCanvas(banner, canvas))
          ctx.addIssue({ code: "custom", message: `Banner "${name(banner)}" lies outside its section's canvas`, path });
        const other = section.banners.slice(0, j).find((b) => overlaps(b, banner));
        if (other)
          ctx.addIssue({ code: "custom", message: `Banners "${name(other)}" and "${name(banner)}" overlap`, path });
      });
    });
  });

export type Banner = z.infer<typeof bannerSchema>;

export type BannerSection = z.infer<typeof bannerSectionSchema>;

export type ProductSection = z.infer<typeof productSectionSchema>;

export type Section = z.infer<typeof sectionSchema>;

export type CategoryTab = z.infer<typeof categoryTabSchema>;

export type StoreDesign = z.infer<typeof storeDesignSchema>;

/** The Settings tab's category tabs, in their order: at most 20, each with its own slug ("all" is every product's). */
export const categoryTabsSchema = categoryTabSchema
  .array()
  .max(20)
  .refine((tabs) => {
    const slugs = tabs.map((t) => t.slug);
    return new Set(slugs).size === slugs.length && !slugs.includes("all");
  }, "every tab needs its own slug");

/** The category tabs as store management posts them (JSON), refused with the spec's "Failed to save tabs: …". */
export const postedCategoryTabsSchema = postedJson(
  categoryTabsSchema,
  "Failed to save tabs: invalid data",
  (issues) => `Failed to save tabs: ${issues[0]!.message}`,
);

/** The visual editor's design as it posts it (JSON), refused with "Failed to save store: …" and the field's path. */
export const postedStoreDesignSchema = postedJson(
  storeDesignSchema,
  "Failed to save store: the design could not be read",
  (issues) => `Failed to save store: ${issues[0]!.message} (${issues[0]!.path.join(".")})`,
);

export { ABOUT_TAB_SLUG } from "./store-tab-slugs";

/**
 * A new store's tabs: Home, About Us, then one per category the store sells (issue #26: a textiles store got the
 * spec's "Cooking & Kitchenware" tab whatever it sold).
 */
export function defaultCategoryTabs(categories: readonly string[] = []): CategoryTab[] {
  const slugs = new Set<string>(["home", ABOUT_TAB_SLUG]);
  const tabs: CategoryTab[] = [
    { id: "home", name: "Home", slug: "home", order: 0, isHomepage: true },
    { id: ABOUT_TAB_SLUG, name: "About Us", slug: ABOUT_TAB_SLUG, order: 1 },
  ];
  for (const category of categories) {
    // a category of the tree is named by its label (its slug stays the slug); older free text by itself
    const name = categoryLabel(category);
    const slug = category
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60);
    if (!slug || slugs.has(slug)) continue;
    slugs.add(slug);
    tabs.push({ id: slug, name, slug, order: tabs.length });
  }
  return tabs;
}

export function newBanner(sectionId: string, now = Date.now()): Banner {
  return {
    id: `${sectionId}-banner-${now}`,
    title: "New Banner",
    subtitle: "",
    image_url: "",
    cta_text: "Shop Now",
    cta_link: "",
    order: 0,
    clickable: true,
    ...EDITOR.defaultBanner,
  };
}

export function newSection(type: Section["type"], order: number, now = Date.now()): Section {
  const id = `section-${now}`;
  return type === "banner-section"
    ? {
        id,
        type,
        order,
        banners: [],
        layout: "freeform",
        grid_columns: 12,
        section_height: EDITOR.defaultSectionHeight,
        background_color: "",
      }
    : { id, type, order, title: "Featured Products", show_featured: true, product_limit: 8 };
}

/** Reads stored jsonb sections leniently (old or hand-edited rows): invalid entries are dropped. */
export function parseStoredSections(value: unknown): Section[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((s) => sectionSchema.safeParse(s))
    .filter((r) => r.success)
    .map((r) => r.data)
    .sort((a, b) => a.order - b.order);
}

export function parseStoredTabs(value: unknown): CategoryTab[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((t) => categoryTabSchema.safeParse(t))
    .filter((r) => r.success)
    .map((r) => r.data)
    .sort((a, b) => a.order - b.order);
}
