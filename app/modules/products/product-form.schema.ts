import { z } from "zod";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { UNITS } from "~/lib/units";
import { formatUnitPrice } from "~/lib/money";
import { parseUsdToCents } from "~/lib/money-minor";
import { firstErrors } from "~/lib/command-result";
import { intentOptions, optionalPostedId, postedId, postedJson } from "~/lib/posted-fields";
import { PRODUCT_STATUSES } from "~/lib/status-lists";
import { hsCodeSchema, htsus10Schema } from "~/modules/trade/trade-terms.schema";

/**
 * A product's place in the category tree (issue #41.2): one select, a top category or one of its subcategories; the
 * commands store it as category and subcategory (splitCategory).
 */
const categoryEnum = z.enum(CATEGORY_SLUGS, "Please choose a category");

const money = (label: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const cents = parseUsdToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount in US dollars, like 12.50` });
        return z.NEVER;
      }
      return cents;
    });

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colours are hex values like #1a2b3c");
const imageUrl = z
  .string()
  .max(500)
  .refine((u) => u.startsWith("/uploads/") || /^https:\/\/[^\s]+$/.test(u), "Images must be uploaded files");

/** A number as a form posts it (text) or as a JSON draft may hold it: the schema reads its text either way. */
const typed = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** A decimal of at least 0 (weight, dimensions); empty is "not given". */
const optionalDecimal = (message: string) =>
  typed.transform((text, ctx) => {
    if (text === "") return null;
    const n = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || n > 1_000_000) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const wholeNumber = (message: string, min: number) =>
  typed.transform((text, ctx) => {
    if (!/^\d{1,9}$/.test(text) || Number(text) < min) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });

const cents = (message: string, { positive }: { positive: boolean }) =>
  typed.transform((text, ctx) => {
    const value = parseUsdToCents(text);
    if (value === null || value > 1_000_000_000 || (positive && value === 0)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });

const usd = (value: number) => formatUnitPrice(value);

/** At most this many price breaks per variant (or for the whole product). */
export const MAX_PRICE_TIERS = 10;

/** One price break: from `minQuantity` units up, each unit costs `unitPrice` (USD, posted as text like "4.20"). */
export const priceTierSchema = z.object({
  minQuantity: wholeNumber("Enter the quantity this price starts at: a whole number of at least 1", 1),
  unitPrice: cents("Enter a price per unit above $0, like 4.20", { positive: true }),
});
export type PriceTier = z.output<typeof priceTierSchema>;

/**
 * A ladder of price breaks is read in the order given: each tier starts at a larger quantity than the one before,
 * and costs no more per unit (a larger order never costs more per unit). `base` is the price without a break (a
 * variant's price, or the product's maximum price), which no tier may exceed; `moq` is where the first may start.
 */
export function checkPriceLadder(
  tiers: readonly PriceTier[],
  ctx: { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void },
  {
    path,
    moq,
    base,
    unit = "units",
  }: {
    path: (index: number, field: keyof PriceTier) => PropertyKey[];
    moq?: number;
    base?: { cents: number; label: string } | null;
    unit?: string;
  },
) {
  tiers.forEach((tier, i) => {
    const before = tiers[i - 1];
    if (i === 0 && moq !== undefined && tier.minQuantity < moq) {
      ctx.addIssue({
        code: "custom",
        path: path(i, "minQuantity"),
        message: `The first price break must start at the minimum order quantity (${moq.toLocaleString("en-US")} ${unit}) or above`,
      });
    }
    if (before && tier.minQuantity <= before.minQuantity) {
      ctx.addIssue({
        code: "custom",
        path: path(i, "minQuantity"),
        message: `Quantities must go up: start this price break above ${before.minQuantity.toLocaleString("en-US")}, where the one before starts`,
      });
    }
    if (before && tier.unitPrice > before.unitPrice) {
      ctx.addIssue({
        code: "custom",
        path: path(i, "unitPrice"),
        message: `A larger quantity cannot cost more per unit: make this at most ${usd(before.unitPrice)}, the price of the break before`,
      });
    } else if (base && base.cents > 0 && tier.unitPrice > base.cents) {
      ctx.addIssue({
        code: "custom",
        path: path(i, "unitPrice"),
        message: `A price break cannot cost more per unit than ${base.label} (${usd(base.cents)})`,
      });
    }
  });
}

const tierList = z.array(priceTierSchema).max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} price breaks`);

/** An optional HS code (empty is none), by the shared trade vocabulary's rule. */
const optionalHsCode = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.union([z.literal(""), hsCodeSchema]))
  .transform((v) => v || null);

/** A new product's HTSUS number: 10 digits or none. */
const optionalHtsus10 = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.union([z.literal(""), htsus10Schema]))
  .transform((v) => v || null);

/** An optional line of text of at most `max` characters, empty is none. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .transform((v) => v || null);

/**
 * The goods' material / composition and manufacturer as customs papers print them (#41 item 1): the product form's
 * rule, which the catalogue import applies to its columns too (one rule whichever door the text comes in by).
 */
export const materialText = optionalText(200, "Material / composition");
export const manufacturerText = optionalText(300, "Manufacturer");

/** An Indian port's UN/LOCODE (which ones exist, the server checks against the ports table); empty is none. */
const optionalOriginPort = z
  .string()
  .trim()
  .max(5)
  .refine((v) => v === "" || /^IN[A-Z0-9]{3}$/.test(v), "Choose a port of loading from the list")
  .transform((v) => v || null);

const draftVariant = z
  .object({
    id: z.string().max(60),
    color: z.string().trim().max(60).default(""),
    // no colour chosen is no swatch (#41 item 6: not a black "#000000" one)
    color_hex: z.union([z.literal(""), hex]).default(""),
    size: z.string().trim().max(60).default(""),
    sku: z.string().trim().max(80).default(""),
    price: cents("Variant prices are amounts in US dollars of at least 0, like 12.50", { positive: false }).default(0),
    stock: wholeNumber("Stock must be a whole number of at least 0", 0).default(0),
    images: z.array(imageUrl).max(12).default([]),
    tiers: tierList.default([]),
  })
  .superRefine((variant, ctx) =>
    checkPriceLadder(variant.tiers, ctx, {
      path: (i, field) => ["tiers", i, field],
      moq: 1,
      unit: "pieces",
      base: { cents: variant.price, label: "this variant's price" },
    }),
  );

/**
 * The Create Product dialog's draft (spec §3 "Product draft"), checked by Conform in the browser and by the server
 * with this very schema. The dialog's fields are named after it (`variants[0].tiers[1].unitPrice`); numbers come as
 * the text typed (or as numbers in an older JSON draft). Prices come out in cents.
 */
export const productDraftSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter the product name").max(200),
    description: z.string().trim().min(1, "Please enter a description").max(5000),
    category: categoryEnum,
    base_sku: z.string().trim().max(60).default(""),
    brand: z.string().trim().max(120).default(""),
    weight: optionalDecimal("Weight is a number of kilograms, like 1.5").default(null),
    dimensions: z
      .object({
        length: optionalDecimal("Length is a number of centimetres").default(null),
        width: optionalDecimal("Width is a number of centimetres").default(null),
        height: optionalDecimal("Height is a number of centimetres").default(null),
      })
      .default({ length: null, width: null, height: null }),
    // a new product states the 10-digit HTSUS number (record 0053); whether it exists, the server checks
    hs_code: optionalHtsus10.default(null),
    origin_port: optionalOriginPort.default(null),
    // what buyers see on every card (#41 item 6): the least a buyer orders, in what unit, and the price per unit. The
    // dialog asks for the quantity (left blank, it is refused); a JSON draft without the field orders from 1
    minimum_order_quantity: wholeNumber("Minimum order quantity must be a whole number greater than 0", 1).default(1),
    unit: z.enum(UNITS, "Please choose a unit").default("pieces"),
    // empty (as the dialog posts a field left blank) is none
    base_price: z
      .union([z.literal(""), cents("The base price is an amount in US dollars, like 12.50", { positive: true })])
      .nullable()
      .transform((v) => (v === "" ? null : v))
      .default(null),
    // one uploaded image posts one value, not a list
    main_images: z.preprocess(
      (v) => (typeof v === "string" ? [v] : (v ?? [])),
      z.array(imageUrl).min(1, "Please add at least one product image").max(12),
    ),
    variants: z.array(draftVariant).max(50).default([]),
    tiers: tierList.default([]),
    technical_specs: z
      .array(z.object({ name: z.string().trim().max(120).default(""), value: z.string().trim().max(500).default("") }))
      .max(50)
      .default([]),
  })
  .superRefine((draft, ctx) =>
    checkPriceLadder(draft.tiers, ctx, {
      path: (i, field) => ["tiers", i, field],
      moq: draft.minimum_order_quantity,
      unit: draft.unit,
      base: draft.base_price ? { cents: draft.base_price, label: "the base price" } : null,
    }),
  );

/** The draft's required fields, whose messages the dialog sums up as the spec's 'Please fill in all required fields'. */
export const DRAFT_REQUIRED_FIELDS = ["name", "description", "category"] as const;
export const FILL_REQUIRED_FIELDS = "Please fill in all required fields";

/** A price break row of the Add/Edit Product form; a row left empty is no price break (so a form without JavaScript can offer one). */
const formTierRow = z
  .object({
    variantSku: z.string().trim().max(80).default(""),
    minQuantity: typed.default(""),
    unitPrice: typed.default(""),
  })
  .transform((row, ctx) => {
    if (row.minQuantity === "" && row.unitPrice === "") return null;
    const parsed = priceTierSchema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { variantSku: row.variantSku, ...parsed.data };
  });

/**
 * The Add Product form and the product edit form on /products (spec §5 "Add product", plus HS code, port of
 * loading and price breaks), checked in the browser and on the server; read from the posted form by readProductForm.
 * Price breaks are one list, each row naming its variant's SKU ('' for the whole product).
 */
export const addProductSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter the product name").max(200),
    description: z.string().trim().max(5000).optional().default(""),
    category: categoryEnum,
    minimumOrderQuantity: z
      .string()
      .trim()
      .regex(/^\d+$/, "Minimum order quantity must be a whole number greater than 0")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100_000_000, "Minimum order quantity must be a whole number greater than 0"),
    unit: z.enum(UNITS, "Please choose a unit"),
    priceMin: money("Minimum price"),
    priceMax: money("Maximum price"),
    // 6 to 10 digits here: the server takes 10 digits of the HTS table, or the 6-digit code the product already has
    // (record 0053)
    hsCode: optionalHsCode.default(null),
    material: materialText.default(null),
    manufacturer: manufacturerText.default(null),
    originPort: optionalOriginPort.default(null),
    tiers: z
      .array(formTierRow)
      .max(MAX_PRICE_TIERS * 6, "Too many price breaks")
      .default([]),
  })
  .refine((v) => v.priceMin <= v.priceMax, {
    message: "Minimum price cannot be more than the maximum price",
    path: ["priceMax"],
  })
  .superRefine((v, ctx) => {
    const groups = new Map<string, number[]>();
    v.tiers.forEach((row, index) => {
      if (row) groups.set(row.variantSku, [...(groups.get(row.variantSku) ?? []), index]);
    });
    for (const indexes of groups.values()) {
      if (indexes.length > MAX_PRICE_TIERS)
        ctx.addIssue({
          code: "custom",
          path: ["tiers", indexes[MAX_PRICE_TIERS]!, "minQuantity"],
          message: `At most ${MAX_PRICE_TIERS} price breaks`,
        });
      checkPriceLadder(
        indexes.map((i) => v.tiers[i]!),
        ctx,
        {
          path: (i, field) => ["tiers", indexes[i]!, field],
          moq: v.minimumOrderQuantity,
          unit: v.unit,
          base: { cents: v.priceMax, label: "the maximum price" },
        },
      );
    }
  })
  .transform(({ tiers, ...v }) => ({ ...v, tiers: tiers.filter((t) => t !== null) }));

/** The posted Add/Edit Product form as the schema reads it: price break rows (`tiers[2].unitPrice`) as a list. */
export function readProductForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const tiers: { variantSku?: string; minQuantity?: string; unitPrice?: string }[] = [];
  for (let i = 0; i < MAX_PRICE_TIERS * 6 + 1; i++) {
    const row = {
      variantSku: text(`tiers[${i}].variantSku`),
      minQuantity: text(`tiers[${i}].minQuantity`),
      unitPrice: text(`tiers[${i}].unitPrice`),
    };
    if (row.variantSku === undefined && row.minQuantity === undefined && row.unitPrice === undefined) continue;
    tiers.push(row);
  }
  const values: Record<string, unknown> = { tiers };
  for (const key of [
    "name",
    "description",
    "category",
    "minimumOrderQuantity",
    "unit",
    "priceMin",
    "priceMax",
    "hsCode",
    "material",
    "manufacturer",
    "originPort",
  ])
    values[key] = text(key) ?? "";
  return values;
}

export type AddProductInput = z.infer<typeof addProductSchema>;

export type ProductDraft = z.infer<typeof productDraftSchema>;

/**
 * The Create Product dialog's draft as it is posted (JSON), read on the route side once the poster is a seller:
 * a missing required field, or text that is not a draft at all, is the spec's FILL_REQUIRED_FIELDS; otherwise the
 * images' message, or the first field's.
 */
export const postedDraftSchema = postedJson(productDraftSchema, FILL_REQUIRED_FIELDS, (issues) => {
  const fieldErrors = firstErrors(issues);
  return DRAFT_REQUIRED_FIELDS.some((name) => fieldErrors[name])
    ? FILL_REQUIRED_FIELDS
    : (fieldErrors.main_images ?? Object.values(fieldErrors)[0]!);
});
export type ProductDraftInput = z.input<typeof productDraftSchema>;

export type SellerProduct = {
  id: string;
  name: string;
  description: string;
  category: string;
  subcategory: string | null;
  priceMinCents: number;
  priceMaxCents: number;
  minimumOrderQuantity: number;
  unit: string;
  images: string[];
  status: string;
  createdAt: string;
  hsCode: string | null;
  /** the HTSUS line's description from the HTS table (null: no code, a legacy 6-digit code, or not in the table) */
  hsDescription: string | null;
  material: string | null;
  manufacturer: string | null;
  originPort: string | null;
  /** the variants a price break may name (from the Create Product dialog), by SKU */
  variants: { sku: string; label: string }[];
  tiers: { variantSku: string; minQuantity: number; unitPriceCents: number }[];
};

export const SELLERS_ONLY =
  "Only seller accounts can create products. Sign up as a seller (Indian supplier) to list products.";

/**
 * The My Products page's forms (POST /products), one per intent: the Create Product dialog's draft (JSON, read by
 * postedDraftSchema once the poster is known to be a seller), a product's status, and the Add/Edit Product form (whose fields addProductSchema reads beside it).
 */
export const productActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-dialog"), payload: z.string(), storeId: optionalPostedId("Store not found") }),
    z.object({
      intent: z.literal("status"),
      productId: postedId("Product not found"),
      status: z.enum(PRODUCT_STATUSES, { error: "Please choose active or inactive" }),
    }),
    z.object({ intent: z.literal("create") }),
    z.object({ intent: z.literal("update"), productId: postedId("Product not found") }),
  ],
  intentOptions,
);
export const PRODUCT_ACTION_FIELDS = ["intent", "payload", "storeId", "productId", "status"] as const;
