import { useTranslation } from "~/i18n/use-translation";

/**
 * A unit of quantity in the reader's words (`common:units.*`; "pieces" → "पीस"), for an amount ("2,000 pieces") and
 * for one ("per piece"); a unit the list lacks shows as stored. The stored value stays the form's value.
 */
export function useUnitLabel() {
  const { t } = useTranslation(["common"]);
  return {
    many: (unit: string) => t(`common:units.${unit}` as "common:units.pieces", { defaultValue: unit }),
    one: (unit: string) =>
      t(`common:unitOne.${unit}` as "common:unitOne.pieces", { defaultValue: unit.replace(/s$/, "") }),
  };
}
