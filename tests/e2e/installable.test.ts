import sharp from "sharp";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpSeller } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * The installable app (issue #43 item 2, decision record 0056): the manifest the pages link, the service worker the
 * build writes, the offline page it shows for a page without a connection, and what it keeps (never a page).
 */

/** Every URL the page's origin holds in Cache Storage, by cache. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

/** Waits for the page's service worker to be active, and returns its script's path. */
function activeServiceWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: new URL(registration.active!.scriptURL).pathname, scope: new URL(registration.scope).pathname };
  });
}

describe("the installable app", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 360, height: 740 } });
  });
  afterAll(() => browser?.close());

  it("links a manifest with Setu's name, colours, start page and icons a phone can fetch", async () => {
    const { page } = browser;
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Setu",
      short_name: "Setu",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#2563eb",
      background_color: "#ffffff",
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
    // what installability asks for: a 192 and a 512 px icon, plus one a launcher may cut to its own shape
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      const { width, height, format } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe("png");
    }
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect((await page.request.get(touchIcon!)).status()).toBe(200);
  });

  it("installs the service worker, and shows the offline page for a page opened without a connection", async () => {
    const { page, context } = browser;
    await page.goto("/browse");
    expect(await activeServiceWorker(page)).toEqual({ script: "/sw.js", scope: "/" });
    // the worker's scripts are checked for a new version on every visit, never kept an hour as other files are
    for (const script of ["/sw.js", "/sw-setu.js"])
      expect((await page.request.get(script)).headers()["cache-control"], script).toBe("no-cache");
    // what it keeps ahead of time: the offline page and the icons, nothing that is a page of the site
    const cached = await cachedUrls(page);
    const precache = Object.entries(cached).find(([name]) => name.includes("precache"));
    expect(precache?.[1]).toEqual(expect.arrayContaining(["/offline.html", "/icons/icon-192.png"]));

    await context.setOffline(true);
    try {
      const offline = await page.goto("/rfqs");
      expect(offline?.status()).toBe(200);
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
      // the address stays the page asked for: "Try again" loads it once the connection is back
      expect(new URL(page.url()).pathname).toBe("/rfqs");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "offline-page");
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("link", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Requests for Quote", level: 1 }).waitFor();
  });

  it("shows a push from Setu as a notification, carrying the page it opens", async () => {
    const { page, context } = browser;
    await context.grantPermissions(["notifications"]);
    await page.goto("/browse");
    await activeServiceWorker(page);
    // a push delivered to the worker as a push service would (DevTools protocol), with Setu's payload
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${new URL(page.url()).origin}/`);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registered;
    const deliver = () =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: new URL(page.url()).origin,
        registrationId,
        data: JSON.stringify({
          title: "A new RFQ matches your products",
          body: '"Block-printed napkins", 2,000 pieces',
          url: "/rfqs",
          tag: "rfq_matched:test",
        }),
      });
    await deliver();
    let deliveredAt = Date.now();
    // a worker woken for the push on a loaded machine (four files on two cores) once took longer than 15 s, and in
    // one whole run the DevTools delivery was lost (nothing shown in 60 s); a push service keeps a push the browser
    // has not taken and sends it again, so this does too, every 15 s; the tag makes a second one replace the first
    await expect
      .poll(
        async () => {
          const shown = await page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              data: n.data as unknown,
            })),
          );
          if (shown.length === 0 && Date.now() - deliveredAt > 15_000) {
            await deliver();
            deliveredAt = Date.now();
          }
          return shown;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toEqual([
        {
          title: "A new RFQ matches your products",
          body: '"Block-printed napkins", 2,000 pieces',
          tag: "rfq_matched:test",
          data: { url: "/rfqs" },
        },
      ]);
    await cdp.detach();
  });

  it("never keeps a signed-in page, and empties its caches at sign-out", async () => {
    const { page, context } = browser;
    await signUpSeller(page, { email: `installable-${Date.now()}@example.test`, company: "Jaipur Block Prints" });
    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
    await activeServiceWorker(page);
    // only the site's hashed files and the precached offline page and icons: no page, no loader's answer
    const before = Object.values(await cachedUrls(page)).flat();
    expect(before.length).toBeGreaterThan(0);
    for (const path of before)
      expect(path).toMatch(/^\/(assets\/|icons\/|offline\.html$|manifest\.webmanifest$|favicon\.svg$)/);
    // a marker in the assets' cache, to see the sign-out empty it
    await page.evaluate(async () => {
      const cache = await caches.open("setu-assets");
      await cache.put("/assets/sign-out-marker.js", new Response("// marker"));
    });

    // sign out through the account menu (a fetch the service worker sees)
    await page.locator("header").getByRole("button", { name: "Meera Pillai" }).click();
    await page.getByRole("menu", { name: "Meera Pillai" }).getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(async () => Object.values(await cachedUrls(page)).flat())
      .not.toContain("/assets/sign-out-marker.js");

    // online, the profile asks for a sign-in; offline, the offline page stands in: never the stored profile
    await page.goto("/profile");
    await page.waitForURL(/\/auth/);
    await context.setOffline(true);
    try {
      await page.goto("/profile");
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
      expect(await page.getByText("Jaipur Block Prints").count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });
});
