import type { LandedCostEstimate } from "./landed-cost";
import type { Currency, Incoterm, PaymentTerms, ShipMode } from "./trade-terms-values";

/** The buyer's comparison of an RFQ's quotes (issue #21, item 3). Browser-safe types and the pure choices. */

export type ComparedQuote = {
  id: string;
  supplierCompany: string;
  verified: boolean;
  /** the supplier's median first reply in hours, when the response-times module has one */
  replyHours: number | null;
  status: string;
  /** false for a quote made before structured terms: "USD, terms in text" */
  structured: boolean;
  incoterm: Incoterm | null;
  /** the named place in words ("Mundra (INMUN)"), or null */
  place: string | null;
  shipMode: ShipMode | null;
  quantity: number;
  unitPriceUsdCents: number;
  totalUsdCents: number;
  /** the quote's own currency and, for INR, the stored rate it is converted at */
  currency: Currency;
  inr: { unitPricePaise: number | null; totalPaise: number | null; inrPerUsd: string; rateDate: string | null } | null;
  leadTimeDays: number | null;
  paymentTerms: PaymentTerms | null;
  paymentTermsOther: string | null;
  validUntil: string | null;
  hsCode: string | null;
  deliveryTimeline: string;
  terms: string | null;
  /** null for a quote without structured terms */
  landed: LandedCostEstimate | null;
  route: {
    origin: string;
    originName: string;
    originDefaulted: boolean;
    destination: string;
    destinationName: string;
  } | null;
};

export type QuoteComparison = {
  quotes: ComparedQuote[];
  sort: ComparisonSort;
  /** the US port the estimates deliver to, and how it was found from the RFQ's delivery location */
  usPort: { code: string; name: string; how: "zip" | "port" | "state" | "default" };
  deliveryLocation: string;
  /** the day the rates are in force on */
  date: string;
  /** the ids holding each row's best value (several on a tie) */
  best: { unitPrice: string[]; total: string[]; landed: string[]; leadTime: string[]; validUntil: string[] };
  sources: { label: string; source: string; since: string; dateKind: "since" | "as of" }[];
  /** the buyer's own freight figure in use (USD cents for the shipment), or null for Setu's lane estimates */
  buyerFreightCents: number | null;
};

export const COMPARISON_SORTS = ["received", "landed-asc", "price-asc", "price-desc"] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

export function parseComparisonSort(value: string | null): ComparisonSort {
  return (COMPARISON_SORTS as readonly string[]).includes(value ?? "") ? (value as ComparisonSort) : "received";
}

/** A landed figure that can be compared: a complete estimate's per-unit cost. */
export function comparableLanded(q: ComparedQuote): number | null {
  return q.landed && q.landed.complete ? q.landed.perUnitCents : null;
}

function idsOfBest(
  quotes: ComparedQuote[],
  value: (q: ComparedQuote) => number | string | null,
  better: "low" | "high",
): string[] {
  const present = quotes
    .map((q) => [q.id, value(q)] as const)
    .filter((pair): pair is readonly [string, number | string] => pair[1] !== null);
  if (present.length < 2) return [];
  const best = present.reduce((a, b) => ((better === "low" ? b[1] < a[1] : b[1] > a[1]) ? b : a))[1];
  return present.filter(([, v]) => v === best).map(([id]) => id);
}

/**
 * The Incoterm and named place every quote shares ("FOB Mundra (INMUN)"), or null when they differ or a quote has
 * no structured terms. Only then are unit prices and totals like for like: an FOB price leaves freight, insurance
 * and duty to the buyer, a DDP price includes them (issue 37).
 */
export function sharedTerms(quotes: ComparedQuote[]): string | null {
  const terms = new Set(
    quotes.map((q) => (q.structured && q.incoterm ? `${q.incoterm} ${q.place ?? ""}`.trim() : null)),
  );
  const [only] = terms;
  return terms.size === 1 && only ? only : null;
}

/**
 * Each row's best value: lowest complete landed cost and lead time, latest valid-until date; the lowest unit price
 * and total only when all quotes share their Incoterm and place (else the landed cost is the like-for-like figure).
 * Only where two or more quotes have it.
 */
export function bestValues(quotes: ComparedQuote[]): QuoteComparison["best"] {
  const likeForLike = sharedTerms(quotes) !== null;
  return {
    unitPrice: likeForLike ? idsOfBest(quotes, (q) => q.unitPriceUsdCents, "low") : [],
    total: likeForLike ? idsOfBest(quotes, (q) => q.totalUsdCents, "low") : [],
    landed: idsOfBest(quotes, comparableLanded, "low"),
    leadTime: idsOfBest(quotes, (q) => q.leadTimeDays, "low"),
    validUntil: idsOfBest(quotes, (q) => q.validUntil, "high"),
  };
}

/** Sorted copy: by complete landed cost per unit (others after, cheapest price first), by total, or as received. */
export function sortQuotes(quotes: ComparedQuote[], sort: ComparisonSort): ComparedQuote[] {
  const list = [...quotes];
  if (sort === "price-asc") list.sort((a, b) => a.totalUsdCents - b.totalUsdCents);
  if (sort === "price-desc") list.sort((a, b) => b.totalUsdCents - a.totalUsdCents);
  if (sort === "landed-asc") {
    list.sort((a, b) => {
      const [la, lb] = [comparableLanded(a), comparableLanded(b)];
      if (la !== null && lb !== null) return la - lb;
      if (la !== null) return -1;
      if (lb !== null) return 1;
      return a.unitPriceUsdCents - b.unitPriceUsdCents;
    });
  }
  return list;
}
