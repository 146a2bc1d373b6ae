// Setu's own part of the service worker, which the build (vite.config.ts, workbox-build's generateSW) imports
// before Workbox's routes. Nothing personal is cached (pages and data are network-only: decision record 0056);
// still, signing out empties every runtime cache, so a shared phone keeps nothing of the session.
const SIGN_OUT_PATHS = new Set(["/auth/sign-out", "/auth/sign-out.data"]);

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.origin !== self.location.origin || !SIGN_OUT_PATHS.has(url.pathname))
    return;
  // no respondWith: the sign-out itself goes to the network as it would without a service worker
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !name.includes("precache")).map((name) => caches.delete(name)))),
  );
});
