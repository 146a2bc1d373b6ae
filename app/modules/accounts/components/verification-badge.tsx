import { BadgeCheck, ShieldQuestion } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";

/**
 * A supplier's verification state, the same on every product card, store and quote: a green "Verified" with a check
 * for a supplier Setu has checked, a grey "Unverified" for every other. The words carry the state, not the colour;
 * the title says what it means.
 */
export function VerificationBadge({
  verified,
  label,
  className,
}: {
  verified: boolean;
  label?: { verified: string; unverified: string };
  className?: string;
}) {
  return verified ? (
    <Badge
      tone="green"
      className={cn("shrink-0", className)}
      title="Setu has checked this supplier's GST, IEC and company registration"
    >
      <BadgeCheck className="size-3.5" aria-hidden /> {label?.verified ?? "Verified"}
    </Badge>
  ) : (
    <Badge
      tone="grey"
      className={cn("shrink-0", className)}
      title="Setu has not verified this supplier's documents yet"
    >
      <ShieldQuestion className="size-3.5" aria-hidden /> {label?.unverified ?? "Unverified"}
    </Badge>
  );
}
