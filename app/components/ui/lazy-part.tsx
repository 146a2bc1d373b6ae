import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from "react";

/** Parts rendered so far whose code is still loading or not yet hydrated. */
const pending = new Set<Promise<void>>();

/** On the server: the lazy parts' code, loading (entry.server.tsx waits for it before rendering a page). */
const loadingOnServer = new Set<Promise<unknown>>();
export function lazyPartsLoaded(): Promise<unknown> | null {
  return loadingOnServer.size > 0 ? Promise.all(loadingOnServer) : null;
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
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: (props: P) => ReactNode, { eager = false } = {}) {
  let settle: (() => void) | null = null;
  let ready: Promise<void> | null = null;
  const Lazy = lazy(async () => {
    const Component = await load();
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
  if (eager && typeof document !== "undefined") void load().catch(() => undefined);
  function LazyPart(props: P) {
    if (onServer) {
      const Component = onServer;
      return (
        <Suspense fallback={fallback ? fallback(props) : null}>
          <Component {...props} />
        </Suspense>
      );
    }
    if (typeof document !== "undefined" && !ready) {
      ready = new Promise<void>((resolve) => (settle = resolve));
      pending.add(ready);
    }
    return (
      <Suspense fallback={fallback ? fallback(props) : null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
