import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

/** Parts rendered so far whose code is still loading or not yet hydrated. */
const pending = new Set<Promise<void>>();

/** On the server: the lazy parts' code, loading (entry.server.tsx waits for it before rendering a page). */
const loadingOnServer = new Set<Promise<unknown>>();
export function lazyPartsLoaded(): Promise<unknown> | null {
  return loadingOnServer.size > 0 ? Promise.all(loadingOnServer) : null;
}

/**
 * Code the page loads after its first JavaScript that must be there before the page counts as ready for use
 * (a form's schema, `lazySchema`): `lazyPartsSettled` waits for it too. A failed load only settles.
 */
export function settleBeforeReady(loading: Promise<unknown>): void {
  pending.add(
    loading.then(
      () => undefined,
      () => undefined,
    ),
  );
}

/** In the browser: the code of the eager parts of the modules loaded so far, loading or loaded. */
const eagerLoads = new Set<Promise<unknown>>();
/**
 * Resolves once the code of every eager part the page's modules declare has arrived (or failed to). entry.client.tsx
 * hydrates after it, so that React takes over the server's HTML of those parts as it is: a part still waiting for
 * its code during hydration stays dehydrated, and an update reaching it then (a parent re-rendered as hydrated)
 * made React drop its server HTML for the fallback, content gone for a moment (a layout shift).
 */
export function eagerPartsLoaded(): Promise<unknown> {
  return Promise.allSettled(eagerLoads);
}

/** Resolves once every lazily loaded part rendered so far has loaded and hydrated (root's hydration mark waits for it). */
export async function lazyPartsSettled(): Promise<void> {
  while (pending.size > 0) {
    const batch = [...pending];
    await Promise.all(batch);
    for (const done of batch) pending.delete(done);
  }
}

/**
 * A component whose code is not in the page's first JavaScript (route budgets, tests/integration/js-budget.test.ts).
 * The server renders it as usual; in the browser the server's HTML stays until its code has arrived, and then React
 * hydrates it (React.lazy in a Suspense boundary). Use it for widgets whose behaviour is not needed at once
 * (a menu, a toggle, a gallery's chooser); `fallback` shows only when a client-side navigation renders it first.
 * `eager`: the browser fetches the code as soon as a page that may render the part has loaded (alongside
 * hydration, not before it), rather than when the part first renders.
 * `whenVisible`: for a part far down the page with nothing a visitor needs before reaching it (a store's reviews):
 * the server's HTML stays as it is (links and forms work as without JavaScript) and the code is fetched when the
 * part comes near the viewport, so it is not in the page's first load. The page counts as ready without it.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: (props: P) => ReactNode,
  { eager = false, whenVisible = false } = {},
) {
  // whenVisible: opened once an instance has come near the viewport (or was first drawn after hydration)
  let open: () => void = () => {};
  const opened = whenVisible ? new Promise<void>((resolve) => (open = resolve)) : null;
  let settle: (() => void) | null = null;
  let ready: Promise<void> | null = null;
  // in the browser, the code once it has arrived: rendered in place from then on, as on the server (React.lazy would
  // suspend the first render even then, and leave the server's HTML dehydrated a moment longer)
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((Component) => {
      loaded = Component;
      return Component;
    });
  const Lazy = lazy(async () => {
    if (opened) await opened;
    const Component = await loadAndKeep();
    function Hydrated(props: P) {
      useEffect(() => settle?.(), []);
      return <Component {...props} />;
    }
    return { default: Hydrated };
  });
  // The server loads the code at once and renders it in place: a part that suspended there would reach the page
  // only through a streamed script, which a browser without JavaScript never runs.
  let onServer: ComponentType<P> | null = null;
  if (typeof document === "undefined") {
    const loading = load().then((Component) => {
      onServer = Component;
      loadingOnServer.delete(loading);
    });
    loadingOnServer.add(loading);
  }
  // an eager part may first render after hydration (a widget swapped in once the page is hydrated): the page counts
  // as ready for use only once its code is there
  if (eager && typeof document !== "undefined") {
    const loading = loadAndKeep();
    eagerLoads.add(loading);
    settleBeforeReady(loading);
  }
  function LazyPart(props: P) {
    // a part gone before its code arrived (a client-side navigation away) no longer holds the page's ready mark back
    useEffect(() => () => settle?.(), []);
    const marker = useRef<HTMLSpanElement>(null);
    const watched = useRef(false);
    // Rendered again (memo: with new props, a loader's revalidation) before it was opened: open it now. Otherwise the
    // transition that brought the props would wait on code that loads only when scrolled near, and never commit.
    const renders = useRef(0);
    if (whenVisible && renders.current++ > 0) open();
    useEffect(() => {
      if (!whenVisible) return;
      // drawn again with new props, the server's HTML is gone (React draws the part anew): nothing to wait for
      if (watched.current) return open();
      watched.current = true;
      // the server's HTML, still dehydrated, follows the marker behind React's Suspense comment ("$"); a part
      // first drawn by a client-side navigation has none
      const next = marker.current?.nextSibling;
      const target = marker.current?.nextElementSibling;
      const serverHtml = next instanceof Comment && next.data.startsWith("$");
      if (!serverHtml || !target || typeof IntersectionObserver === "undefined") return open();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          open();
        },
        // on entering the viewport: the server's HTML is already there, only its behaviour comes later
        { rootMargin: "0px" },
      );
      observer.observe(target);
      return () => observer.disconnect();
    });
    // decided once per instance: switching from the lazy element to the component itself would remount it
    const [inPlace] = useState(() => onServer ?? loaded);
    if (inPlace) {
      const Component = inPlace;
      // the component itself never suspends: on the server (where every render is in place) the fallback would be
      // built for nothing on every page; in the browser a suspending child of it may still show it
      return (
        <>
          {whenVisible ? <span ref={marker} hidden /> : null}
          <Suspense fallback={fallback && typeof document !== "undefined" ? fallback(props) : null}>
            <Component {...props} />
          </Suspense>
        </>
      );
    }
    if (typeof document !== "undefined" && !ready && !whenVisible) {
      ready = new Promise<void>((resolve) => (settle = resolve));
      pending.add(ready);
    }
    return (
      <>
        {whenVisible ? <span ref={marker} hidden /> : null}
        <Suspense fallback={fallback ? fallback(props) : null}>
          <Lazy {...props} />
        </Suspense>
      </>
    );
  }
  // Memoised: a parent re-rendered before the code has arrived (useHydrated's switch right after hydration) would
  // hand the still-dehydrated boundary new props, and React would then drop the server's HTML for the fallback.
  // With the same props the re-render stops here and the server's HTML stays until the code is there.
  return memo(LazyPart);
}
