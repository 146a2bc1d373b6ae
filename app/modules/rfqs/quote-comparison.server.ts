import { rfqOwnedBy } from "./rfq-owner.server";
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { companyNameOf, verificationOf } from "~/modules/accounts/profiles.server";
import { supplierResponseTimes } from "~/modules/messaging/response-time.server";
import { quotePrice } from "~/lib/quote-price";
import {
  bestValues,
  sortQuotes,
  type ComparedQuote,
  type ComparisonSort,
  type QuoteComparison,
} from "~/modules/trade/quote-comparison";
import {
  estimateShipment,
  lanesFor,
  planRoute,
  portName,
  referenceSources,
  tradeDate,
  tradeTables,
  usPortOf,
  type PlannedRoute,
  type ShipmentTerms,
} from "~/modules/trade/trade-data.server";

/**
 * The RFQ's quotes side by side, in US dollars, with an estimated landed cost per unit delivered to the RFQ's
 * delivery location. Only the RFQ's buyer gets it (quotes are sealed: decision record 0001); anyone else gets
 * null, as for an RFQ that does not exist. A fixed number of statements whatever the number of quotes: the RFQ,
 * its quotes, the suppliers' response times, the reference tables (five) and every quote's freight lane (one).
 */
export async function getQuoteComparison(
  db: Db,
  rfqId: string,
  viewer: SessionUser | null,
  sort: ComparisonSort = "received",
  now = new Date(),
  /** the buyer's own freight figure for the shipment, used instead of the lane estimate where the buyer pays freight */
  buyerFreightCents: number | null = null,
): Promise<QuoteComparison | null> {
  if (!viewer || !isUuid(rfqId)) return null;
  const [rfq] = await db
    .select({ buyerId: rfqs.buyerId, deliveryLocation: rfqs.deliveryLocation, destinationPort: rfqs.destinationPort })
    .from(rfqs)
    .where(rfqOwnedBy(viewer, rfqId))
    .limit(1);
  if (!rfq) return null;

  const rows = await db
    .select({
      id: rfqResponses.id,
      sellerId: rfqResponses.sellerId,
      supplierCompany: companyNameOf(rfqResponses.sellerId),
      verificationStatus: verificationOf(rfqResponses.sellerId),
      status: rfqResponses.status,
      priceCents: rfqResponses.priceCents,
      quantity: rfqResponses.quantity,
      deliveryTimeline: rfqResponses.deliveryTimeline,
      terms: rfqResponses.terms,
      incoterm: rfqResponses.incoterm,
      incotermPlace: rfqResponses.incotermPlace,
      incotermPort: rfqResponses.incotermPort,
      shipMode: rfqResponses.shipMode,
      currency: rfqResponses.currency,
      unitPriceMinor: rfqResponses.unitPriceMinor,
      totalMinor: rfqResponses.totalMinor,
      fxInrPerUsd: rfqResponses.fxInrPerUsd,
      fxRateDate: rfqResponses.fxRateDate,
      leadTimeDays: rfqResponses.leadTimeDays,
      paymentTerms: rfqResponses.paymentTerms,
      paymentTermsOther: rfqResponses.paymentTermsOther,
      validUntil: rfqResponses.validUntil,
      hsCode: rfqResponses.hsCode,
      unitWeightGrams: rfqResponses.unitWeightGrams,
    })
    .from(rfqResponses)
    .where(and(eq(rfqResponses.rfqId, rfqId), notInArray(rfqResponses.status, ["withdrawn", "superseded"])))
    .orderBy(desc(rfqResponses.createdAt), desc(rfqResponses.id));

  const date = tradeDate(now);
  const [replyTimes, tables] = await Promise.all([
    supplierResponseTimes(
      db,
      rows.map((r) => r.sellerId),
      now,
    ),
    tradeTables(
      db,
      rows.map((r) => r.hsCode),
      date,
    ),
  ]);
  const usPort = usPortOf(rfq.deliveryLocation, rfq.destinationPort, tables);

  // prices in USD: an INR quote at the rate stored on it, never today's
  const priced = rows.map((row) => {
    const inr = row.currency === "INR" && row.fxInrPerUsd ? row.fxInrPerUsd : null;
    const price = quotePrice(row);
    const totalUsdCents = price.usd.total.minor;
    const unitPriceUsdCents = price.usd.unit.minor;
    const terms: ShipmentTerms | null = row.incoterm
      ? {
          incoterm: row.incoterm,
          shipMode: row.shipMode ?? "ocean",
          quantity: row.quantity,
          goodsValueCents: totalUsdCents,
          unitWeightGrams: row.unitWeightGrams,
          hsCode: row.hsCode,
          incotermPort: row.incotermPort,
          usPort: usPort.code,
          buyerFreightCents,
        }
      : null;
    return { row, inr, totalUsdCents, unitPriceUsdCents, terms, route: terms ? planRoute(terms, tables) : null };
  });
  const lanes = await lanesFor(
    db,
    priced.flatMap((p) => (p.route ? [p.route] : [])),
    date,
  );

  const quotes: ComparedQuote[] = priced.map(({ row, inr, totalUsdCents, unitPriceUsdCents, terms, route }) => ({
    id: row.id,
    supplierCompany: row.supplierCompany || "Supplier",
    verified: row.verificationStatus === "verified",
    replyHours: replyTimes.get(row.sellerId)?.hours ?? null,
    status: row.status,
    structured: row.incoterm !== null,
    incoterm: row.incoterm,
    place: placeLabel(row.incotermPlace, row.incotermPort, tables),
    shipMode: row.shipMode,
    quantity: row.quantity,
    unitPriceUsdCents,
    totalUsdCents,
    currency: row.currency,
    inr: inr
      ? { unitPricePaise: row.unitPriceMinor, totalPaise: row.totalMinor, inrPerUsd: inr, rateDate: row.fxRateDate }
      : null,
    leadTimeDays: row.leadTimeDays,
    paymentTerms: row.paymentTerms,
    paymentTermsOther: row.paymentTermsOther,
    validUntil: row.validUntil,
    hsCode: row.hsCode,
    deliveryTimeline: row.deliveryTimeline,
    terms: row.terms,
    landed: terms && route ? estimateShipment(terms, route, tables, lanes) : null,
    route: route ? routeView(route, tables) : null,
  }));

  return {
    quotes: sortQuotes(quotes, sort),
    sort,
    usPort: { code: usPort.code, name: portName(usPort.code, tables), how: usPort.how },
    deliveryLocation: rfq.deliveryLocation,
    date,
    best: bestValues(quotes),
    sources: referenceSources(tables, [...lanes.values()]),
    buyerFreightCents,
  };
}

function placeLabel(place: string | null, port: string | null, tables: Parameters<typeof portName>[1]): string | null {
  if (port) {
    const name = portName(port, tables);
    return place && place !== port && place !== name ? `${place} (${name}, ${port})` : `${name} (${port})`;
  }
  return place?.trim() || null;
}

function routeView(route: PlannedRoute, tables: Parameters<typeof portName>[1]) {
  return {
    origin: route.origin,
    originName: portName(route.origin, tables),
    originDefaulted: route.originDefaulted,
    destination: route.destination,
    destinationName: portName(route.destination, tables),
  };
}
