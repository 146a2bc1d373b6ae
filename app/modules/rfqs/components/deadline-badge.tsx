import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/i18n/use-translation";
import { deadlineBadge, deadlineBadgeLabel } from "~/lib/deadline";

/** 'Expired' once past; '1 day left' / 'N days left' when 7 days or fewer remain (spec §4), in the page's language. */
export function DeadlineBadge({ closesAt, now }: { closesAt: string; now?: Date }) {
  const { t } = useTranslation(["rfqs"]);
  const label = deadlineBadgeLabel(closesAt, now, {
    expired: t("rfqs:deadline.expired"),
    daysLeft: (count) => t("rfqs:deadline.daysLeft", { count }),
  });
  if (!label) return null;
  return <Badge tone={deadlineBadge(closesAt, now)?.kind === "expired" ? "red" : "amber"}>{label}</Badge>;
}
