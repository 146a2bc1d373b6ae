import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, categoryLabel, findCategory } from "~/lib/categories";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { signIn } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/** Issue #41.2: one category tree, and every category link of the header and the home page leads to products. */
describe("the category tree on the demo server", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("finds products behind every category link of the header and of the home page", async () => {
    const { page } = browser;
    await page.goto("/");
    const hrefs = async (selector: string) =>
      page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const header = await hrefs('nav[aria-label="Categories"] a[href^="/category/"]');
    expect(header).toEqual(CATEGORY_STRIP.map((c) => `/category/${c.slug}`));
    const tiles = await hrefs('section[aria-labelledby="categories-heading"] a[href^="/category/"]');
    // the home page links every top category of the tree
    for (const c of PRODUCT_CATEGORIES) expect(tiles).toContain(`/category/${c.value}`);
    const empty: string[] = [];
    for (const href of [...new Set([...header, ...tiles])]) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      // the cards' code may arrive just after the page's (a lazy part: loading cards meanwhile): wait for a card or
      // for the page's empty state, whichever it shows
      const card = page.locator("main ul li article").first();
      const none = page.getByRole("heading", { name: /^No products in / });
      await card.or(none).waitFor();
      if (await none.isVisible()) empty.push(href);
      else expect(await page.locator("main ul li article").count(), href).toBeGreaterThan(0);
    }
    expect(empty).toEqual([]);

    // /categories draws each top category with a picture of its own (it showed the old six's, a chip for the rest)
    await page.goto("/categories");
    const icons = await page
      .locator('main a[href^="/category/"] svg')
      .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("class") ?? ""));
    expect(icons).toHaveLength(PRODUCT_CATEGORIES.length);
    expect(new Set(icons).size).toBe(PRODUCT_CATEGORIES.length);
  });

  it("filters /browse by a top category with its subcategories, and by a subcategory", async () => {
    const { page } = browser;
    await page.goto("/browse");
    await hydrated(page);
    // the filter lists the tree: each top category, then its subcategories
    const options = await page
      .getByLabel("Category", { exact: true })
      .locator("option")
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(options.indexOf("planters-and-vases")).toBe(options.indexOf("home-decor") + 1);
    await page.getByLabel("Category", { exact: true }).selectOption("home-decor");
    await page.waitForURL(/category=home-decor/);
    // the URL changes a moment before React draws the new list: wait for the filtered cards, then read them
    const cards = page.locator("main ul li article");
    await expect
      .poll(async () => {
        const texts = await cards.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes(categoryLabel("home-decor")));
      })
      .toBe(true);
    expect((await cards.allInnerTexts()).some((text) => text.includes("Hand-Engraved Brass Planter, 8 in"))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "browse-category-home-decor");

    await page.goto("/browse?category=metal-crafts");
    await page.locator("main ul li article").first().waitFor();
    const crafts = await page.locator("main ul li article").allInnerTexts();
    expect(crafts.length).toBeGreaterThan(0);
    expect(crafts.some((text) => text.includes("Brass Diya Oil Lamps, Set of 4"))).toBe(true);
    expect(crafts.some((text) => text.includes("Hand-Engraved Brass Planter"))).toBe(false);
    expect(findCategory("metal-crafts")?.parent).toBe("handicrafts");
  });

  it("offers a seller the tree in the Create Product dialog", async () => {
    const { page } = browser;
    await signIn(page, "meera@amber-artisans.example");
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("button", { name: "Create Product" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Create Product" }).waitFor();
    const category = dialog.getByLabel("Category *");
    await category.selectOption("planters-and-vases");
    await expect(category.inputValue()).resolves.toBe("planters-and-vases");
    // no free-text subcategory beside it any more: the tree's subcategories are in the one select
    await expect(dialog.getByLabel("Subcategory").count()).resolves.toBe(0);
    await screenshot(page, "create-product-dialog-category");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });
});
