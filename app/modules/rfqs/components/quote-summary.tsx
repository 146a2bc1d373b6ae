import { formatMoney } from "~/lib/money";
import { quotePrice } from "~/lib/quote-price";
import { describeRate, formatRateDate } from "~/modules/trade/fx-rates-values";
import { formatHtsCode, PAYMENT_TERMS_LABELS, SHIP_MODE_LABELS } from "~/modules/trade/trade-terms-values";
import { scheduleSummary } from "~/modules/payments/payments-values";
import type { QuoteView } from "../rfq-values";

/** "FOB Mundra (INMUN)", "DAP Chicago, IL via Chicago rail ramp (USCHI)": an Incoterm with its named place. */
export function incotermWithPlace(
  quote: Pick<QuoteView, "incoterm" | "incotermPlace" | "incotermPort">,
): string | null {
  if (!quote.incoterm) return null;
  const place = quote.incotermPlace ?? quote.incotermPort ?? "";
  const port = quote.incotermPort && quote.incotermPlace ? ` (${quote.incotermPort})` : "";
  const via =
    quote.incoterm === "DAP" || quote.incoterm === "DDP"
      ? quote.incotermPort
        ? ` via ${quote.incotermPort}`
        : ""
      : port;
  return `${quote.incoterm} ${place}${via}`.trim();
}

function grams(g: number): string {
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 }).format(g / 1000)} kg`;
}

/**
 * A quote's price and terms. Buyers compare in US dollars: the USD figures lead, a rupee quote's own amounts
 * and the stored rate beside them. A supplier reading its own quote sees it in its currency first, with the
 * other currency beside it at the same stored rate. A quote made before trade terms says "USD, terms in text".
 */
export function QuoteSummary({
  quote,
  unit,
  audience,
}: {
  quote: QuoteView;
  unit: string;
  audience: "buyer" | "supplier";
}) {
  const rate = quote.rate;
  // every figure from the one quote price: the other currency at the rate stored with the quote (never today's)
  const price = quotePrice({ ...quote, fxInrPerUsd: quote.rate?.inrPerUsd ?? null });
  const inInr = quote.currency === "INR" && price.inr !== null;
  const otherTotal = inInr ? formatMoney(price.usd.total) : price.inr ? formatMoney(price.inr.total) : null;
  const otherUnit = inInr ? formatMoney(price.usd.unit) : price.inr ? formatMoney(price.inr.unit) : null;
  const ownFirst = audience === "supplier" && quote.mine;
  const leadTotal = formatMoney(ownFirst ? price.quoted.total : price.usd.total);
  const leadUnit = formatMoney(ownFirst ? price.quoted.unit : price.usd.unit);
  const beside = ownFirst
    ? otherTotal
      ? { total: otherTotal, unit: otherUnit }
      : null
    : inInr
      ? { total: formatMoney(price.quoted.total), unit: formatMoney(price.quoted.unit) }
      : null;
  const place = incotermWithPlace(quote);

  return (
    <div className="mt-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Total price</dt>
          <dd className="text-lg font-bold tabular-nums">{leadTotal}</dd>
          {beside ? (
            <dd className="text-xs tabular-nums text-slate-600">
              {ownFirst && inInr ? "about " : inInr ? "quoted " : "about "}
              {beside.total}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-500">Unit price</dt>
          <dd className="font-semibold tabular-nums">
            {leadUnit} <span className="font-normal text-slate-500">/ {unit.replace(/s$/, "")}</span>
          </dd>
          {beside?.unit ? (
            <dd className="text-xs tabular-nums text-slate-600">
              {inInr && !ownFirst ? "quoted " : "about "}
              {beside.unit}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-500">Quantity</dt>
          <dd className="font-semibold tabular-nums">
            {quote.quantity.toLocaleString("en-US")} {unit}
          </dd>
        </div>
      </dl>
      {rate && (inInr || ownFirst) ? (
        <p className="mt-2 text-xs text-slate-500">
          Converted at {describeRate(rate)}, the rate stored with this quote.
        </p>
      ) : null}
      {place ? (
        <dl className="mt-3 grid gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 sm:grid-cols-2">
          <Term label="Incoterm">
            {place}
            {quote.shipMode ? (
              <span className="font-normal text-slate-600"> · {SHIP_MODE_LABELS[quote.shipMode]}</span>
            ) : null}
          </Term>
          <Term label="Lead time">
            {quote.leadTimeDays !== null ? `${quote.leadTimeDays} days (production + transit)` : quote.deliveryTimeline}
          </Term>
          <Term label="Payment terms">
            {quote.paymentTerms === null
              ? "Not stated"
              : quote.paymentTerms === "other"
                ? quote.paymentTermsOther
                : PAYMENT_TERMS_LABELS[quote.paymentTerms]}
            <span className="block text-xs font-normal text-slate-600">{scheduleSummary(quote.paymentTerms)}</span>
          </Term>
          {quote.validUntil ? <Term label="Valid until">{formatRateDate(quote.validUntil)}</Term> : null}
          <Term label="Sample">
            {quote.sampleAvailable
              ? quote.samplePriceMinor
                ? `Available, ${formatMoney(quote.samplePriceMinor, quote.currency)}`
                : "Available, free"
              : "Not available"}
          </Term>
          <GoodsTerms quote={quote} />
          {quote.unitWeightGrams ? (
            <Term label="Gross weight">{`${grams(quote.unitWeightGrams)} per ${unit.replace(/s$/, "")}`}</Term>
          ) : null}
        </dl>
      ) : (
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Delivery timeline</dt>
            <dd className="font-semibold">{quote.deliveryTimeline}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Terms</dt>
            <dd className="font-semibold">{quote.currency}, terms in text</dd>
          </div>
          {/* the goods, stated without trade terms, still show */}
          <GoodsTerms quote={quote} />
        </dl>
      )}
      {place &&
      quote.leadTimeDays !== null &&
      quote.deliveryTimeline &&
      !quote.deliveryTimeline.endsWith("(production + transit)") ? (
        <p className="mt-2 text-slate-700">
          <span className="text-slate-500">Delivery: </span>
          {quote.deliveryTimeline}
        </p>
      ) : null}
    </div>
  );
}

/** The quote's goods as the invoices will print them: HTSUS line, description, material, maker (issue #41.1). */
function GoodsTerms({ quote }: { quote: QuoteView }) {
  return (
    <>
      {quote.hsCode ? (
        <Term label={quote.hsCode.length === 10 ? "HTSUS code" : "HS code"}>
          {formatHtsCode(quote.hsCode)}
          {quote.hsDescription ? (
            <span className="block text-xs font-normal text-slate-600">{quote.hsDescription}</span>
          ) : null}
        </Term>
      ) : null}
      {quote.goodsDescription ? <Term label="Goods">{quote.goodsDescription}</Term> : null}
      {quote.material ? <Term label="Material">{quote.material}</Term> : null}
      {quote.manufacturer ? <Term label="Manufacturer">{quote.manufacturer}</Term> : null}
    </>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
