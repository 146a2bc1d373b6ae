import { Badge } from "~/components/ui/badge";
import { deadlineBadgeLabel } from "~/lib/deadline";

/** 'Expired' once past; '1 day left' / 'N days left' when 7 days or fewer remain (spec §4). */
export function DeadlineBadge({ closesAt, now }: { closesAt: string; now?: Date }) {
  const label = deadlineBadgeLabel(closesAt, now);
  if (!label) return null;
  return <Badge tone={label === "Expired" ? "red" : "amber"}>{label}</Badge>;
}
