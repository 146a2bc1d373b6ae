import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { TIME_ZONE_COOKIE } from "~/lib/time-zone-cookie";

/** Events that change what a page shows: the page re-reads its loaders (events carry ids, never content). */
const REREAD_ON = ["notification", "message", "read", "order", "resync"] as const;

/** When the server refuses or cannot be reached, EventSource gives up: try again after this, doubling. */
const RETRY_AFTER_MS = 5_000;
const RETRY_AT_MOST_MS = 5 * 60_000;

/**
 * Runs the re-reads the events ask for: at most one at a time (the events of a burst that arrive meanwhile cost one
 * more), and none while held (`hold`), i.e. while the page loads another location (see `holdsRereads`). A re-read
 * asked for meanwhile runs once the hold ends.
 */
export function createRereader(revalidate: () => Promise<unknown>) {
  let stopped = false;
  let running = false;
  let held = false;
  let again = false;

  const reread = async (): Promise<void> => {
    if (stopped) return;
    if (running || held) {
      again = true;
      return;
    }
    running = true;
    try {
      await revalidate();
    } catch {
      // a failed revalidation shows its own error boundary; the next event tries again
    } finally {
      running = false;
      if (again && !held && !stopped) {
        again = false;
        void reread();
      }
    }
  };

  return {
    reread,
    /** Whether the page is navigating (or submitting): re-reads wait for it to end. */
    hold(busy: boolean) {
      held = busy;
      if (!busy && again && !running && !stopped) {
        again = false;
        void reread();
      }
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * Whether a re-read must wait for the navigation under way. React Router's revalidate() while a page loads aborts the
 * loads' fetch and starts another, after the server had already answered the first: the page loads twice, and the
 * flash notice that answer carried was lost when it cleared the notice's cookie (a load by the page's JavaScript no
 * longer clears it, and the page shows each notice once: flash.server.ts, root.tsx). So a re-read waits while a
 * location loads. Not while a form is submitted, nor
 * while the loaders run again after an action that answered with data: there React Router takes the re-read into
 * the action's own reload, which keeps the action's answer (a re-read after it would drop it: the card's "Your card
 * was declined." went from its field, and the milestone's last failure showed a second time).
 */
export function holdsRereads(navigation: { state: string; formMethod?: string }): boolean {
  return navigation.state === "loading" && !(navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET");
}

/**
 * Keeps a signed-in user's page current: listens to /api/events and, on each event, revalidates the
 * loaders (the header's bell, the inbox, an open thread…). At most one revalidation runs at a time; the
 * events of a burst that arrive meanwhile cost one more. Reconnecting is EventSource's own; when it gives
 * up (the server refused or was gone), a new one is opened with a growing delay, and re-reads when it opens.
 * A new stream opens when the user changes (`userId`: null when signed out).
 * `document.documentElement.dataset.live` is "open" while the stream is (browser tests wait for it).
 */
export function useLiveEvents(userId: string | null) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const busy = holdsRereads(useNavigation());
  const rereader = useRef<ReturnType<typeof createRereader> | null>(null);
  const busyNow = useRef(busy);
  useEffect(() => {
    busyNow.current = busy;
    rereader.current?.hold(busy);
  }, [busy]);

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_AFTER_MS;
    let connectedBefore = false;
    const scheduler = createRereader(() => revalidate.current());
    scheduler.hold(busyNow.current);
    rereader.current = scheduler;
    const reread = scheduler.reread;

    const connect = () => {
      source = new EventSource("/api/events");
      const opened = () => {
        document.documentElement.dataset.live = "open";
        delay = RETRY_AFTER_MS;
        if (connectedBefore) void reread();
        connectedBefore = true;
      };
      source.addEventListener("ready", opened);
      source.addEventListener("resync", () => {
        document.documentElement.dataset.live = "open";
        connectedBefore = true;
        void reread();
      });
      for (const name of REREAD_ON.filter((n) => n !== "resync")) source.addEventListener(name, () => void reread());
      source.addEventListener("error", () => {
        delete document.documentElement.dataset.live;
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_AT_MOST_MS);
      });
    };
    connect();

    return () => {
      stopped = true;
      scheduler.stop();
      if (rereader.current === scheduler) rereader.current = null;
      clearTimeout(retry);
      source?.close();
      delete document.documentElement.dataset.live;
    };
  }, [userId]);
}

/**
 * Tells the server the browser's time zone once (the `tz` cookie), so signed-in pages render their times in the
 * viewer's zone on the server and in the browser alike (app/lib/dates.ts). Only signed-in pages show times.
 */
function useTimeZoneCookie() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);
}

/** A signed-in page's live events, as a component (root loads it on demand: anonymous visitors never need it). */
export function LiveEvents({ userId }: { userId: string }) {
  useLiveEvents(userId);
  useTimeZoneCookie();
  return null;
}
