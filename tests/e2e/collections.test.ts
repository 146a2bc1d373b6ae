import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { resolveCategorySlug } from "~/lib/collections";
import { cardImageUrl } from "~/modules/uploads/image-urls";
import { DEMO_ACCOUNTS, DEMO_STORE_NAMES } from "../../seed/demo.server";
import { baseUrl, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const PER_PAGE = 24;
const number = (text: string) => Number(text.replace(/[,+]/g, ""));

describe("collections and the demo catalogue's pictures", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("leads every category-strip link to the products that fit it, the demo's towels, pepper, kurtis, rompers and polos among them, as many as /categories and home count", async () => {
    const { page } = browser;
    const expected: Record<string, string[]> = {
      "home-decor": ["Organic Cotton Bath Towels, 600 GSM", "Cotton Percale Bedsheet Sets, 300 TC"],
      "food-drink": ["Tellicherry Black Pepper, TGSEB Grade"],
      women: ["Women's Printed Viscose Kurtis"],
      kids: ["Kids' Organic Cotton Rompers"],
      men: ["Men's Pique Polo Shirts"],
      beauty: ["Cold-Pressed Virgin Coconut Oil"],
      pets: ["Braided Cotton Rope Dog Toys"],
    };
    const totals = new Map<string, number>();
    await page.goto("/");
    for (const c of CATEGORY_STRIP) {
      // through the header's strip, as a visitor goes
      await page.locator(`nav[aria-label="Categories"] a[href="/category/${c.slug}"]`).click();
      await page.waitForURL(`**/category/${c.slug}`);
      const title = resolveCategorySlug(c.slug).label;
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      if (await page.getByRole("heading", { name: `No products in ${title} yet` }).isVisible()) {
        expect(expected[c.slug], c.slug).toBeUndefined();
        totals.set(c.slug, 0);
        continue;
      }
      const showing = /^Showing ([\d,]+) of ([\d,]+) products$/.exec(
        await page.getByText(/^Showing [\d,]+ of [\d,]+\+? products$/).innerText(),
      );
      const total = number(showing![2]!);
      expect(number(showing![1]!), c.slug).toBe(Math.min(total, PER_PAGE));
      // after a client navigation the cards' code may still be on its way (skeletons until then: record 0031)
      await page.locator("main article").first().waitFor();
      expect(await page.locator("main article").count(), c.slug).toBe(Math.min(total, PER_PAGE));
      const names = await page.locator("main article h3").allInnerTexts();
      for (const name of expected[c.slug] ?? []) expect(names, c.slug).toContain(name);
      totals.set(c.slug, total);
    }
    for (const slug of Object.keys(expected)) expect(totals.get(slug), slug).toBeGreaterThan(0);

    // /categories counts each collection as its page does (its counts are at most a minute old: products other tests add may take that long)
    const chipCounts = async (path: string, slugs: string[]) => {
      const html = (await (await page.request.get(path)).text()).replace(/<!-- -->/g, "");
      return Object.fromEntries(
        slugs.map((slug) => [
          slug,
          number(
            new RegExp(`href="/category/${slug}"[^>]*>[^<]*<span[^>]*>([\\d,]+\\+?) products?`).exec(html)?.[1] ?? "-1",
          ),
        ]),
      );
    };
    const all = CATEGORY_STRIP.map((c) => c.slug);
    await expect
      .poll(() => chipCounts("/categories", all), { timeout: 70_000, interval: 2_000 })
      .toEqual(Object.fromEntries(totals));
    // the home page links the collections that list something, with the same counts (as old as /categories' at most:
    // a product another test added meanwhile may reach /categories first)
    const listing = all.filter((slug) => slug !== "featured" && slug !== "new" && totals.get(slug)! > 0);
    await expect
      .poll(() => chipCounts("/", listing), { timeout: 70_000, interval: 2_000 })
      .toEqual(Object.fromEntries(listing.map((slug) => [slug, totals.get(slug)])));

    await page.goto("/category/home-decor");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "collection-home-decor");
  });

  it("serves every demo product's picture and its card variant as WebP, and shows the stores' logos, banners and About facts", async () => {
    const { page } = browser;
    const api = (await (await page.request.get("/api/products?limit=100&sort=name")).json()) as {
      items: { name: string; images: string[]; supplierCompany: string | null }[];
    };
    // the demo suppliers' products (other tests add products of their own, some without pictures)
    const demoCompanies = new Set(DEMO_ACCOUNTS.filter((a) => a.role === "seller").map((a) => a.company));
    const demo = api.items.filter((p) => demoCompanies.has(p.supplierCompany ?? ""));
    expect(demo.length).toBeGreaterThanOrEqual(60);
    for (const product of demo) {
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
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.goto("/browse?tab=stores");
    await page
      .getByRole("link", { name: /View Store/ })
      .first()
      .waitFor();
    // the demo stores only: other test files create stores of their own, without logos
    const storeLinks: string[] = [];
    for (const name of DEMO_STORE_NAMES)
      storeLinks.push(
        new URL(
          (await page.getByRole("link", { name: `View Store: ${name}`, exact: true }).getAttribute("href"))!,
          baseUrl(),
        ).pathname,
      );
    expect(storeLinks).toHaveLength(DEMO_STORE_NAMES.length);
    for (const path of storeLinks) {
      await page.goto(path);
      const logo = page.locator("main header img").first();
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await page.goto(`${path}?tab=about-us`);
      const about = await page.locator("section[aria-labelledby=about-heading]").innerText();
      expect(about).toMatch(/Year founded\s+\d{4}/);
      expect(about).toContain("Monthly output");
      expect(about).toContain("Certifications");
    }
  });
});
