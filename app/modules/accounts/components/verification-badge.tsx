import { BadgeCheck, ShieldQuestion } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { useTranslation } from "~/i18n/use-translation";

type BadgeLabel = { verified: string; unverified: string; verifiedTitle?: string; unverifiedTitle?: string };

/**
 * The badge's words and titles in the page's language (`verification:badge.*`), for a page that lists the
 * `verification` namespace: `<VerificationBadge label={useVerificationBadgeLabel()} />`. Pages that do not (the
 * buyers' pages) keep the English words.
 */
export function useVerificationBadgeLabel(): Required<BadgeLabel> {
  const { t } = useTranslation(["verification"]);
  return {
    verified: t("verification:badge.verified"),
    unverified: t("verification:badge.unverified"),
    verifiedTitle: t("verification:badge.verifiedTitle"),
    unverifiedTitle: t("verification:badge.unverifiedTitle"),
  };
}

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
  label?: BadgeLabel;
  className?: string;
}) {
  return verified ? (
    <Badge
      tone="green"
      className={cn("shrink-0", className)}
      title={label?.verifiedTitle ?? "Setu has checked this supplier's GST, IEC and company registration"}
    >
      <BadgeCheck className="size-3.5" aria-hidden /> {label?.verified ?? "Verified"}
    </Badge>
  ) : (
    <Badge
      tone="grey"
      className={cn("shrink-0", className)}
      title={label?.unverifiedTitle ?? "Setu has not verified this supplier's documents yet"}
    >
      <ShieldQuestion className="size-3.5" aria-hidden /> {label?.unverified ?? "Unverified"}
    </Badge>
  );
}
