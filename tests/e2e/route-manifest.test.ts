import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, hydrated, openBrowser } from "./support/browser";
import { firstListedProductAndStore } from "./support/listed-pages";

/**
 * A page is rendered with only the routes it can name (app/lib/pruned-router-context.server.ts). What the browser is
 * told must not change: the manifest in the page is the one React Router's own lazy route discovery answers for the
 * page's path and its ancestor paths (its `/__manifest` endpoint, matching against every route), and navigating
 * on from the page still discovers the routes it goes to.
 */
type ManifestRoutes = Record<string, { id: string; parentId?: string; path?: string }>;

const get = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
};

function pageManifest(html: string): { routes: ManifestRoutes; version: string } {
  const json = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});/.exec(html)?.[1];
  expect(json, "the page carries its route manifest").toBeTruthy();
  return JSON.parse(json!);
}

/** React Router's own answer for a path and its ancestors, as the browser would ask for it. */
async function discovered(path: string, version: string): Promise<ManifestRoutes> {
  const segments = path.split("/").filter(Boolean);
  const paths = [path];
  for (segments.pop(); segments.length > 0; segments.pop()) paths.push(`/${segments.join("/")}`);
  paths.push("/");
  const response = await fetch(
    `${baseUrl()}/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=${version}`,
  );
  expect(response.status).toBe(200);
  return response.json();
}

let paths: string[];
beforeAll(async () => {
  const { product, store } = await firstListedProductAndStore();
  paths = [
    "/",
    "/browse",
    "/categories",
    "/category/textiles",
    product,
    store,
    "/rfqs",
    "/auth/forgot-password",
    "/services-for-sellers",
    "/blog/shipping-wholesale-goods-from-india-to-the-usa",
  ];
});

describe("the route manifest a page sends", () => {
  it("is what lazy route discovery gives for the page's path and its ancestors", async () => {
    for (const path of paths) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      const manifest = pageManifest(html);
      expect(manifest.routes, path).toEqual(await discovered(path, manifest.version));
      expect(Object.keys(manifest.routes).length, path).toBeGreaterThanOrEqual(2);
    }
  });

  it("holds the root and nothing unmatched on a page that does not exist", async () => {
    const { status, html } = await get("/no-such-page/at-all");
    expect(status).toBe(404);
    const manifest = pageManifest(html);
    const expected = { root: manifest.routes.root, ...(await discovered("/no-such-page/at-all", manifest.version)) };
    expect(manifest.routes.root).toBeTruthy();
    expect(manifest.routes).toEqual(expected);
  });
});

describe("navigating on from a page", () => {
  it("discovers the routes it goes to", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${baseUrl()}/`);
      await hydrated(page);
      // a marker that a full page load would lose: the navigations below stay in this document
      await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
      await page.locator('main a[href^="/product/"]').first().click();
      await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/\S/);
      await page.getByRole("link", { name: "Browse", exact: true }).first().click();
      await page.waitForURL(/\/browse$/);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/\S/);
      expect(await page.evaluate(() => "stayedOnPage" in window)).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
