import { useLocale } from "~/components/layout/use-root-user";
import { useTranslation } from "~/i18n/use-translation";
import { formatCalendarDate } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import type { FxRate, FxRateSource } from "~/modules/trade/fx-rates-values";

/**
 * What a conversion says of its rate, in the reader's language: "₹88.45 = $1 on 20 Nov 2026, FBIL" in English (as
 * `describeRate` writes it on the server), "₹88.45 = $1 (20 नव॰ 2026, FBIL)" in Hindi.
 */
export function useRateDescription() {
  const { t } = useTranslation(["common"]);
  const locale = useLocale();
  return (rate: Pick<FxRate, "inrPerUsd" | "rateDate"> & { source?: FxRateSource | null }) => {
    const values = {
      rate: formatRate(rate.inrPerUsd),
      date: formatCalendarDate(rate.rateDate, "day-month-year", locale),
    };
    return rate.source
      ? t("common:rate.onFrom", { ...values, source: t(`common:rate.source.${rate.source}`) })
      : t("common:rate.on", values);
  };
}
