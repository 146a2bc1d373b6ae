import { describe, expect, it } from "vitest";
import { baseUrl, hydrated, openBrowser } from "./support/browser";

/**
 * React Router's lazy route discovery: a page's manifest holds only the routes it can name, and navigating on from
 * it fetches the routes it goes to, in the same document.
 */
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
