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

/**
 * The product page's price breaks: one table per ladder (the whole product's, or a variant's), each row a quantity
 * range and its price per unit, with a link that starts an RFQ for that quantity at that price as the target.
 */
export function PriceBreaks({
  ladders,
  unit,
  quoteHref,
  className,
}: {
  ladders: PriceTierLadder[];
  unit: string;
  quoteHref: (tierId: string) => string;
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
                {ladder.tiers.map((tier, i) => {
                  const quantity = tierQuantityLabel(tier.minQuantity, ladder.tiers[i + 1]?.minQuantity, unit);
                  const price = formatUnitPrice(tier.unitPriceCents);
                  return (
                    <tr key={tier.id}>
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900 tabular-nums">
                        {quantity}
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        <span className="font-semibold text-slate-900">{price}</span>{" "}
                        <span className="text-slate-500">/ {perUnit}</span>
                      </td>
                      <td className="py-2 text-right">
                        <Link
                          to={quoteHref(tier.id)}
                          aria-label={`Quote ${quantity}${title ? ` of ${title}` : ""} at ${price} per ${perUnit}`}
                          className="whitespace-nowrap text-sm font-medium text-brand-700 hover:underline"
                        >
                          Quote
                        </Link>
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
