import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { HttpClient } from "../support/http-client";
import { signIn } from "./support/accounts";
import { baseUrl, downloadedBytes, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * Issue #23.3: a visitor opens a store from its QR code and then one of its products; a crawler opens the store
 * too. The owner's Analytics tab shows the visitor's views and scan (not the crawler's) once they are written (every
 * few seconds), and its CSV carries the same figures; the owner's own visits to the store, its product and its QR code
 * are no views. Nobody else can read them.
 */
describe("seller analytics: the owner sees the views just made", () => {
  let owner: Awaited<ReturnType<typeof openBrowser>>;
  let visitor: Awaited<ReturnType<typeof openBrowser>>;
  // (the counter takes every browser at one address for one visitor, one view per page a day: this server's run has
  // this visitor's only view of the store; other tests browse with headless Chromium, which counts as a bot)
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Run/${Date.now()}`;
  beforeAll(async () => {
    // a browser that is no bot (headless Chromium is one), so that only being the owner keeps its visits out
    owner = await openBrowser({ userAgent: userAgent.replace("Run/", "Owner/") });
    visitor = await openBrowser({ userAgent });
  });
  afterAll(async () => {
    await owner?.close();
    await visitor?.close();
  });

  const stat = async (page: Page, label: string) =>
    Number(
      (await page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").innerText()).replaceAll(
        ",",
        "",
      ),
    );
  const figures = async (page: Page) => ({
    store: await stat(page, "Store page views"),
    qr: await stat(page, "QR code scans"),
    products: await stat(page, "Product page views"),
  });

  it("counts a visitor's QR scan, store and product views but not a crawler's; the owner sees them and downloads them", async () => {
    const { page } = owner;
    await signIn(page, "rajesh@shakti-textiles.example");
    await page.goto("/stores");
    const manage = page.getByRole("link", { name: /Manage/ }).first();
    const storeId = /\/stores\/([0-9a-f-]{36})\/manage/.exec((await manage.getAttribute("href")) ?? "")![1]!;

    await page.goto(`/stores/${storeId}/manage?tab=analytics&days=7`);
    const before = await figures(page);

    // the owner looks at their own store (from its QR code) and one of its products: no visitor
    await page.goto(`/stores/${storeId}?src=qr`);
    await page.waitForURL((url) => url.search === "");
    await page.locator('a[href^="/product/"]').first().click();
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    await page.goto(new URL(page.url()).pathname);

    // the visitor scans the QR code: the page it lands on counts the scan, and the address loses its source tag
    const v = visitor.page;
    await v.goto(`/stores/${storeId}?src=qr`);
    await v.waitForURL((url) => url.search === "");
    expect(new URL(v.url()).pathname).toBe(`/stores/${storeId}`);
    const storeName = (await v.getByRole("heading", { level: 1 }).innerText()).trim();
    await v.locator('a[href^="/product/"]').first().click();
    await v.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    const productHeading = v.getByRole("heading", { level: 1 }).filter({ hasNotText: storeName });
    await productHeading.waitFor();
    const productName = (await productHeading.innerText()).trim();
    // a crawler reading the store and the product is no visitor
    for (const path of [`/stores/${storeId}`, new URL(v.url()).pathname, `/stores/${storeId}?src=qr`]) {
      const crawled = await fetch(`${baseUrl()}${path}`, {
        headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
        redirect: "manual",
      });
      expect(crawled.status).toBeLessThan(400);
    }

    // the counts are written every few seconds
    await expect
      .poll(
        async () => {
          await page.goto(`/stores/${storeId}/manage?tab=analytics&days=7`);
          return figures(page);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual({ store: before.store + 1, qr: before.qr + 1, products: before.products + 1 });
    const top = page.getByRole("table", { name: /Most viewed products/ });
    expect(
      await top.getByRole("link", { name: productName, exact: true }).count(),
      `${productName} in ${await top.innerText()}`,
    ).toBe(1);
    await page.getByRole("link", { name: "Last 30 days" }).click();
    await page.waitForURL(/days=30/);
    expect(await stat(page, "QR code scans")).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("img", { name: /Store page views per day/ }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "store-analytics");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^store-analytics-30d-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloadedBytes(download)).toString("utf8");
    expect(csv).toContain(`store_views,${await stat(page, "Store page views")}\r\n`);
    expect(csv).toContain(`product_views,${await stat(page, "Product page views")}\r\n`);

    // the seller dashboard sums up the month
    await page.goto("/dashboard");
    const summary = page.getByRole("heading", { name: "Last 30 days" });
    await summary.waitFor();
    expect(await page.getByRole("link", { name: "View analytics" }).getAttribute("href")).toMatch(
      /\/manage\?tab=analytics$/,
    );

    // nobody else reads them: signed out, or another seller
    const anonymous = new HttpClient(baseUrl());
    expect((await anonymous.get(`/stores/${storeId}/analytics.csv?days=30`)).status).toBe(404);
    const rival = new HttpClient(baseUrl());
    expect(
      (
        await rival.post("/auth", {
          intent: "signin",
          email: "kavya@nandi-electronics.example",
          password: DEMO_PASSWORD,
        })
      ).status,
    ).toBe(302);
    expect((await rival.get(`/stores/${storeId}/analytics.csv?days=30`)).status).toBe(404);
    expect((await rival.get(`/stores/${storeId}/manage?tab=analytics`)).status).toBe(404);
  });

  it("fits a phone", async () => {
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone.page, "rajesh@shakti-textiles.example");
      await phone.page.goto("/dashboard");
      await phone.page.getByRole("link", { name: "View analytics" }).click();
      await phone.page.getByRole("heading", { name: "Visits to this store" }).waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone.page, "store-analytics-phone");
    } finally {
      await phone.close();
    }
  });
});
