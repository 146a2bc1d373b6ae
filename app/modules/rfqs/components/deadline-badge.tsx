import { Badge } from "~/components/ui/badge";
import { deadlineBadge } from "~/lib/deadline";

/** 'Expired' once past; 'N days left' when 7 days or fewer remain (spec §4). */
export function DeadlineBadge({ deadline, now }: { deadline: string; now?: Date }) {
  const badge = deadlineBadge(deadline, now);
  if (!badge) return null;
  if (badge.kind === "expired") return <Badge tone="red">Expired</Badge>;
  return <Badge tone="amber">{badge.days} days left</Badge>;
}
