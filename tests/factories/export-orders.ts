import type { Db } from "~/db/client.server";
import { orderPackingDetails } from "~/db/schema/order-documents";
import { sellerBusinessDetails } from "~/db/schema/profiles";
import { createOrder, type OrderOverrides, type OrderRow } from "./orders";
import { createQuote, createRfq } from "../../seed/factories/rfqs";
import { fobMundraInrQuote } from "./trade";

export type SellerBusinessDetailsRow = typeof sellerBusinessDetails.$inferSelect;

/** An exporter's registration: GSTIN, IEC, address and bank; with an LUT unless `lutReference: null` is given. */
export async function createSellerBusinessDetails(
  db: Db,
  userId: string,
  overrides: Partial<typeof sellerBusinessDetails.$inferInsert> = {},
): Promise<SellerBusinessDetailsRow> {
  const [row] = await db
    .insert(sellerBusinessDetails)
    .values({
      userId,
      legalName: "Karur Terry Mills Private Limited",
      registeredAddress: "14 Mill Road, Karur\nTamil Nadu 639001, India",
      gstin: "33AABCK1234M1Z5",
      iec: "AABCK1234M",
      registrationNumber: "U17111TZ2009PTC015432",
      lutReference: "AD330324012345X",
      lutValidUntil: "2099-03-31",
      bankAccountName: "Karur Terry Mills Private Limited",
      bankName: "State Bank of India",
      bankAccountNumber: "30012345678",
      bankIfsc: "SBIN0000123",
      bankSwift: "SBININBB123",
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * An order placed from an accepted FOB Mundra quote in rupees (1,000 terry towels at ₹350.00, HS 6302600010, rate ₹84 on
 * 2026-11-20), with the quote's terms copied onto the order as the lifecycle does, put straight into `status`.
 */
export async function createExportOrder(db: Db, overrides: OrderOverrides & { title?: string }): Promise<OrderRow> {
  const { title, ...order } = overrides;
  const rfq = await createRfq(db, {
    buyerId: order.buyerId,
    title: title ?? "Terry kitchen towels, 40 x 60 cm",
    quantity: 1000,
    deliveryLocation: "Brooklyn, NY",
  });
  const terms = fobMundraInrQuote({ rfqId: rfq.id, sellerId: order.sellerId });
  const quote = await createQuote(db, { ...terms, status: "accepted" });
  return createOrder(db, {
    rfqId: rfq.id,
    quoteId: quote.id,
    quantity: 1000,
    unit: "pieces",
    unitPriceCents: 417,
    totalCents: 416_667,
    incoterm: terms.incoterm,
    incotermPlace: terms.incotermPlace,
    incotermPort: terms.incotermPort,
    shipMode: terms.shipMode,
    currency: "INR",
    totalMinor: terms.totalMinor,
    fxInrPerUsd: terms.fxInrPerUsd,
    fxRateDate: terms.fxRateDate,
    paymentTerms: terms.paymentTerms,
    leadTimeDays: terms.leadTimeDays,
    hsCode: terms.hsCode,
    unitWeightGrams: terms.unitWeightGrams,
    ...order,
  });
}

/** 40 cartons, 500 kg net, 540 kg gross, 60 × 40 × 40 cm each. */
export async function createPackingDetails(db: Db, orderId: string) {
  const [row] = await db
    .insert(orderPackingDetails)
    .values({
      orderId,
      packages: 40,
      netWeightGrams: 500_000,
      grossWeightGrams: 540_000,
      lengthCm: "60",
      widthCm: "40",
      heightCm: "40",
    })
    .returning();
  return row!;
}
