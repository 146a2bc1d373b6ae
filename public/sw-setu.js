// Setu's own part of the service worker, which the build (vite.config.ts, workbox-build's generateSW) imports
// before Workbox's routes (decision record 0056).
const SIGN_OUT_PATHS = new Set(["/auth/sign-out", "/auth/sign-out.data"]);

// Nothing personal is cached (pages and data are network-only); still, signing out empties every runtime cache, the
// kept drafts, and ends this device's push subscription, so a shared phone keeps nothing of the session and gets no
// one's pushes.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.origin !== self.location.origin || !SIGN_OUT_PATHS.has(url.pathname))
    return;
  // no respondWith: the sign-out itself goes to the network as it would without a service worker
  event.waitUntil(
    Promise.all([
      clearDrafts(),
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter((name) => !name.includes("precache")).map((name) => caches.delete(name))),
        ),
      // the push service then answers 410 for it, and Setu deletes the stored subscription
      self.registration.pushManager
        .getSubscription()
        .then((subscription) => subscription && subscription.unsubscribe())
        .catch(() => undefined),
    ]),
  );
});

// The unsent form texts kept on the device (app/lib/drafts.ts, idb-keyval's store: same names), of every account.
function clearDrafts() {
  return new Promise((resolve) => {
    const opening = indexedDB.open("setu-drafts");
    opening.onupgradeneeded = () => opening.result.createObjectStore("drafts");
    opening.onerror = () => resolve();
    opening.onblocked = () => resolve();
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains("drafts")) {
        db.close();
        resolve();
        return;
      }
      const clearing = db.transaction("drafts", "readwrite");
      clearing.objectStore("drafts").clear();
      clearing.oncomplete = clearing.onerror = clearing.onabort = () => {
        db.close();
        resolve();
      };
    };
  });
}

// A push from Setu (modules/notifications/push.server.ts): { title, body, url, tag }, shown as a notification.
self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Setu", {
      body: notice.body || "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: notice.tag,
      data: { url: typeof notice.url === "string" && notice.url.startsWith("/") ? notice.url : "/notifications" },
    }),
  );
});

// Tapping it opens its page: the window already showing it, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/notifications", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      const showing = windows.find((client) => client.url === url);
      return showing ? showing.focus() : self.clients.openWindow(url);
    }),
  );
});
