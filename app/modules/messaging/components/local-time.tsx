import { useLocale } from "~/components/layout/use-root-user";
import { formatCalendarDate, formatDate, formatDateTime, formatTime, calendarDateIn } from "~/lib/dates";

/**
 * A message time in the viewer's zone (`timeZone`, from root's loader: the same text on the server and in the
 * browser; UTC, said so, when the zone is not known). `compact`: the inbox's "3:04 PM" / "Nov 24".
 */
export function LocalTime({
  iso,
  timeZone,
  compact = false,
  className,
}: {
  iso: string;
  timeZone: string;
  compact?: boolean;
  className?: string;
}) {
  const locale = useLocale();
  const full = formatDateTime(iso, timeZone, locale);
  let text = full;
  if (compact) {
    const day = calendarDateIn(iso, timeZone);
    const today = calendarDateIn(new Date(), timeZone);
    text =
      day === today
        ? formatTime(iso, timeZone, locale)
        : day.slice(0, 4) === today.slice(0, 4)
          ? formatCalendarDate(day, "month-day", locale)
          : formatDate(iso, timeZone, "medium", locale);
  }
  return (
    <time dateTime={iso} title={compact ? full : undefined} className={className}>
      {text}
    </time>
  );
}
