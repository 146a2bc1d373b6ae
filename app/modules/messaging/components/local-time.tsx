import { useHydrated } from "~/components/ui/use-hydrated";

const utcFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const timeOnly = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
const sameYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const otherYear = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const full = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A message time in the reader's own time zone: in UTC (and saying so) in the server's HTML, in local time once
 * the page has hydrated, so the two never disagree during hydration. `compact`: the inbox's "3:04 PM" / "Nov 24".
 */
export function LocalTime({ iso, compact = false, className }: { iso: string; compact?: boolean; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  let text: string;
  if (!hydrated) text = `${utcFormat.format(date)} UTC`;
  else if (!compact) text = full.format(date);
  else {
    const now = new Date();
    text =
      date.toDateString() === now.toDateString()
        ? timeOnly.format(date)
        : date.getFullYear() === now.getFullYear()
          ? sameYear.format(date)
          : otherYear.format(date);
  }
  return (
    <time dateTime={iso} title={hydrated ? full.format(date) : undefined} className={className}>
      {text}
    </time>
  );
}
