import { z } from "zod";
import { PRODUCT_CATEGORIES, UNITS } from "~/lib/categories";
import { parseUsdToCents } from "~/lib/money";

const categoryEnum = z.enum(PRODUCT_CATEGORIES.map((c) => c.value) as [string, ...string[]], "Please choose a category");

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

/** The Add Product form on /products (spec §5 "Add product"), checked on the server. */
export const addProductSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter the product name").max(200),
    description: z.string().trim().max(5000).optional().default(""),
    category: categoryEnum,
    subcategory: z
      .string()
      .trim()
      .max(120)
      .optional()
      .transform((v) => v || null),
    minimumOrderQuantity: z
      .string()
      .trim()
      .regex(/^\d+$/, "Minimum order quantity must be a whole number greater than 0")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100_000_000, "Minimum order quantity must be a whole number greater than 0"),
    unit: z.enum(UNITS, "Please choose a unit"),
    priceMin: money("Minimum price"),
    priceMax: money("Maximum price"),
  })
  .refine((v) => v.priceMin <= v.priceMax, { message: "Minimum price cannot be more than the maximum price", path: ["priceMax"] });

export type AddProductInput = z.infer<typeof addProductSchema>;

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colours are hex values like #1a2b3c");
const imageUrl = z
  .string()
  .max(500)
  .refine((u) => u.startsWith("/uploads/") || /^https:\/\/[^\s]+$/.test(u), "Images must be uploaded files");

/** The Create Product dialog's draft (spec §3 "Product draft"), sent as JSON and checked on the server. */
export const productDraftSchema = z.object({
  name: z.string().trim().min(1, "Please fill in all required fields").max(200),
  description: z.string().trim().min(1, "Please fill in all required fields").max(5000),
  category: z.enum(PRODUCT_CATEGORIES.map((c) => c.value) as [string, ...string[]], "Please fill in all required fields"),
  subcategory: z.string().trim().max(120).default(""),
  base_sku: z.string().trim().max(60).default(""),
  brand: z.string().trim().max(120).default(""),
  weight: z.number().min(0).max(1_000_000).nullable().default(null),
  dimensions: z
    .object({ length: z.number().min(0).nullable(), width: z.number().min(0).nullable(), height: z.number().min(0).nullable() })
    .default({ length: null, width: null, height: null }),
  main_images: z.array(imageUrl).min(1, "Please add at least one product image").max(12),
  variants: z
    .array(
      z.object({
        id: z.string().max(60),
        color: z.string().trim().max(60).default(""),
        color_hex: hex.default("#000000"),
        size: z.string().trim().max(60).default(""),
        sku: z.string().trim().max(80).default(""),
        price: z.number().min(0, "Variant prices cannot be negative").max(10_000_000),
        stock: z.number().int("Stock must be a whole number").min(0).max(100_000_000),
        images: z.array(imageUrl).max(12).default([]),
      }),
    )
    .max(50)
    .default([]),
  technical_specs: z
    .array(z.object({ name: z.string().trim().max(120), value: z.string().trim().max(500) }))
    .max(50)
    .default([]),
});

export type ProductDraft = z.infer<typeof productDraftSchema>;
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
};

export const SELLERS_ONLY = "Only seller accounts can create products. Sign up as a seller (Indian supplier) to list products.";
