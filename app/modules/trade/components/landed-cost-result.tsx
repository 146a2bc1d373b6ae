import { formatMoney } from "~/lib/money";
import type { ProductLandedCost } from "../landed-cost-calculator.schema";
import { formatDay, LandedCostBreakdown, ReferenceSourceItems } from "./landed-cost-breakdown";

const HOW: Record<"zip" | "port" | "state" | "default", string> = {
  zip: "by its ZIP code",
  port: "by name",
  state: "by its state",
  default: "Setu's default: no ZIP code, port or state was recognised",
};

/** A landed-cost estimate on a product page (landed-cost-calculator.tsx): per unit, the route and its breakdown. */
export function LandedCostResult({
  result,
  unit,
  moq,
}: {
  result: NonNullable<ProductLandedCost["result"]>;
  unit: string;
  moq: number;
}) {
  return (
    <div className="mt-5 border-t border-slate-200 pt-4" role="region" aria-label="Landed cost estimate">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">Estimate</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">
        {result.estimate.complete ? "" : "at least "}
        {formatMoney(result.estimate.perUnitCents)}{" "}
        <span className="text-sm font-normal text-slate-600">per unit landed</span>
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {formatMoney(result.unitPriceCents)} a unit
        {result.tierMinQuantity
          ? ` (price break from ${result.tierMinQuantity.toLocaleString("en-US")} ${unit})`
          : " (the lowest listed price)"}
        , FOB {result.route.originName}
        {result.route.originDefaulted ? " (default port)" : ""} → {result.route.destinationName}, {result.usPort.name}{" "}
        found {HOW[result.usPort.how]}.
      </p>
      {result.belowMoq ? (
        <p className="mt-1 text-xs text-amber-800">
          Below the minimum order of {moq.toLocaleString("en-US")} {unit}.
        </p>
      ) : null}
      <div className="mt-3">
        <LandedCostBreakdown estimate={result.estimate} unit={unit} />
      </div>
      <ul className="mt-3 space-y-0.5 text-xs text-slate-500">
        <li>Rates in force on {formatDay(result.date)}.</li>
        <ReferenceSourceItems sources={result.sources} />
      </ul>
    </div>
  );
}
