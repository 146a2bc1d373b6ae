import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { dateFromToday } from "../../seed/factories/rfqs";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/** Issue #41 item 3: Request Quote on a product reaches its supplier only. */
describe("direct inquiry: Request Quote on a product", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  const productName = "Organic Cotton Bath Towels, 600 GSM";
  const description = `Hotel towels ${Date.now()}: white, 70 x 140 cm, our woven label on each.`;
  let productPath = "";
  let rfqPath = "";

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("a visitor signs in from Request Quote, comes back to the form and sends it to the product's supplier", async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.goto(`/browse?q=${encodeURIComponent("Organic Cotton Bath Towels")}`);
    await page.locator("main article a[href^='/product/']", { hasText: productName }).first().click();
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    productPath = new URL(page.url()).pathname;
    const productId = productPath.split("/").pop()!;
    const moq = (await page.locator("main").innerText()).match(/MOQ: ([\d,]+) pieces/)![1]!.replace(/,/g, "");

    await page.getByRole("link", { name: "Login to Quote" }).click();
    await page.waitForURL(/\/auth\?redirectTo=/);
    await page.getByLabel("Email").fill("sarah@brooklyn-home-goods.example");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).last().click();
    await page.waitForURL((url) => url.pathname === "/create-rfq" && url.searchParams.get("product") === productId);

    await page.getByRole("heading", { name: "Request a Quote" }).waitFor();
    const main = page.locator("main");
    expect(await main.innerText()).toContain("Shakti Textiles Pvt. Ltd.");
    await expect(page.getByRole("link", { name: productName }).getAttribute("href")).resolves.toBe(productPath);
    // the product's MOQ is the least the form asks, in the product's unit
    const quantity = page.getByLabel("Quantity (pieces)");
    await expect(quantity.inputValue()).resolves.toBe(moq);
    await expect(quantity.getAttribute("min")).resolves.toBe(moq);
    await page.getByText(`The supplier's minimum order is ${Number(moq).toLocaleString("en-US")} pieces.`).waitFor();

    await hydrated(page);
    await page.getByLabel("Description").fill(description);
    await quantity.fill("1200");
    await page.getByLabel("Target price for the whole order (USD, optional)").fill("5400.50");
    await page.getByLabel("Destination (US city and state, or port)").fill("Port of Newark, NJ");
    await page.getByLabel("Quote Submission Deadline").fill(dateFromToday(14));
    // under the MOQ the server refuses it, whatever the browser's own check says
    await quantity.evaluate((input) => input.removeAttribute("min"));
    await quantity.fill(String(Number(moq) - 1));
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await page
      .getByText(`The supplier's minimum order is ${Number(moq).toLocaleString("en-US")} pieces`, { exact: true })
      .first()
      .waitFor();
    await quantity.fill("1200");
    await page.getByText("Also invite similar verified suppliers").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "direct-inquiry-form");
    await page.getByRole("button", { name: "Send Quote Request" }).click();

    await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
    rfqPath = new URL(page.url()).pathname;
    await page.getByText("Quote request sent to the supplier").waitFor();
    await page.getByText("A quote request to Shakti Textiles Pvt. Ltd.").waitFor();
    await expect(
      page.getByRole("main").getByRole("link", { name: productName }).first().getAttribute("href"),
    ).resolves.toBe(productPath);
  });

  it("fits a 360 px screen", async () => {
    const phone = await openBrowser({ viewport: { width: 360, height: 800 } });
    try {
      const { page } = phone;
      await signIn(page, "sarah@brooklyn-home-goods.example");
      await page.goto(`/create-rfq?product=${productPath.split("/").pop()}`);
      await page.getByRole("heading", { name: "Request a Quote" }).waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, "direct-inquiry-form-phone");
    } finally {
      await phone.close();
    }
  });

  it("another supplier does not see it in /rfqs, and its page is 404 to them and to visitors", async () => {
    const { page } = browser;
    await signIn(page, "priya@deccan-auto.example");
    await page.goto(`/rfqs?q=${encodeURIComponent(description.slice(0, 24))}`);
    await page.getByRole("heading", { name: "Requests for Quote" }).waitFor();
    await page.getByRole("heading", { name: "No RFQs found" }).waitFor();
    const response = await page.goto(rfqPath);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "RFQ Not Found" }).waitFor();

    // another seller may ask the product's supplier for a quote from its card on /browse
    await page.goto(`/browse?q=${encodeURIComponent("Organic Cotton Bath Towels")}`);
    await page
      .locator("main article", { hasText: productName })
      .first()
      .getByRole("link", { name: "Request Quote" })
      .waitFor();

    const anonymous = await fetch(`${baseUrl()}${rfqPath}`);
    expect(anonymous.status).toBe(404);
    const list = await (await fetch(`${baseUrl()}/rfqs?q=${encodeURIComponent(description.slice(0, 24))}`)).text();
    expect(list).toContain("No RFQs found");
  });

  it("the product's supplier sees it among its direct inquiries, quotes on it, and gets no Request Quote on its own product", async () => {
    const { page } = browser;
    await signIn(page, "rajesh@shakti-textiles.example");
    await page.goto("/rfqs?direct=1");
    await page.getByRole("heading", { name: "Direct inquiries" }).waitFor();
    const card = page.locator("article", { hasText: description.slice(0, 24) });
    await card.getByText("Direct inquiry to you").waitFor();
    await screenshot(page, "direct-inquiry-supplier-list");
    await card.getByRole("link", { name: "Submit Quote" }).click();
    await page.waitForURL((url) => url.pathname === rfqPath);

    await page.getByText("A quote request to you").waitFor();
    await page.getByText("Submit Your Quote").waitFor();
    await hydrated(page);
    await page.getByText("Open form", { exact: true }).click();
    expect(await page.getByLabel("Quantity (pieces)").inputValue()).toBe("1200");
    // the goods start from the supplier's own product (issue #41.1), and stay editable
    await page.getByText(`The goods details below come from your product “${productName}”`).waitFor();
    expect(await page.getByLabel("Description of goods (optional)").inputValue()).toBe(productName);
    expect(await page.getByLabel("Material / composition (optional)").inputValue()).toBe(
      "100% GOTS-certified organic cotton terry, zero-twist, 600 gsm",
    );
    expect(await page.getByLabel("Manufacturer (optional)").inputValue()).toBe(
      "Sri Murugan Terry Weavers, 12 Mill Street, Karur 639002, Tamil Nadu, India",
    );
    expect(await page.getByLabel("HTSUS code (optional)").inputValue()).toBe("6302.60.0020");
    // the product's weight of one piece (its specifications), as the freight estimates read it
    expect(await page.getByLabel("Gross weight per piece (kg, optional)").inputValue()).toBe("0.59");
    await page.getByLabel("Description of goods (optional)").fill("Organic cotton bath towels, 70 x 140 cm, white");
    await screenshot(page, "direct-inquiry-quote-prefilled");
    await page.getByLabel("Total Price (USD)").fill("5280");
    await page.getByLabel("Delivery Timeline").fill("30 days production + 30 days sea freight");
    await page.getByRole("button", { name: "Submit Quote" }).click();
    await page.getByText("Quote submitted successfully!").waitFor();
    await page.getByText("Shakti Textiles Pvt. Ltd. (your quote)").waitFor();
    // the quote carries the goods as submitted: the edited description, the product's material and HTSUS line
    const quoted = await page.locator("main").innerText();
    expect(quoted).toContain("Organic cotton bath towels, 70 x 140 cm, white");
    expect(quoted).toContain("100% GOTS-certified organic cotton terry, zero-twist, 600 gsm");
    expect(quoted).toContain("6302.60.0020");
    expect(quoted).toContain("0.59 kg per piece");
    await screenshot(page, "direct-inquiry-supplier-rfq");

    await page.goto(productPath);
    await page.getByRole("heading", { level: 1, name: productName }).waitFor();
    await page.getByText("This is your product").waitFor();
    expect(await page.getByRole("link", { name: "Request Quote" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Login to Quote" }).count()).toBe(0);
    expect(await page.locator("main a[href^='/create-rfq?product=']").count()).toBe(0);
    // nor on its card in the marketplace
    await page.goto(`/browse?q=${encodeURIComponent("Organic Cotton Bath Towels")}`);
    const ownCard = page.locator("main article", { hasText: productName }).first();
    await ownCard.getByRole("link", { name: productName }).waitFor();
    expect(await ownCard.getByRole("link", { name: "Request Quote" }).count()).toBe(0);
  });
});
