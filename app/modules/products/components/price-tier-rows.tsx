import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";

type TierFields = { minQuantity: FieldMetadata<unknown>; unitPrice: FieldMetadata<unknown> };
export type TierRow = TierFields & { key: string; index: number; hidden?: ReactNode };

const SINGULAR: Record<string, string> = {
  pieces: "piece",
  tons: "ton",
  liters: "liter",
  meters: "meter",
  sets: "set",
};

/** The rows of a Conform list of price breaks, as PriceTierRows shows them. */
export function tierRowsOf(
  list: FieldMetadata<{ minQuantity?: unknown; unitPrice?: unknown }[] | undefined>,
): TierRow[] {
  return list.getFieldList().map((item, index) => {
    const row = item.getFieldset();
    return {
      key: item.key ?? String(index),
      index,
      minQuantity: row.minQuantity as FieldMetadata<unknown>,
      unitPrice: row.unitPrice as FieldMetadata<unknown>,
    };
  });
}

/**
 * A ladder of price breaks in a form: per row the quantity it starts at and the price per unit, each with its
 * label and the schema's message. `onAdd`/`onRemove` are given where JavaScript runs (a form without it offers
 * an empty row instead, and an emptied row is removed).
 */
export function PriceTierRows({
  legend,
  hint,
  rows,
  unit,
  onAdd,
  onRemove,
  valueOf,
}: {
  legend: string;
  hint?: string;
  rows: TierRow[];
  unit: string;
  onAdd?: () => void;
  onRemove?: (index: number) => void;
  valueOf: (field: FieldMetadata<unknown>) => { defaultValue?: string };
}) {
  const { t } = useTranslation(["products"]);
  const perUnit = SINGULAR[unit] ?? unit;
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {rows.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {rows.map((row, position) => {
            return (
              <li key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 sm:max-w-lg">
                {row.hidden}
                <div>
                  <Label htmlFor={row.minQuantity.id} className="text-xs text-slate-600">
                    <span className="sr-only">{t("products:tiers.break", { n: position + 1 })}</span>
                    {t("products:tiers.from", { unit })}
                  </Label>
                  <Input
                    {...getInputProps(row.minQuantity, { type: "number" })}
                    {...valueOf(row.minQuantity)}
                    min={1}
                    step={1}
                    inputMode="numeric"
                  />
                </div>
                <div>
                  <Label htmlFor={row.unitPrice.id} className="text-xs text-slate-600">
                    <span className="sr-only">{t("products:tiers.break", { n: position + 1 })}</span>
                    {t("products:tiers.usdPer", { unit: perUnit })}
                  </Label>
                  <Input
                    {...getInputProps(row.unitPrice, { type: "number" })}
                    {...valueOf(row.unitPrice)}
                    min={0.01}
                    step={0.01}
                    inputMode="decimal"
                  />
                </div>
                {onRemove ? (
                  <button
                    type="button"
                    onClick={() => onRemove(row.index)}
                    className="mt-6 rounded p-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                    aria-label={t("products:tiers.remove", { n: position + 1, legend })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                ) : (
                  <span />
                )}
                {[row.minQuantity, row.unitPrice].map((field) =>
                  field.errors?.[0] ? (
                    <p key={field.errorId} id={field.errorId} role="alert" className="col-span-3 text-sm text-red-600">
                      {field.errors[0]}
                    </p>
                  ) : null,
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
      {onAdd ? (
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onAdd}>
          <Plus className="size-4" aria-hidden /> {t("products:tiers.add")} <span className="sr-only">({legend})</span>
        </Button>
      ) : null}
    </fieldset>
  );
}
