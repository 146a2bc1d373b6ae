import { Calculator } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/field";
import { lazyPart } from "~/components/ui/lazy-part";
import type { ProductLandedCost } from "../landed-cost-calculator.schema";

/** The estimate, only once one was asked for: its code (and the breakdown's) is not in the product page's first load. */
const LandedCostResult = lazyPart(() => import("./landed-cost-result").then((m) => m.LandedCostResult));

/**
 * "Estimate landed cost" on a product page: a GET form (works without JavaScript; the server renders the estimate),
 * the product's price taken as FOB.
 */
export function LandedCostCalculator({
  calculator,
  unit,
  moq,
}: {
  calculator: ProductLandedCost;
  unit: string;
  moq: number;
}) {
  const { raw, errors, result } = calculator;
  return (
    <Card className="h-fit p-6" id="landed-cost">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Calculator className="size-5 text-slate-400" aria-hidden /> Estimate landed cost
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What this product costs delivered to a US port: price (as FOB), freight, insurance, duty and fees.
      </p>
      <Form method="get" preventScrollReset className="mt-4 space-y-3" aria-label="Estimate landed cost">
        <Field id="calc-qty" label={`Quantity (${unit})`} error={errors.qty}>
          <Input
            id="calc-qty"
            name="qty"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            defaultValue={raw.qty || String(moq)}
            aria-invalid={errors.qty ? true : undefined}
            aria-describedby={errors.qty ? "calc-qty-error" : undefined}
          />
        </Field>
        <Field
          id="calc-to"
          label="US ZIP code or port"
          error={errors.to}
          hint="For example 60607, Savannah or Houston, TX"
        >
          <Input
            id="calc-to"
            name="to"
            type="text"
            required
            maxLength={120}
            defaultValue={raw.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "calc-to-error" : undefined}
          />
        </Field>
        <Field id="calc-mode" label="Shipping by">
          <Select id="calc-mode" name="mode" defaultValue={raw.mode || "ocean"}>
            <option value="ocean">Ocean</option>
            <option value="air">Air</option>
          </Select>
        </Field>
        <Field
          id="calc-freight"
          label="Your own freight quote in USD (optional)"
          error={errors.freight}
          hint="Your forwarder's price for the whole shipment; empty uses Setu's lane estimate"
        >
          <Input
            id="calc-freight"
            name="freight"
            type="text"
            inputMode="decimal"
            maxLength={20}
            defaultValue={raw.freight}
            aria-invalid={errors.freight ? true : undefined}
            aria-describedby={errors.freight ? "calc-freight-error" : undefined}
          />
        </Field>
        <Button type="submit" className="w-full">
          Estimate
        </Button>
      </Form>
      {result ? <LandedCostResult result={result} unit={unit} moq={moq} /> : null}
    </Card>
  );
}
