import { formatCalendarDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { MISSING_INPUT_LABELS, type LandedCostEstimate } from "../landed-cost";

/** A percentage as stored ("9.1000") for reading: "9.1 %". */
export function formatPercent(percent: string): string {
  const [whole, fraction = ""] = percent.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}${trimmed ? `.${trimmed}` : ""} %`;
}

/** A calendar date ('YYYY-MM-DD') as "Nov 20, 2026". */
export function formatDay(day: string): string {
  return formatCalendarDate(day);
}

const kg = new Intl.NumberFormat("en-US");

function freightDetail(e: LandedCostEstimate): string {
  const f = e.freight;
  if (!f) return "";
  if (f.basis === "buyer") return "your own figure";
  const lane = f.lane ? `${f.lane.originPort} → ${f.lane.destinationPort} by ${f.lane.mode}` : "";
  if (f.basis === "containers")
    return `${f.containers} × 40 ft container${f.containers === 1 ? "" : "s"} at ${formatMoney(f.lane!.perContainerCents!)}, ${lane}`;
  return `${kg.format(f.chargeableKg!)} kg at ${formatMoney(f.lane!.perKgCents!)}/kg, ${lane}`;
}

/** The parts of a landed-cost estimate, each with its rate and source, and what it leaves out. */
export function LandedCostBreakdown({ estimate: e, unit }: { estimate: LandedCostEstimate; unit?: string }) {
  const row = (label: React.ReactNode, cents: number | null, detail?: React.ReactNode, key?: string) => (
    <div key={key} className="flex items-baseline justify-between gap-3 py-1">
      <dt className="min-w-0 text-slate-600">
        {label}
        {detail ? <span className="block text-xs text-slate-500">{detail}</span> : null}
      </dt>
      <dd className="shrink-0 tabular-nums text-slate-900">{cents === null ? "—" : formatMoney(cents)}</dd>
    </div>
  );
  const mpfClamp =
    e.mpfCents !== null &&
    e.rates.mpf &&
    (e.mpfCents === e.rates.mpf.minCents
      ? " (the minimum)"
      : e.mpfCents === e.rates.mpf.maxCents
        ? " (the maximum)"
        : "");
  return (
    <div className="text-sm">
      <dl className="divide-y divide-slate-100">
        {row(`Price (${e.incoterm}, ${kg.format(e.quantity)}${unit ? ` ${unit}` : ""})`, e.goodsValueCents)}
        {e.freight || e.missing.includes("weight") || e.missing.includes("freight-lane")
          ? row(
              "Freight to the US port",
              e.freight?.amountCents ?? null,
              e.freight ? freightDetail(e) : "not estimated",
            )
          : null}
        {e.insuranceCents !== null
          ? row(
              "Cargo insurance",
              e.insuranceCents,
              e.rates.insurance
                ? `${formatPercent(e.rates.insurance.ratePercent)} of 110 % of goods and freight`
                : undefined,
            )
          : null}
        {e.customsValueCents !== e.goodsValueCents
          ? row("Customs value (not paid: the base of duty and fees)", e.customsValueCents)
          : null}
        {e.duties.map((d, i) =>
          row(
            d.kind === "general"
              ? `Duty ${formatPercent(d.ratePercent)} (HS ${d.hsPrefix})`
              : `${d.description} ${formatPercent(d.ratePercent)}`,
            d.amountCents,
            d.kind === "general"
              ? `${d.description}; ${d.source}${d.asOf ? `, as of ${formatDay(d.asOf)}` : ""}`
              : d.source,
            `duty-${i}`,
          ),
        )}
        {e.mpfCents !== null && e.rates.mpf
          ? row(
              "Merchandise Processing Fee",
              e.mpfCents,
              `${formatPercent(e.rates.mpf.ratePercent)}${mpfClamp}; ${e.rates.mpf.source}`,
            )
          : null}
        {e.hmfCents !== null && e.rates.hmf
          ? row("Harbor Maintenance Fee", e.hmfCents, `${formatPercent(e.rates.hmf.ratePercent)}, ocean only`)
          : null}
        <div className="flex items-baseline justify-between gap-3 py-1 font-semibold">
          <dt>Landed total (estimate)</dt>
          <dd className="tabular-nums">{formatMoney(e.totalCents)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 py-1 font-semibold">
          <dt>Per unit (estimate)</dt>
          <dd className="tabular-nums">{formatMoney(e.perUnitCents)}</dd>
        </div>
      </dl>
      {e.missing.length > 0 ? (
        <ul className="mt-2 space-y-1 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          {e.missing.map((m) => (
            <li key={m}>{MISSING_INPUT_LABELS[m]}: the total is too low.</li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-2 list-disc space-y-0.5 pl-4 text-xs text-slate-500">
        {e.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

/** Where an estimate's figures come from, each with its date. */
export function ReferenceSourceItems({
  sources,
}: {
  sources: { label: string; source: string; since: string; dateKind: "since" | "as of" }[];
}) {
  return sources.map((s) => (
    <li key={s.label + s.source}>
      {s.label}: {s.source} ({s.dateKind} {formatDay(s.since)})
    </li>
  ));
}
