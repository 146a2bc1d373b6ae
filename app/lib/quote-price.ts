/*
 * A quote's price read once (issue #39 item 3, decision record 0050): the supplier's figures, in dollars and in
 * rupees, each a Money value derived by ./money-minor's one rounding rule and one conversion at the stored rate.
 * Apart from ./money-minor so that pages which only parse or convert amounts do not load it.
 */

import { convertMoney, money, parseRate, unitFromTotal, type Money, type MoneyCurrency } from "./money-minor";

/** A quote's price as stored: the supplier's currency and figures, the quantity, and the USD total and rate. */
export type QuotePriceFields = {
  currency: MoneyCurrency | null;
  quantity: number;
  /** the USD total, converted once when the quote was submitted (the quoted total for a USD quote) */
  priceCents: number;
  totalMinor: number | null;
  unitPriceMinor: number | null;
  fxInrPerUsd: string | null;
};

/** A quote's price in every currency it is read in, each figure derived once, by the rules above. */
export type QuotePrice = {
  quantity: number;
  /** the rate stored with the quote, rupees per dollar, if any */
  inrPerUsd: string | null;
  /** in the supplier's currency: what it quoted */
  quoted: { total: Money; unit: Money };
  /** in dollars, for the buyer: the total converted at submission; an INR unit price converted at the stored rate */
  usd: { total: Money; unit: Money };
  /** in rupees: an INR quote's own figures, or a USD quote's at the stored rate; null for a USD quote without one */
  inr: { total: Money; unit: Money } | null;
};

export function quotePrice(q: QuotePriceFields): QuotePrice {
  const currency = q.currency ?? "USD";
  const inrPerUsd = q.fxInrPerUsd;
  const rated = inrPerUsd !== null && parseRate(inrPerUsd) !== null ? inrPerUsd : null;
  // an INR quote's own total; one stored before totals were kept in its currency (#21) is the USD total converted
  const quotedTotal =
    currency === "USD"
      ? money(q.priceCents, "USD")
      : q.totalMinor !== null
        ? money(q.totalMinor, "INR")
        : rated
          ? convertMoney(money(q.priceCents, "USD"), "INR", rated)
          : money(q.priceCents, "INR");
  const quoted = {
    total: quotedTotal,
    unit: money(q.unitPriceMinor ?? unitFromTotal(quotedTotal.minor, q.quantity), currency),
  };
  if (currency === "USD") {
    const inr = rated
      ? { total: convertMoney(quoted.total, "INR", rated), unit: convertMoney(quoted.unit, "INR", rated) }
      : null;
    return { quantity: q.quantity, inrPerUsd: rated, quoted, usd: quoted, inr };
  }
  const usd = {
    total: money(q.priceCents, "USD"),
    unit: rated ? convertMoney(quoted.unit, "USD", rated) : money(unitFromTotal(q.priceCents, q.quantity), "USD"),
  };
  return { quantity: q.quantity, inrPerUsd: rated, quoted, usd, inr: rated ? quoted : null };
}
