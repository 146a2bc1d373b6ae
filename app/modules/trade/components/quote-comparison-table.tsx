import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { Clock } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { formatMoney, formatUnitPrice, minorToDecimalString } from "~/lib/money";
import { replyTimeLabel } from "~/modules/response-times/response-time";
import { comparableLanded, sharedTerms, type ComparedQuote, type QuoteComparison } from "../quote-comparison";
import { INCOTERM_LABELS, PAYMENT_TERMS_LABELS } from "../trade-terms-values";
import { formatDay, LandedCostBreakdown, ReferenceSourceItems } from "./landed-cost-breakdown";

type RowKey = keyof QuoteComparison["best"];

type Row = { label: string; best?: RowKey; render: (q: ComparedQuote) => React.ReactNode };

const HOW_FOUND: Record<QuoteComparison["usPort"]["how"], string> = {
  zip: "from the ZIP code in the delivery location",
  port: "named in the delivery location",
  state: "from the state in the delivery location",
  default: "Setu's default: nothing in the delivery location named a US port, ZIP code or state",
};

function Supplier({ q }: { q: ComparedQuote }) {
  return (
    <div>
      <p className="font-semibold text-slate-900">{q.supplierCompany}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1.5">
        <VerificationBadge verified={q.verified} />
      </div>
      {q.replyHours !== null ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
          <Clock className="size-3" aria-hidden /> {replyTimeLabel(q.replyHours)}
        </p>
      ) : null}
    </div>
  );
}

function Terms({ q }: { q: ComparedQuote }) {
  if (!q.structured || !q.incoterm) {
    return (
      <div>
        <p className="font-medium">USD, terms in text</p>
        {q.terms ? <p className="mt-1 line-clamp-4 whitespace-pre-line text-xs text-slate-600">{q.terms}</p> : null}
        <p className="mt-1 text-xs text-slate-500">Delivery: {q.deliveryTimeline}</p>
      </div>
    );
  }
  return (
    <div>
      <p className="font-medium">
        <abbr title={INCOTERM_LABELS[q.incoterm]} className="no-underline">
          {q.incoterm}
        </abbr>
        {q.place ? ` ${q.place}` : ""}
      </p>
      {q.shipMode ? <p className="text-xs text-slate-500">By {q.shipMode}</p> : null}
    </div>
  );
}

function UnitPrice({ q }: { q: ComparedQuote }) {
  return (
    <div>
      <p className="font-semibold tabular-nums">{formatUnitPrice(q.unitPriceUsdCents)}</p>
      {q.inr ? (
        <p className="text-xs text-slate-500">
          {q.inr.unitPricePaise !== null ? `${formatUnitPrice(q.inr.unitPricePaise, "INR")} ` : ""}at ₹
          {q.inr.inrPerUsd.replace(/\.?0+$/, "")} per ${q.inr.rateDate ? ` (rate of ${formatDay(q.inr.rateDate)})` : ""}
        </p>
      ) : null}
    </div>
  );
}

function Landed({ q, unit }: { q: ComparedQuote; unit: string }) {
  if (!q.landed) return <p className="text-xs text-slate-500">No estimate: the quote has no structured terms</p>;
  const comparable = comparableLanded(q) !== null;
  return (
    <div>
      <p className="font-semibold tabular-nums">
        {comparable ? "" : "at least "}
        {formatUnitPrice(q.landed.perUnitCents)}
        <span className="ml-1 text-xs font-normal text-slate-500">per unit</span>
      </p>
      <p className="text-xs font-medium text-amber-800">Estimate{comparable ? "" : ", incomplete"}</p>
      {q.route && q.incoterm !== "DDP" ? (
        <p className="text-xs text-slate-500">
          {q.route.originName}
          {q.route.originDefaulted ? " (default port)" : ""} → {q.route.destinationName}
        </p>
      ) : null}
      <details className="mt-1">
        <summary className="cursor-pointer text-xs font-medium text-brand-700 underline">See the parts</summary>
        <div className="mt-2">
          <LandedCostBreakdown estimate={q.landed} unit={unit} />
        </div>
      </details>
    </div>
  );
}

function rows(unit: string): Row[] {
  return [
    { label: "Supplier", render: (q) => <Supplier q={q} /> },
    { label: "Incoterm and place", render: (q) => <Terms q={q} /> },
    { label: "Unit price (USD)", best: "unitPrice", render: (q) => <UnitPrice q={q} /> },
    {
      label: "Total (USD)",
      best: "total",
      render: (q) => (
        <div>
          <p className="font-semibold tabular-nums">{formatMoney(q.totalUsdCents)}</p>
          <p className="text-xs text-slate-500">
            {q.quantity.toLocaleString("en-US")} {unit}
            {q.inr?.totalPaise ? ` · ${formatMoney(q.inr.totalPaise, "INR")}` : ""}
          </p>
        </div>
      ),
    },
    {
      label: "Lead time",
      best: "leadTime",
      render: (q) => (q.leadTimeDays === null ? <span className="text-slate-500">—</span> : `${q.leadTimeDays} days`),
    },
    {
      label: "Payment terms",
      render: (q) =>
        q.paymentTerms === null ? (
          <span className="text-slate-500">—</span>
        ) : q.paymentTerms === "other" ? (
          `Other: ${q.paymentTermsOther ?? ""}`
        ) : (
          PAYMENT_TERMS_LABELS[q.paymentTerms]
        ),
    },
    {
      label: "Valid until",
      best: "validUntil",
      render: (q) => (q.validUntil === null ? <span className="text-slate-500">—</span> : formatDay(q.validUntil)),
    },
    { label: "Landed cost per unit (USD, estimate)", best: "landed", render: (q) => <Landed q={q} unit={unit} /> },
  ];
}

function BestMark() {
  return (
    <Badge tone="green" className="mb-1">
      Best
    </Badge>
  );
}

/**
 * The buyer's comparison of quotes: a table with a column per quote from md up, a card per quote below. The best
 * value of each row is highlighted and marked "Best" in words. Sorting is a link (works without JavaScript).
 */
export function QuoteComparisonTable({ comparison, unit }: { comparison: QuoteComparison; unit: string }) {
  const { quotes, best } = comparison;
  const tableRows = rows(unit);
  const terms = sharedTerms(quotes);
  const isBest = (key: RowKey | undefined, id: string) => (key ? best[key].includes(id) : false);
  const sortLink = (value: QuoteComparison["sort"], label: string) => (
    <Link
      to={`?quoteSort=${value}${comparison.buyerFreightCents !== null ? `&freight=${minorToDecimalString(comparison.buyerFreightCents)}` : ""}`}
      preventScrollReset
      aria-current={comparison.sort === value ? "true" : undefined}
      className={comparison.sort === value ? "font-semibold text-slate-900 underline" : "text-brand-700 underline"}
    >
      {label}
    </Link>
  );
  return (
    <section aria-labelledby="compare-heading" className="mt-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="compare-heading" className="text-base font-semibold">
            Compare quotes
          </h3>
          <p className="max-w-prose text-xs text-slate-600">
            In US dollars. Landed cost is an <strong>estimate</strong> delivered to {comparison.usPort.name} (
            {comparison.usPort.code}), the US port for “{comparison.deliveryLocation}” (
            {HOW_FOUND[comparison.usPort.how]}), with the duty and fee tables in force on {formatDay(comparison.date)}.
          </p>
          {quotes.length > 1 ? (
            <p className="mt-1 max-w-prose text-xs text-slate-600" data-testid="compare-like-for-like">
              {terms
                ? `All quotes are ${terms}: unit price and total compare like for like, and the lowest is marked Best.`
                : "The quotes are on different terms, so Best is marked on the landed cost, not on the unit price or total: an FOB price leaves freight, insurance and duty to you, a DDP price includes them."}
            </p>
          ) : null}
        </div>
        <p className="flex gap-3 text-sm">
          <span className="text-slate-500">Sort:</span>
          {sortLink("landed-asc", "Lowest landed cost first")}
          {sortLink("received", "Newest first")}
        </p>
      </div>
      {/* the buyer's forwarder may have quoted already: their figure replaces the lane estimate where the buyer pays freight */}
      <Form
        method="get"
        preventScrollReset
        className="mt-2 flex flex-wrap items-end gap-2 text-sm"
        aria-label="Your own freight quote"
      >
        <input type="hidden" name="quoteSort" value={comparison.sort} />
        <div>
          <label htmlFor="compare-freight" className="mb-1 block text-xs text-slate-600">
            Your own freight quote for the shipment, USD (optional)
          </label>
          <Input
            id="compare-freight"
            name="freight"
            inputMode="decimal"
            maxLength={20}
            defaultValue={
              comparison.buyerFreightCents !== null ? minorToDecimalString(comparison.buyerFreightCents) : ""
            }
            className="w-40"
          />
        </div>
        <Button type="submit" variant="outline" size="sm">
          Recalculate
        </Button>
      </Form>

      <div className="mt-3 hidden overflow-x-auto md:block" data-testid="compare-table">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            Quotes side by side, one column per quote; the best value of each row is marked Best
          </caption>
          <thead>
            <tr>
              <th scope="col" className="w-44 border-b border-slate-200 p-2 text-xs font-medium text-slate-500">
                <span className="sr-only">Row</span>
              </th>
              {quotes.map((q, i) => (
                <th
                  key={q.id}
                  scope="col"
                  className="min-w-44 border-b border-slate-200 p-2 text-xs font-medium text-slate-500"
                >
                  Quote {i + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tableRows.map((row) => (
              <tr key={row.label} className="align-top">
                <th scope="row" className="border-b border-slate-100 p-2 text-xs font-medium text-slate-600">
                  {row.label}
                </th>
                {quotes.map((q) => (
                  <td
                    key={q.id}
                    data-best={isBest(row.best, q.id) ? "true" : undefined}
                    className={cn(
                      "border-b border-slate-100 p-2",
                      isBest(row.best, q.id) && "bg-green-50 ring-1 ring-green-300 ring-inset",
                    )}
                  >
                    {isBest(row.best, q.id) ? <BestMark /> : null}
                    {row.render(q)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="mt-3 space-y-3 md:hidden" data-testid="compare-cards">
        {quotes.map((q, i) => (
          <li key={q.id} className="rounded-lg border border-slate-200 p-3">
            <p className="text-xs font-medium text-slate-500">Quote {i + 1}</p>
            <dl className="mt-1 space-y-2 text-sm">
              {tableRows.map((row) => (
                <div
                  key={row.label}
                  data-best={isBest(row.best, q.id) ? "true" : undefined}
                  className={cn("rounded-md", isBest(row.best, q.id) && "bg-green-50 p-2 ring-1 ring-green-300")}
                >
                  <dt className="text-xs font-medium text-slate-500">
                    {row.label} {isBest(row.best, q.id) ? <BestMark /> : null}
                  </dt>
                  <dd>{row.render(q)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {comparison.sources.length > 0 ? (
        <details className="mt-3 text-xs text-slate-500">
          <summary className="cursor-pointer">Sources of the estimates</summary>
          <ul className="mt-1 list-disc pl-4">
            <ReferenceSourceItems sources={comparison.sources} />
          </ul>
        </details>
      ) : null}
    </section>
  );
}
