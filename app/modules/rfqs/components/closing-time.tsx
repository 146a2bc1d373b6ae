import { memo, useEffect, useState } from "react";
import { useLocale } from "~/components/layout/use-root-user";
import { describeClosing, isTimeZone } from "~/lib/deadline";

/** The browser's IANA zone, once hydrated; `fallback` on the server and in the first render (no hydration mismatch). */
export function useViewerTimeZone(fallback: string): string {
  const [zone, setZone] = useState(fallback);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && isTimeZone(own)) setZone(own);
  }, []);
  return zone;
}

/**
 * When an RFQ closes: "30 Nov, 11:59 PM ET · 1 Dec, 10:29 AM IST". The server renders it in the RFQ's own zone
 * (the buyer's); after hydration it is said again in the viewer's. `withIndia` adds IST, for suppliers.
 * Memoised: formatting dates is a good part of an RFQ page's render, which its page repeats while it hydrates.
 */
export const ClosingTime = memo(function ClosingTime({
  closesAt,
  timeZone,
  withIndia,
  className,
}: {
  closesAt: string;
  timeZone: string | null;
  withIndia: boolean;
  className?: string;
}) {
  const zone = useViewerTimeZone(timeZone ?? "UTC");
  const locale = useLocale();
  return (
    <time dateTime={closesAt} className={className}>
      {describeClosing(closesAt, zone, withIndia, locale)}
    </time>
  );
});
