import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signUpSeller } from "./support/accounts";
import { baseUrl, downloadedBytes, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

describe("stores: create with QR, manage products, public page", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let storeUrl = "";
  const storeName = `Sanganer Prints ${Date.now()}`;
  const sellerEmail = `farah-${Date.now()}@example.test`;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("refuses /stores to a buyer", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto("/stores");
    await page.getByRole("heading", { name: "Seller Access Required" }).waitFor();
    await page.getByText("This page is only available for seller accounts.").waitFor();
  });

  it("a seller creates a store and sees its QR code; the downloaded PNG decodes to the store's public URL", async () => {
    const { page } = browser;
    await signUpSeller(page, {
      email: sellerEmail,
      company: "Sanganer Prints LLP",
      fullName: "Farah Qureshi",
      password: "Indigo-Block-Print-7",
    });
    await page.goto("/stores");
    await page.getByText("No stores yet").waitFor();
    // a real button that opens the form by keyboard (Radix Collapsible), not a <summary> styled as one (#41 item 6)
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Create Store" }).first();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await page.getByLabel("Store Name").fill(storeName);
    await page.getByLabel("Description").fill("Hand block-printed cotton textiles from Sanganer, Jaipur.");
    await page.getByLabel("Email").fill("orders@sanganer.example");
    await page.getByLabel("Website").fill("https://sanganer.example");
    await page.getByLabel("City").fill("Jaipur");
    expect(await page.getByLabel("Country").inputValue()).toBe("India");
    expect(await page.getByLabel("Opens on sunday").inputValue()).toBe("10:00");
    await page.getByLabel("Home Textiles").check();
    await page.getByLabel("Handicrafts").check();
    await page.getByRole("button", { name: "Create Store" }).last().click();
    await page.getByText("Store created successfully!").waitFor();
    // the form closes and resets
    await page.getByLabel("Store Name").waitFor({ state: "hidden" });
    await page.getByText("Create Store", { exact: true }).first().click();
    expect(await page.getByLabel("Store Name").inputValue()).toBe("");
    await page.getByText("Create Store", { exact: true }).first().click();
    const card = page.locator("li", { hasText: storeName });
    await card.getByRole("img", { name: `QR code for ${storeName}` }).waitFor();
    await screenshot(page, "stores");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: /Download QR code/ }).click(),
    ]);
    const safe = storeName.replace(/[^a-zA-Z0-9]/g, "_").toLowerCase();
    expect(download.suggestedFilename()).toBe(`${safe}-qr-code.png`);
    const { data, info } = await sharp(await downloadedBytes(download))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
    // tagged as a scan, which the store's analytics count (issue #23.3)
    const storeId = /\/stores\/([0-9a-f-]{36})\?src=qr$/.exec(decoded ?? "")?.[1];
    expect(decoded).toBe(`${baseUrl()}/stores/${storeId}?src=qr`);
    storeUrl = `/stores/${storeId}`;
    expect(await seriousA11yViolations(page)).toEqual([]);

    // its public page has its own title, description and social preview image
    const html = await (await fetch(`${baseUrl()}${storeUrl}`)).text();
    expect(html).toContain(`<title>${storeName} | Setu</title>`);
    expect(html).toContain('content="Hand block-printed cotton textiles from Sanganer, Jaipur."');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBe(`${baseUrl()}/og-default.png`);
    const preview = await fetch(image!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
  });

  it("another seller gets 404 on /manage", async () => {
    const { page } = browser;
    await signIn(page, "kavya@nandi-electronics.example");
    const response = await page.goto(`${storeUrl}/manage`);
    expect(response?.status()).toBe(404);
    await page
      .getByText("The store you're trying to manage doesn't exist or you don't have permission to access it.")
      .waitFor();
  });

  it("the owner adds products, features one, assigns a tab; a visitor sees them, filters by tab and searches", async () => {
    const { page } = browser;
    await signIn(page, sellerEmail, "Indigo-Block-Print-7");
    // two products through the Add Product form
    for (const [name, description] of [
      ["Indigo dabu table runner", "Mud-resist indigo print, 14 x 72 in"],
      ["Floral block-print napkins", "Set of six cotton napkins with a floral buta motif"],
    ]) {
      await page.goto("/products");
      // clicked once hydrated: a click that lands while hydration swaps the link (before it, a link to the page with
      // the form open) for the button is lost, a race the full run hit (Disclosure keeps two elements: to be fixed)
      await hydrated(page);
      await page.getByText("Add Product", { exact: true }).first().click();
      const form = page.locator("main");
      await form.getByLabel("Product Name").fill(name!);
      await form.getByLabel("Description (optional)").fill(description!);
      await form.getByLabel("Category", { exact: true }).selectOption("home-textiles");
      await form.getByLabel("Minimum Order Quantity").fill("100");
      await form.getByLabel("Minimum Price (USD)").fill("6");
      await form.getByLabel("Maximum Price (USD)").fill("9.5");
      await form.getByRole("button", { name: "Add Product" }).last().click();
      await page.getByText("Product created successfully!").waitFor();
    }
    await page.goto(`${storeUrl}/manage`);
    await page.getByText("No products in store").waitFor();
    // nothing chosen yet: the button waits for a choice (once the page's code runs; without it the server checks)
    await hydrated(page);
    const add = page.getByRole("button", { name: /^Add Existing Products/ });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel(/Indigo dabu table runner/).check();
    await page.getByLabel(/Floral block-print napkins/).check();
    await add.click();
    await page.getByText("Products added to store successfully!").waitFor();
    await page.getByRole("link", { name: "Products (2)" }).waitFor();
    await page.getByRole("button", { name: /Feature Indigo dabu table runner/ }).click();
    await page.getByText("Product featured").waitFor();
    // the store's tabs fit what it sells (Home Textiles, Handicrafts), not the spec's "Cooking & Kitchenware"
    expect(await page.getByLabel("Tab").first().locator("option").allInnerTexts()).not.toContain(
      "Cooking & Kitchenware",
    );
    await page.getByLabel("Tab").first().selectOption("home-textiles");
    await page.getByText("Product tab updated").waitFor();
    await screenshot(page, "store-manage");

    await page.context().clearCookies();
    await page.goto(storeUrl);
    await page.getByRole("heading", { name: storeName }).waitFor();
    await page.getByText("No reviews yet").waitFor();
    await page.getByText("0 followers").waitFor();
    const main = page.locator("main");
    expect(await main.innerText()).toContain("Indigo dabu table runner");
    expect(await main.innerText()).toContain("MOQ: 100 pieces");
    expect(await main.innerText()).toContain("$6.00 – $9.50");
    const storeTabs = page.getByRole("navigation", { name: "Store categories" });
    await storeTabs.getByRole("link", { name: "About Us" }).click();
    await page.waitForURL(/tab=about-us/);
    // About Us is the company, not a filtered product list
    await page.getByRole("heading", { name: `About ${storeName}` }).waitFor();
    await page.getByText("Company facts").waitFor();
    await screenshot(page, "store-about");
    await storeTabs.getByRole("link", { name: "Home Textiles" }).click();
    await page.waitForURL(/tab=home-textiles/);
    await page.getByRole("heading", { name: "Featured Products" }).waitFor();
    // the URL changes before the filtered list renders: wait for it rather than read the old one
    await expect
      .poll(() => page.getByRole("region", { name: "Featured Products" }).locator("article").count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.getByLabel("Search this store").fill("napkins");
    await page.getByLabel("Search this store").press("Enter");
    await page.getByRole("heading", { name: /Search Results for "napkins"/ }).waitFor();
    // grid or list: one of two radio buttons, one tab stop, the arrow keys move and choose
    await hydrated(page);
    const grid = page.getByRole("radio", { name: "Grid view" });
    const list = page.getByRole("radio", { name: "List view" });
    await expect(grid.isChecked()).resolves.toBe(true);
    await grid.focus();
    await page.keyboard.press("ArrowRight");
    await expect(list.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => list.isChecked()).toBe(true);
    await expect(grid.isChecked()).resolves.toBe(false);
    // one tab stop: Tab from the chosen view leaves the group
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("radiogroup", { name: "View" }).evaluate((group) => group.contains(document.activeElement)),
    ).resolves.toBe(false);
    await expect(
      page
        .getByRole("region", { name: /Search Results/ })
        .locator("article")
        .first()
        .evaluate((card) => getComputedStyle(card).flexDirection),
    ).resolves.toBe("row");
    await page.getByRole("button", { name: "Login to Follow" }).click();
    await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await screenshot(page, "store-public");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("offers its own seller Manage Store, not Follow (#41 item 6)", async () => {
    const { page } = browser;
    await signIn(page, sellerEmail, "Indigo-Block-Print-7");
    await page.goto(storeUrl);
    await page.getByRole("link", { name: "Manage Store" }).waitFor();
    expect(await page.getByRole("button", { name: /Follow/ }).count()).toBe(0);
  });

  it("a signed-in buyer follows the store and the count is real", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto(storeUrl);
    await page.getByRole("button", { name: "Follow" }).click();
    await page.getByText("1 follower", { exact: true }).waitFor();
  });

  it("answers an unknown store with 'Store Not Found' and 404", async () => {
    const { page } = browser;
    const response = await page.goto("/stores/00000000-0000-0000-0000-000000000000");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Store Not Found" }).waitFor();
    await page.getByRole("link", { name: "Browse Stores" }).waitFor();
  });
});
