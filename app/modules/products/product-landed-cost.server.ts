import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productPriceTiers, products } from "~/db/schema/products";
import { isUuid } from "~/lib/uuid";
import { unitWeightGramsOf } from "./product-detail.server";
import { readCalculatorParams, type ProductLandedCost } from "~/modules/trade/landed-cost-calculator.schema";
import {
  estimateShipment,
  lanesFor,
  planRoute,
  portName,
  referenceSources,
  tradeDate,
  tradeTables,
  usPortOf,
} from "~/modules/trade/trade-data.server";
import { DEFAULT_ORIGIN_PORT } from "~/modules/trade/us-port";
import { totalFromUnit } from "~/lib/money-minor";

/**
 * The product page's calculator: the landed cost of `qty` units delivered to a US ZIP code or port, the product's
 * price taken as FOB its origin port (INNSA when it names none). The unit price is the price break for the
 * quantity (the highest min_quantity at or below it, whole-product tiers) or else the product's lowest price.
 * The weight is the product's specifications' weight in kg. Null for a missing or inactive product; `result` is
 * null until the form is sent, or while it has errors.
 */
export async function productLandedCost(
  db: Db,
  productId: string,
  params: URLSearchParams,
  now = new Date(),
): Promise<ProductLandedCost | null> {
  if (!isUuid(productId)) return null;
  const form = readCalculatorParams(params);
  const [product] = await db
    .select({
      priceMinCents: products.priceMinCents,
      minimumOrderQuantity: products.minimumOrderQuantity,
      hsCode: products.hsCode,
      originPort: products.originPort,
      specifications: products.specifications,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .limit(1);
  if (!product) return null;
  if (!form.submitted || !form.input) return { raw: form.raw, errors: form.submitted ? form.errors : {}, result: null };
  const { qty, to, mode, freight } = form.input;

  const date = tradeDate(now);
  const [[tier], tables] = await Promise.all([
    db
      .select({ minQuantity: productPriceTiers.minQuantity, unitPriceCents: productPriceTiers.unitPriceCents })
      .from(productPriceTiers)
      .where(
        and(
          eq(productPriceTiers.productId, productId),
          eq(productPriceTiers.variantSku, ""),
          lte(productPriceTiers.minQuantity, qty),
        ),
      )
      .orderBy(desc(productPriceTiers.minQuantity))
      .limit(1),
    tradeTables(db, [product.hsCode], date),
  ]);
  const unitPriceCents = tier?.unitPriceCents ?? product.priceMinCents;
  const unitWeightGrams = unitWeightGramsOf(product.specifications);
  const usPort = usPortOf(to, null, tables);
  const terms = {
    incoterm: "FOB" as const,
    shipMode: mode,
    quantity: qty,
    goodsValueCents: totalFromUnit(unitPriceCents, qty),
    unitWeightGrams,
    hsCode: product.hsCode,
    incotermPort: product.originPort ?? DEFAULT_ORIGIN_PORT,
    usPort: usPort.code,
    buyerFreightCents: freight,
  };
  const route = planRoute(terms, tables);
  const lanes = await lanesFor(db, [route], date);
  return {
    raw: form.raw,
    errors: {},
    result: {
      estimate: estimateShipment(terms, route, tables, lanes),
      unitPriceCents,
      tierMinQuantity: tier?.minQuantity ?? null,
      belowMoq: qty < product.minimumOrderQuantity,
      usPort: { code: usPort.code, name: portName(usPort.code, tables), how: usPort.how },
      route: {
        originName: portName(route.origin, tables),
        originDefaulted: route.originDefaulted || !product.originPort,
        destinationName: portName(route.destination, tables),
      },
      hsCode: product.hsCode,
      unitWeightGrams,
      sources: referenceSources(tables, [...lanes.values()]),
      date,
    },
  };
}
