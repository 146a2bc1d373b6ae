import { lazy, Suspense, useEffect, useState } from "react";

/**
 * Toasts (sonner), loaded on demand: most page views show none, so neither sonner nor its Toaster is in a
 * page's JavaScript until the first toast. Sonner replays toasts created before its Toaster subscribed.
 */
type Kind = "success" | "error" | "info" | "message";

const loadToaster = () => import("./toaster");
const SonnerToaster = lazy(loadToaster);

let wanted = false;
const onWanted = new Set<() => void>();

function show(kind: Kind, message: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of onWanted) listener();
  }
  void loadToaster().then(({ toast: sonner }) => (kind === "message" ? sonner(message) : sonner[kind](message)));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  message: (message: string) => show("message", message),
};

/** Root's toaster: nothing until a toast is shown, then sonner's Toaster. */
export function Toasts() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (wanted) {
      setMounted(true);
      return;
    }
    const listener = () => setMounted(true);
    onWanted.add(listener);
    return () => void onWanted.delete(listener);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
