import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatUnitPrice } from "~/lib/money";
import type { PriceTierLadder } from "../product-detail.server";

const SINGULAR: Record<string, string> = {
  pieces: "piece",
  tons: "ton",
  liters: "liter",
  meters: "meter",
  sets: "set",
};
const count = (n: number) => n.toLocaleString("en-US");

/** "500–999 pieces" or, for the last break, "1,000+ pieces". */
export function tierQuantityLabel(minQuantity: number, nextMinQuantity: number | undefined, unit: string): string {
  return nextMinQuantity === undefined
    ? `${count(minQuantity)}+ ${unit}`
    : `${count(minQuantity)}–${count(nextMinQuantity - 1)} ${unit}`;
}

export type QuantityRow = {
  /** the break's id, or null for the quantities from the MOQ up to the first break, at the price without a break */
  tierId: string | null;
  minQuantity: number;
  nextMinQuantity: number | undefined;
  unitPriceCents: number;
};

/**
 * A ladder's rows from the minimum order quantity up (issue 37): a first break above the MOQ (20,000 for an MOQ of
 * 5,000) leaves 5,000–19,999 priced at the ladder's base price, as the product form reads "no break", never unpriced.
 */
export function quantityRows(ladder: PriceTierLadder, moq: number): QuantityRow[] {
  const rows: QuantityRow[] = ladder.tiers.map((tier, i) => ({
    tierId: tier.id,
    minQuantity: tier.minQuantity,
    nextMinQuantity: ladder.tiers[i + 1]?.minQuantity,
    unitPriceCents: tier.unitPriceCents,
  }));
  const first = rows[0];
  return first && first.minQuantity > moq
    ? [
        { tierId: null, minQuantity: moq, nextMinQuantity: first.minQuantity, unitPriceCents: ladder.basePriceCents },
        ...rows,
      ]
    : rows;
}

/**
 * The product page's price breaks: one table per ladder (the whole product's, or a variant's), each row a quantity
 * range and its price per unit, with a link that starts an RFQ for that quantity at that price as the target.
 */
export function PriceBreaks({
  ladders,
  moq,
  unit,
  quoteHref,
  className,
}: {
  ladders: PriceTierLadder[];
  moq: number;
  unit: string;
  /** the RFQ for a break's quantity at its price; null: the RFQ for the MOQ. Null on the supplier's own product. */
  quoteHref: ((tierId: string | null) => string) | null;
  className?: string;
}) {
  const perUnit = SINGULAR[unit] ?? unit;
  return (
    <Card role="region" aria-labelledby="price-breaks-heading" className={cn("p-5", className)}>
      <h2 id="price-breaks-heading" className="text-lg font-semibold">
        Volume pricing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The more you order, the less each {perUnit} costs. Pick a quantity to request a quote at that price.
      </p>
      {ladders.map((ladder) => {
        const title = ladders.length > 1 || ladder.variantSku !== "" ? ladder.label : null;
        return (
          <div key={ladder.variantSku} className="mt-4">
            {title ? <h3 className="text-sm font-semibold text-slate-800">{title}</h3> : null}
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">
                Price per {perUnit} by order quantity{title ? `, ${title}` : ""}
              </caption>
              <thead className="border-b border-slate-200 text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Price (USD)
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    <span className="sr-only">Request a quote</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {quantityRows(ladder, moq).map((row) => {
                  const quantity = tierQuantityLabel(row.minQuantity, row.nextMinQuantity, unit);
                  const price = formatUnitPrice(row.unitPriceCents);
                  return (
                    <tr key={row.tierId ?? "base"}>
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900 tabular-nums">
                        {quantity}
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        <span className="font-semibold text-slate-900">{price}</span>{" "}
                        <span className="text-slate-500">/ {perUnit}</span>
                      </td>
                      <td className="py-2 text-right">
                        {quoteHref ? (
                          <Link
                            to={quoteHref(row.tierId)}
                            aria-label={`Quote ${quantity}${title ? ` of ${title}` : ""} at ${price} per ${perUnit}`}
                            className="whitespace-nowrap text-sm font-medium text-brand-700 hover:underline"
                          >
                            Quote
                          </Link>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </Card>
  );
}
