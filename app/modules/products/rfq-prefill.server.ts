import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productPriceTiers, products } from "~/db/schema/products";
import { isUuid } from "~/lib/uuid";
import { totalFromUnit } from "~/lib/money-minor";
import { categoryValueOf } from "~/lib/categories";
import { companyNameOf } from "~/modules/accounts/profiles.server";
import { formatHtsCode } from "~/modules/trade/trade-terms-values";
import { productOwnedBy } from "./product-owner.server";
import { unitWeightGramsOf } from "./product-detail.server";

export type RfqPrefill = {
  productId: string;
  /** the supplier of the product, by its company name (a direct inquiry is addressed to it) */
  supplierCompany: string;
  /** the product's minimum order, the least a direct inquiry may ask for */
  minimumOrderQuantity: number;
  title: string;
  category: string;
  unit: string;
  quantity: number;
  /** the price break the buyer chose on the product page: its quantity is the RFQ's, its price × quantity the target budget */
  tier: { id: string; minQuantity: number; unitPriceCents: number; targetCents: number } | null;
};

/**
 * Create RFQ pre-filled from an active product: its name, category, unit and MOQ as the quantity; with one of the
 * product's price breaks (`tierId`), that break's quantity and a target budget of its price for that quantity.
 * A tier of another product, or none that exists, is ignored.
 */
export async function rfqPrefillFromProduct(
  db: Db,
  productId: string | null,
  tierId: string | null = null,
): Promise<RfqPrefill | null> {
  if (!productId || !isUuid(productId)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      subcategory: products.subcategory,
      unit: products.unit,
      moq: products.minimumOrderQuantity,
      supplierCompany: companyNameOf(products.sellerId),
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .limit(1);
  if (!row) return null;
  const [tier] =
    tierId && isUuid(tierId)
      ? await db
          .select({
            id: productPriceTiers.id,
            minQuantity: productPriceTiers.minQuantity,
            unitPriceCents: productPriceTiers.unitPriceCents,
          })
          .from(productPriceTiers)
          .where(and(eq(productPriceTiers.id, tierId), eq(productPriceTiers.productId, row.id)))
          .limit(1)
      : [];
  return {
    productId: row.id,
    supplierCompany: row.supplierCompany?.trim() || "the supplier",
    minimumOrderQuantity: row.moq,
    title: row.name,
    // the product's place in the tree, as the form's category select holds it
    category: categoryValueOf(row.category, row.subcategory),
    unit: row.unit,
    quantity: tier?.minQuantity ?? row.moq,
    tier: tier ? { ...tier, targetCents: totalFromUnit(tier.unitPriceCents, tier.minQuantity) } : null,
  };
}

/**
 * The facts a direct inquiry (Request Quote on a product, issue #41.3) is checked against: an active product's
 * supplier, name, MOQ and unit; null for a product that is not (or no longer) listed.
 */
export async function productForInquiry(
  db: Db,
  productId: string,
): Promise<{ id: string; name: string; sellerId: string; minimumOrderQuantity: number; unit: string } | null> {
  if (!isUuid(productId)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      minimumOrderQuantity: products.minimumOrderQuantity,
      unit: products.unit,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .limit(1);
  return row ?? null;
}

/** A product's name and whether it is listed, for the RFQ a direct inquiry made of it (null: deleted). */
export async function inquiryProductSummary(
  db: Db,
  productId: string | null,
): Promise<{ id: string; name: string; listed: boolean } | null> {
  if (!productId || !isUuid(productId)) return null;
  const [row] = await db
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ? { id: row.id, name: row.name, listed: row.status === "active" } : null;
}

/** A quote's goods fields as the quoting supplier's own product gives them (the quote form's starting values). */
export type QuoteGoodsPrefill = {
  productName: string;
  goodsDescription: string;
  material: string;
  manufacturer: string;
  /** the 10-digit HTSUS number as printed (6302.60.0020); empty when the product has none or an older short code */
  hsCode: string;
  /** an older 6-to-8-digit code the product keeps, which a quote cannot take as it is */
  shortHsCode: string | null;
  /** the product's weight of one unit in kg as the form takes it (0.59); empty when the product states none */
  unitWeightKg: string;
};

/** Grams as the quote form's kilograms: up to 3 decimals, no grouping (the form reads 1234.5, not 1,234.5). */
const FORM_KG = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3, useGrouping: false });

/**
 * The goods of a direct inquiry's product for the quote of the supplier who sells it (issue #41 item 1): its name as
 * the goods description (a product has no shorter customs description; its description is sales text), its material,
 * manufacturer, HTSUS number and the weight of one unit from its specifications. Null for any other supplier (an invited similar
 * supplier quotes on its own goods and never sees another's maker), or when the product is gone.
 */
export async function quoteGoodsFromProduct(
  db: Db,
  actor: { id: string },
  productId: string | null,
): Promise<QuoteGoodsPrefill | null> {
  if (!productId || !isUuid(productId)) return null;
  const [row] = await db
    .select({
      name: products.name,
      material: products.material,
      manufacturer: products.manufacturer,
      hsCode: products.hsCode,
      specifications: products.specifications,
    })
    .from(products)
    .where(productOwnedBy(actor, productId))
    .limit(1);
  if (!row) return null;
  const full = row.hsCode && /^[0-9]{10}$/.test(row.hsCode) ? row.hsCode : null;
  const grams = unitWeightGramsOf(row.specifications);
  return {
    productName: row.name,
    goodsDescription: row.name.slice(0, 300),
    material: row.material ?? "",
    manufacturer: row.manufacturer ?? "",
    hsCode: full ? formatHtsCode(full) : "",
    shortHsCode: row.hsCode && !full ? row.hsCode : null,
    unitWeightKg: grams ? FORM_KG.format(grams / 1000) : "",
  };
}
