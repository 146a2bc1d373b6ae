import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_STRIP, resolveCategorySlug } from "~/lib/categories";
import { cardImageUrl } from "~/modules/uploads/image-urls";
import { openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const PER_PAGE = 24;
const number = (text: string) => Number(text.replace(/[,+]/g, ""));

describe("collections and the demo catalogue's pictures", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("leads every category-strip link to the products /categories counts for it, the demo's towels, pepper, kurtis, rompers and polos among them", async () => {
    const { page } = browser;
    await page.goto("/categories");
    const counts = new Map<string, number>();
    for (const c of CATEGORY_STRIP) {
      const chip = await page.locator(`main a[href="/category/${c.slug}"]`).innerText();
      counts.set(c.slug, number(/([\d,]+\+?) products?/.exec(chip)![1]!));
    }
    const expected: Record<string, string[]> = {
      "home-decor": ["Organic Cotton Bath Towels, 600 GSM", "Cotton Percale Bedsheet Sets, 300 TC"],
      "food-drink": ["Tellicherry Black Pepper, TGSEB Grade"],
      women: ["Women's Printed Viscose Kurtis"],
      kids: ["Kids' Organic Cotton Rompers"],
      men: ["Men's Pique Polo Shirts"],
    };
    await page.goto("/");
    for (const c of CATEGORY_STRIP) {
      // through the header's strip, as a visitor goes
      await page.locator(`nav[aria-label="Categories"] a[href="/category/${c.slug}"]`).click();
      await page.waitForURL(`**/category/${c.slug}`);
      await page.getByRole("heading", { level: 1, name: resolveCategorySlug(c.slug).label, exact: true }).waitFor();
      const total = counts.get(c.slug)!;
      const showing = await page.getByText(/^Showing [\d,]+ of [\d,]+\+? products$/).innerText();
      expect(showing, c.slug).toBe(`Showing ${Math.min(total, PER_PAGE)} of ${total.toLocaleString("en-US")} products`);
      const cards = page.locator("main article");
      expect(await cards.count(), c.slug).toBe(Math.min(total, PER_PAGE));
      const names = await page.locator("main article h3").allInnerTexts();
      for (const name of expected[c.slug] ?? []) expect(names, c.slug).toContain(name);
      if (expected[c.slug]) expect(total, c.slug).toBeGreaterThan(0);
    }
    // the home page's collection links carry the same counts
    await page.goto("/");
    for (const slug of Object.keys(expected)) {
      const link = await page.locator(`main a[href="/category/${slug}"]`).innerText();
      expect(number(/([\d,]+\+?) products?/.exec(link)![1]!), slug).toBe(counts.get(slug));
    }
    await page.goto("/category/home-decor");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "collection-home-decor");
  });

  it("serves every demo product's picture and its card variant as WebP, and shows the stores' logos, banners and About facts", async () => {
    const { page } = browser;
    const api = (await (await page.request.get("/api/products?limit=100&sort=name")).json()) as { items: { name: string; images: string[] }[] };
    expect(api.items.length).toBeGreaterThanOrEqual(60);
    for (const product of api.items) {
      expect(product.images.length, product.name).toBeGreaterThan(0);
      for (const url of [product.images[0]!, cardImageUrl(product.images[0]!)]) {
        const response = await page.request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()["content-type"], url).toBe("image/webp");
      }
    }
    // the pictures render in the cards
    await page.goto("/category/food-drink");
    const picture = page.locator("main article img").first();
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await page.goto("/browse?tab=stores");
    await page.getByRole("link", { name: /View Store/ }).first().waitFor();
    const storeLinks = await page.locator('main a[href^="/stores/"]').evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))]);
    expect(storeLinks.length).toBeGreaterThanOrEqual(6);
    for (const path of storeLinks) {
      await page.goto(path);
      const logo = page.locator("main header img").first();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await page.goto(`${path}?tab=about-us`);
      const about = await page.locator("section[aria-labelledby=about-heading]").innerText();
      expect(about).toMatch(/Year founded\s+\d{4}/);
      expect(about).toContain("Monthly output");
      expect(about).toContain("Certifications");
    }
  });
});
