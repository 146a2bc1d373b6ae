import { useTranslation } from "react-i18next";

/**
 * A record's status as a reader's word for it ("published" → "प्रकाशित"), from `common:status.*`; one the list lacks
 * shows as stored. English keeps the stored words the pages have always shown.
 */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation(["common"]);
  return (status) => t(`common:status.${status}` as "common:status.published", { defaultValue: status });
}
