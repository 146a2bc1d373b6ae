import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../seed/demo.server";
import { signIn } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const SELLER = DEMO_ACCOUNTS.find((account) => account.email === "rajesh@shakti-textiles.example")!;
const BUYER = DEMO_ACCOUNTS.find((account) => account.email === "sarah@brooklyn-home-goods.example")!;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The header's switch: a form post; the page comes back in the other language. */
async function switchTo(page: Page, language: "हिन्दी" | "English") {
  await hydrated(page);
  await page.getByRole("button", { name: new RegExp(language) }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language === "English" ? "en" : "hi-IN");
  await hydrated(page);
  // Devanagari is drawn with the page's web font: wait for it before anything is measured or pictured
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Issue #43 item 1: a supplier's pages in Hindi on a phone, chosen with the header's switch and kept on the account. */
describe("Hindi and English", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ phone: true });
  });
  afterAll(() => browser?.close());

  it("gives a signed-out visitor whose browser asks for Hindi the sign-in page in Hindi, others English", async () => {
    const hindi = await openBrowser({ phone: true });
    try {
      await hindi.context.setExtraHTTPHeaders({ "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
      const response = await hindi.page.goto("/auth");
      expect(response?.status()).toBe(200);
      expect(await htmlLang(hindi.page)).toBe("hi-IN");
      await expect.poll(() => hindi.page.getByRole("heading", { name: "Setu में आपका स्वागत है" }).count()).toBe(1);
      await expect.poll(() => hindi.page.getByLabel("पासवर्ड", { exact: true }).count()).toBe(1);
      await hydrated(hindi.page);
      expect(await seriousA11yViolations(hindi.page)).toEqual([]);
    } finally {
      await hindi.close();
    }
    const { page } = browser;
    await page.goto("/auth");
    expect(await htmlLang(page)).toBe("en");
    await expect.poll(() => page.getByRole("heading", { name: "Welcome to Setu" }).count()).toBe(1);
  });

  it("switches a supplier to Hindi from the header: dashboard and RFQs translated, <html lang>, axe clean, kept on the account", async () => {
    const { page } = browser;
    await signIn(page, SELLER.email);
    try {
      expect(await htmlLang(page)).toBe("en");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await switchTo(page, "हिन्दी");
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      await page.getByRole("heading", { level: 1, name: /स्वागत है/ }).waitFor();
      await page.getByRole("heading", { name: "झटपट काम" }).waitFor();
      // what the supplier typed stays as typed: the company name is not translated
      await page
        .getByText(/Shakti Textiles/)
        .first()
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "hindi-dashboard-phone");

      // a client-side navigation from the menu fetches the next area's texts: the page comes in Hindi
      await page.getByRole("group").or(page.locator("header summary")).first().click();
      await page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: "RFQ", exact: true }).click();
      await page.waitForURL(/\/rfqs$/);
      await page.getByRole("heading", { level: 1, name: "कोटेशन के लिए अनुरोध" }).waitFor();
      expect(await htmlLang(page)).toBe("hi-IN");
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "hindi-rfqs-phone");

      // the choice is the account's: a new sign-in (fresh cookies, an English browser) finds Hindi, the page
      // following the language the server now gives (its texts fetched as the sign-in lands)
      await signIn(page, SELLER.email);
      await page.waitForFunction(() => document.documentElement.lang === "hi-IN");
      await page.getByRole("heading", { name: "झटपट काम" }).waitFor();
      // a full page load is server-rendered in Hindi at once: no English first
      const html = await (await page.request.get("/dashboard")).text();
      expect(html).toContain('<html lang="hi-IN"');
      expect(html).toContain("झटपट काम");
    } finally {
      await page.goto("/dashboard");
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    await page.getByRole("heading", { name: "Quick Actions" }).waitFor();
  });

  it("lets a buyer choose Hindi without breaking their pages", async () => {
    const { page } = browser;
    await signIn(page, BUYER.email);
    try {
      await switchTo(page, "हिन्दी");
      for (const path of ["/dashboard", "/browse", "/rfqs", "/orders", "/messages", "/profile"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(await htmlLang(page), path).toBe("hi-IN");
      }
    } finally {
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    expect(await htmlLang(page)).toBe("en");
  });
});
