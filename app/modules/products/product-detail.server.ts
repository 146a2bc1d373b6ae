import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productPriceTiers, products } from "~/db/schema/products";
import { companyNameOf, verificationOf } from "~/modules/accounts/profiles.server";
import { isUuid } from "~/lib/uuid";
import { minorFromDecimalNumber } from "~/lib/money-minor";
import { htsDescriptionOf } from "~/modules/trade/hts-codes.server";
import { portNameOf } from "~/modules/trade/ports.server";
import { sellerRatings } from "~/modules/reviews/reviews.server";

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const MAX_LIST = 50;
const MAX_TEXT = 500;

export type ProductVariant = {
  id: string;
  color: string;
  colorHex: string | null;
  size: string;
  sku: string;
  priceCents: number | null;
  stock: number | null;
};

export type PriceTierRow = { id: string; minQuantity: number; unitPriceCents: number };
/**
 * One ladder of price breaks: the whole product's (variantSku '') or one variant's, with its label, and the price
 * per unit below its first break (the variant's price, or the product's maximum price, as the form reads it).
 */
export type PriceTierLadder = { variantSku: string; label: string; basePriceCents: number; tiers: PriceTierRow[] };

export type ProductDimensions = { length: number | null; width: number | null; height: number | null };

/**
 * The product's `specifications` jsonb, read defensively: products from the Create Product dialog
 * hold brand, weight (kg), dimensions (cm), variants and technical specs; older or imported
 * products hold arbitrary key/value pairs, which come back as plain text in `other`.
 */
export type ProductSpecifications = {
  brand: string | null;
  baseSku: string | null;
  weightKg: number | null;
  dimensionsCm: ProductDimensions | null;
  variants: ProductVariant[];
  technicalSpecs: { name: string; value: string }[];
  other: { label: string; value: string }[];
};

export type ProductDetail = {
  id: string;
  name: string;
  description: string;
  category: string;
  subcategory: string | null;
  tags: string[];
  priceMinCents: number;
  priceMaxCents: number;
  minimumOrderQuantity: number;
  unit: string;
  images: string[];
  specifications: ProductSpecifications;
  createdAt: string;
  supplier: {
    companyName: string | null;
    verified: boolean;
    storeId: string | null;
    storeName: string | null;
    rating: { average: number; count: number } | null;
  };
  hsCode: string | null;
  /** the HTS table's description of the HTSUS code (null: none there, or a 6-digit code stored before) */
  hsDescription: string | null;
  material: string | null;
  originPort: { code: string; name: string } | null;
  /** price breaks by variant SKU ('' for the whole product), each ladder by quantity */
  priceTiers: PriceTierLadder[];
  /** the supplier's user id: for the server only (whether the viewer is the supplier), not for the page */
  sellerId: string;
};

/**
 * A seller's newest active store as two scalar subqueries on the seller's id: the stores domain's
 * (`sellerStoreOf` in stores/store-owner.server.ts), given by the page since stores sits above products.
 */
export type SellerStoreOf = (sellerId: SQLWrapper) => { id: SQL<string | null>; name: SQL<string | null> };

/**
 * An active product with its supplier's profile and the supplier's newest active store (`storeOf`), in one
 * query; null for an id that is not a UUID, a missing product or an inactive one.
 */
export async function getProductDetail(db: Db, id: string, storeOf: SellerStoreOf): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const firstStore = storeOf(products.sellerId);
  // the supplier's rating: its reviews' averages, an index range on (seller_id, …)
  const ratings = sellerRatings(db, products.sellerId);
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      subcategory: products.subcategory,
      tags: products.tags,
      priceMinCents: products.priceMinCents,
      priceMaxCents: products.priceMaxCents,
      minimumOrderQuantity: products.minimumOrderQuantity,
      unit: products.unit,
      images: products.images,
      specifications: products.specifications,
      createdAt: products.createdAt,
      sellerId: products.sellerId,
      companyName: companyNameOf(products.sellerId),
      verificationStatus: verificationOf(products.sellerId),
      storeId: firstStore.id,
      storeName: firstStore.name,
      hsCode: products.hsCode,
      hsDescription: htsDescriptionOf(products.hsCode),
      material: products.material,
      originPortCode: products.originPort,
      originPortName: portNameOf(products.originPort),
      ratingAverage: ratings.average,
      ratingCount: ratings.count,
    })
    .from(products)
    .leftJoinLateral(ratings, sql`true`)
    .where(and(eq(products.id, id), eq(products.status, "active")))
    .limit(1);
  if (!row) return null;
  const specifications = readSpecifications(row.specifications);
  const tiers = await db
    .select({
      id: productPriceTiers.id,
      variantSku: productPriceTiers.variantSku,
      minQuantity: productPriceTiers.minQuantity,
      unitPriceCents: productPriceTiers.unitPriceCents,
    })
    .from(productPriceTiers)
    .where(eq(productPriceTiers.productId, row.id))
    .orderBy(asc(productPriceTiers.minQuantity));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    tags: row.tags,
    priceMinCents: row.priceMinCents,
    priceMaxCents: row.priceMaxCents,
    minimumOrderQuantity: row.minimumOrderQuantity,
    unit: row.unit,
    images: row.images.filter(isSafeImageUrl),
    specifications,
    createdAt: row.createdAt.toISOString(),
    hsCode: row.hsCode,
    hsDescription: row.hsDescription,
    material: row.material,
    originPort:
      row.originPortCode && row.originPortName ? { code: row.originPortCode, name: row.originPortName } : null,
    priceTiers: tierLadders(tiers, specifications.variants, row.priceMaxCents),
    sellerId: row.sellerId,
    supplier: {
      companyName: row.companyName?.trim() || null,
      verified: row.verificationStatus === "verified",
      storeId: row.storeId ?? null,
      storeName: row.storeName ?? null,
      rating:
        row.ratingAverage !== null && Number(row.ratingCount) > 0
          ? { average: Number(row.ratingAverage), count: Number(row.ratingCount) }
          : null,
    },
  };
}

/** The price breaks as ladders: the whole product's first, then each variant's in the variants' order. */
function tierLadders(
  tiers: (PriceTierRow & { variantSku: string })[],
  variants: ProductVariant[],
  priceMaxCents: number,
): PriceTierLadder[] {
  const bySku = Map.groupBy(tiers, (t) => t.variantSku);
  const label = (sku: string) => {
    const index = variants.findIndex((v) => v.sku === sku);
    const variant = variants[index];
    return variant ? [variant.color, variant.size].filter(Boolean).join(", ") || `Variant ${index + 1}` : sku;
  };
  const order = (sku: string) =>
    sku === "" ? -1 : variants.findIndex((v) => v.sku === sku) + 1 || variants.length + 1;
  return [...bySku.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([variantSku, list]) => ({
      variantSku,
      label: variantSku === "" ? "All variants" : label(variantSku),
      basePriceCents: (variantSku !== "" && variants.find((v) => v.sku === variantSku)?.priceCents) || priceMaxCents,
      tiers: list.map(({ variantSku: _, ...t }) => t),
    }));
}

/** Uploaded files and https images only: nothing else reaches an img src. */
function isSafeImageUrl(url: string): boolean {
  return (url.startsWith("/") && !url.startsWith("//")) || /^https:\/\/\S+$/i.test(url);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finiteNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function shortText(value: unknown): string {
  return typeof value === "string"
    ? value.trim().slice(0, MAX_TEXT)
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : "";
}

/** Any JSON value as one line of text; empty for nothing worth showing. */
function valueAsText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim().slice(0, MAX_TEXT);
  if (typeof value === "number" || typeof value === "boolean")
    return value === true ? "Yes" : value === false ? "No" : String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value
      .map(String)
      .filter((v) => v.trim() !== "")
      .join(", ")
      .slice(0, MAX_TEXT);
  }
  const json = JSON.stringify(value);
  return json === "{}" || json === "[]" ? "" : json.slice(0, MAX_TEXT);
}

const ACRONYMS = new Set(["gsm", "sku", "moq", "tc", "hs", "ce", "uv", "led", "ip"]);

/** "threadCount" or "thread_count" → "Thread count"; short acronyms stay upper case. */
export function specLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const label = words.join(" ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function readDimensions(value: unknown): ProductDimensions | null {
  if (!isRecord(value)) return null;
  const positive = (v: unknown) => {
    const n = finiteNumber(v);
    return n !== null && n > 0 ? n : null;
  };
  const dims = { length: positive(value.length), width: positive(value.width), height: positive(value.height) };
  return dims.length === null && dims.width === null && dims.height === null ? null : dims;
}

function readVariants(value: unknown): ProductVariant[] | null {
  if (!Array.isArray(value) || !value.every(isRecord)) return null;
  return value.slice(0, MAX_LIST).map((v, i) => {
    const price = finiteNumber(v.price);
    const stock = finiteNumber(v.stock);
    const hex = typeof v.color_hex === "string" && HEX_COLOUR.test(v.color_hex) ? v.color_hex : null;
    return {
      id: shortText(v.id) || `variant-${i}`,
      color: shortText(v.color),
      colorHex: hex,
      size: shortText(v.size),
      sku: shortText(v.sku),
      priceCents: price === null ? null : minorFromDecimalNumber(price),
      stock: stock === null ? null : Math.trunc(stock),
    };
  });
}

function readTechnicalSpecs(value: unknown): { name: string; value: string }[] | null {
  if (!Array.isArray(value) || !value.every(isRecord)) return null;
  return value
    .map((s) => ({ name: shortText(s.name), value: valueAsText(s.value) }))
    .filter((s) => s.name !== "" || s.value !== "")
    .slice(0, MAX_LIST);
}

/**
 * The weight of one unit in grams (at least 1), from the specifications' weight in kg: what a freight estimate and a
 * quote's gross weight per unit start from. Null when the product states none.
 */
export function unitWeightGramsOf(specifications: unknown): number | null {
  const { weightKg } = readSpecifications(specifications);
  return weightKg ? Math.max(1, Math.round(weightKg * 1000)) : null;
}

export function readSpecifications(raw: unknown): ProductSpecifications {
  const specs: ProductSpecifications = {
    brand: null,
    baseSku: null,
    weightKg: null,
    dimensionsCm: null,
    variants: [],
    technicalSpecs: [],
    other: [],
  };
  if (!isRecord(raw)) return specs;
  for (const [key, value] of Object.entries(raw)) {
    const other = () => {
      const text = valueAsText(value);
      if (text !== "" && specs.other.length < MAX_LIST) specs.other.push({ label: specLabel(key), value: text });
    };
    switch (key) {
      case "brand":
        specs.brand = valueAsText(value) || null;
        break;
      case "base_sku":
        specs.baseSku = valueAsText(value) || null;
        break;
      case "weight": {
        const kg = finiteNumber(value);
        if (kg !== null) specs.weightKg = kg > 0 ? kg : null;
        else other();
        break;
      }
      case "dimensions": {
        const dims = readDimensions(value);
        if (dims) specs.dimensionsCm = dims;
        else if (!isRecord(value)) other();
        break;
      }
      case "variants": {
        const variants = readVariants(value);
        if (variants) specs.variants = variants;
        else other();
        break;
      }
      case "technical_specs": {
        const list = readTechnicalSpecs(value);
        if (list) specs.technicalSpecs = list;
        else other();
        break;
      }
      default:
        other();
    }
  }
  // jsonb keeps no key order, so sort for a stable, scannable list
  specs.other.sort((a, b) => a.label.localeCompare(b.label, "en"));
  return specs;
}
