import type { Db } from "~/db/client.server";
import { productPriceTiers } from "~/db/schema/products";
import { createProduct } from "../../seed/factories/products";
import type { QuoteOverrides } from "../../seed/factories/rfqs";

/**
 * Quotes with structured trade terms (issue #21), for 1,000 terry towels (HS 6302.60.0010):
 * FOB Mundra in rupees at a stored rate (₹350.00 a unit at ₹84 per $ = $4.17), and DDP Chicago in dollars ($6.50).
 */
export function fobMundraInrQuote(overrides: QuoteOverrides): QuoteOverrides {
  return {
    priceCents: 416_667,
    quantity: 1000,
    deliveryTimeline: "45 days",
    incoterm: "FOB",
    incotermPlace: "INMUN",
    incotermPort: "INMUN",
    shipMode: "ocean",
    currency: "INR",
    unitPriceMinor: 35_000,
    totalMinor: 35_000_000,
    fxInrPerUsd: "84.0000",
    fxRateDate: "2026-11-20",
    leadTimeDays: 45,
    paymentTerms: "advance_30_bl_70",
    validUntil: "2026-12-31",
    hsCode: "6302600010",
    unitWeightGrams: 500,
    ...overrides,
  };
}

export function ddpChicagoUsdQuote(overrides: QuoteOverrides): QuoteOverrides {
  return {
    priceCents: 650_000,
    quantity: 1000,
    deliveryTimeline: "60 days",
    incoterm: "DDP",
    incotermPlace: "Chicago, IL",
    shipMode: "ocean",
    currency: "USD",
    unitPriceMinor: 650,
    totalMinor: 650_000,
    leadTimeDays: 60,
    paymentTerms: "net_30",
    validUntil: "2026-12-15",
    hsCode: "6302600010",
    ...overrides,
  };
}

/** A terry towel (HS 6302.60.0010, 0.5 kg) leaving from Mundra, $4.50 a unit from 500 and $4.00 from 1,000. */
export async function createTowelProduct(db: Db, sellerId: string) {
  const product = await createProduct(db, {
    sellerId,
    name: "Terry cotton bath towel, 500 gsm",
    category: "home-textiles",
    priceMinCents: 450,
    priceMaxCents: 600,
    minimumOrderQuantity: 500,
    hsCode: "6302600010",
    originPort: "INMUN",
    specifications: { weight: 0.5 },
  });
  await db.insert(productPriceTiers).values([
    { productId: product.id, minQuantity: 500, unitPriceCents: 450 },
    { productId: product.id, minQuantity: 1000, unitPriceCents: 400 },
  ]);
  return product;
}
