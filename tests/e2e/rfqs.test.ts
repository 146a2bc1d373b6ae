import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import { signIn } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

describe("RFQ journey: post, quote, accept, order", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  const title = `Jute grocery bags ${Date.now()}`;
  const specs = 'Size: 16" x 14" x 6"\nPrint: 2 colours, "Brooklyn" logo\nPath: C:\\artwork\\final';

  it("lists published RFQs without the buyers' names to a visitor, filters and shows the empty state", async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.goto("/rfqs");
    await page.getByRole("heading", { name: "Requests for Quote" }).waitFor();
    expect(await page.locator("article").count()).toBeGreaterThanOrEqual(5);
    // a visitor is told only that a US buyer posts (issue #41); signed-in suppliers see the company (below)
    expect(await page.locator("main").innerText()).toContain("A US buyer");
    expect(await page.locator("main").innerText()).not.toContain("Brooklyn Home Goods LLC");
    // urgent RFQs wear a badge: the soonest deadlines first, whatever other tests have posted since the seed
    await page.goto("/rfqs?sort=deadline");
    expect(await page.locator("main").innerText()).toMatch(/\d+ days? left/);
    await page.goto("/rfqs");
    // choosing a category or a sort applies it at once
    await hydrated(page);
    await page.getByLabel("Category", { exact: true }).selectOption("home-textiles");
    await page.waitForURL(/category=home-textiles/);
    await hydrated(page);
    await page.getByLabel("Sort by", { exact: true }).selectOption("budget-high");
    // a search typed while the sorted results load is kept when they arrive (the form follows the URL field by
    // field, not by being drawn anew)
    const searchBox = page.getByLabel("Search", { exact: true });
    await searchBox.fill("zzzz-no-such-rfq");
    await page.waitForURL(/sort=budget-high/);
    await expect
      .poll(async () => {
        const cards = await page.locator("article").allInnerTexts();
        return cards.length > 0 && cards.every((card) => card.includes("Textiles"));
      })
      .toBe(true);
    await expect(page.getByLabel("Category", { exact: true }).inputValue()).resolves.toBe("home-textiles");
    await expect(searchBox.inputValue()).resolves.toBe("zzzz-no-such-rfq");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No RFQs found").waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe("zzzz-no-such-rfq");
    await page.getByText("Try adjusting your search criteria or filters").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the back button brings the previous URL's values back into the form
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.get("q"));
    await expect.poll(() => searchBox.inputValue()).toBe("");
    await expect(page.getByLabel("Sort by", { exact: true }).inputValue()).resolves.toBe("budget-high");
  });

  it("a buyer posts an RFQ whose specifications have quotes and line breaks; it appears with the company", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto("/create-rfq");
    // the earliest date is today in the browser's zone, known once hydrated
    await hydrated(page);
    expect(await page.getByLabel("Quote Submission Deadline").getAttribute("min")).toBe(
      new Date().toISOString().slice(0, 10),
    );
    await page.getByLabel("RFQ Title").fill(title);
    await page.getByLabel("Category").selectOption("home-textiles");
    await page.getByLabel("Description").fill("Reusable jute bags with cotton handles for our grocery line.");
    await page.getByLabel("Technical Specifications (optional)").fill(specs);
    await page.getByLabel("Quantity").fill("2500");
    expect(await page.getByLabel("Unit").inputValue()).toBe("pieces");
    await page.getByLabel("Minimum Budget (USD, optional)").fill("5000");
    await page.getByLabel("Maximum Budget (USD, optional)").fill("4000");
    await page.getByLabel("Delivery Location").fill("Brooklyn, NY");
    await page.getByLabel("Quote Submission Deadline").fill(dateFromToday(5));
    await page.getByRole("button", { name: "Create RFQ" }).click();
    await page.getByText("Minimum budget cannot be more than the maximum budget").first().waitFor();
    await page.getByLabel("Maximum Budget (USD, optional)").fill("7500");
    await page.getByRole("button", { name: "Create RFQ" }).click();
    await page.waitForURL(/\/rfqs$/);
    await page.getByText("RFQ created successfully!").waitFor();
    await page.getByRole("heading", { name: "Requests for Quote" }).waitFor();
    const card = page.locator("article", { hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toContain("Brooklyn Home Goods LLC");
    // the deadline closes at the end of its day (UTC): 5 calendar days ahead plus the rest of today
    expect(await card.innerText()).toContain("6 days left");
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
    expect(await page.locator("pre").innerText()).toBe(specs);
    await screenshot(page, "rfq-detail-buyer");
  });

  it("a seller quotes with the quantity pre-filled from the RFQ, and sees its own quote only", async () => {
    const { page } = browser;
    await signIn(page, "rajesh@shakti-textiles.example");
    await page.goto(`/rfqs?q=${encodeURIComponent(title)}`);
    expect(await page.locator("article", { hasText: title }).innerText()).toContain("Brooklyn Home Goods LLC");
    await page.locator("article", { hasText: title }).getByRole("link", { name: "Submit Quote" }).click();
    // a real button opens the form (#41 item 6: it was a <summary> styled as a link)
    await page.getByText("Submit Your Quote").waitFor();
    await page.getByText("Open form", { exact: true }).click();
    expect(await page.getByLabel("Quantity (pieces)").inputValue()).toBe("2500");
    await page.getByLabel("Total Price (USD)").fill("6125.50");
    await page.getByLabel("Delivery Timeline").fill("35 days production + 28 days sea freight");
    await page.getByLabel("Terms (optional)").fill("30% advance, 70% against B/L. FOB Chennai.");
    await page.getByRole("button", { name: "Submit Quote" }).click();
    await page.getByText("Quote submitted successfully!").waitFor();
    await page.getByText("Shakti Textiles Pvt. Ltd. (your quote)").waitFor();
    // the form collapsed and reset
    expect(await page.getByLabel("Total Price (USD)").isVisible()).toBe(false);
    // one live quote per supplier: the form now revises it
    await page.getByText("Revise Your Quote").waitFor();
    await page.getByText("Open form", { exact: true }).click();
    await page.getByText("A new one replaces it").waitFor();
    expect(await page.getByLabel("Total Price (USD)").inputValue()).toBe("");
    expect(await page.locator("main").innerText()).toContain("$6,125.50");
    await screenshot(page, "rfq-detail-seller");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("the buyer sees the quote, accepts it, and both see the order", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto(`/rfqs?mine=1&q=${encodeURIComponent(title)}`);
    await page.locator("article", { hasText: title }).getByRole("link", { name: "View RFQ" }).click();
    await page.getByText("Review and compare quotes from suppliers").waitFor();
    await page.getByText("Shakti Textiles Pvt. Ltd.").first().waitFor();
    await page.getByRole("button", { name: "Accept Quote" }).click();
    // accepting places an order: the dialog says so before anything happens
    const confirmAccept = page.getByRole("dialog", { name: /Accept Shakti Textiles Pvt. Ltd.'s quote\?/ });
    const said = confirmAccept.getByText(
      /^This places an order with Shakti Textiles Pvt\. Ltd\. for .*, \$6,125\.50 in all\./,
    );
    await said.waitFor();
    // the schedule the payment terms make is stated before anything happens; no "Ltd.." where a name ends a sentence
    expect(await said.innerText()).toMatch(/Payment: .*held in escrow until the inspection window closes/);
    expect(await said.innerText()).not.toContain("Ltd..");
    await screenshot(page, "rfq-accept-dialog");
    // Cancel closes the dialog and places nothing
    await confirmAccept.getByRole("button", { name: "Cancel" }).click();
    await confirmAccept.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Accept Quote" }).click();
    // the consignee starts as the buyer's company; the ship-to address is the buyer's to give (issue #41)
    expect(await confirmAccept.getByLabel("Ship to: consignee's name").inputValue()).toBe("Brooklyn Home Goods LLC");
    await confirmAccept
      .getByLabel("Ship-to address")
      .fill("Building 77, Brooklyn Navy Yard, Suite 412\nBrooklyn, NY 11205");
    await confirmAccept
      .getByLabel("Notify party (optional)")
      .fill("Atlantic Customs Brokerage Inc., Jersey City, NJ 07305");
    await screenshot(page, "rfq-accept-ship-to");
    await confirmAccept.getByRole("button", { name: "Place the order" }).click();
    await page.waitForURL(/\/orders$/);
    await page.getByRole("heading", { name: "Orders", exact: true }).waitFor();
    const order = page.locator("li", { hasText: "Shakti Textiles Pvt. Ltd." }).first();
    expect(await order.innerText()).toContain("$6,125.50");
    expect(await order.innerText()).toContain("Placed");
    await screenshot(page, "orders-buyer");

    await signIn(page, "rajesh@shakti-textiles.example");
    await page.goto("/orders");
    const sale = page.locator("li", { hasText: "Brooklyn Home Goods LLC" }).first();
    await sale.getByRole("link", { name: /View order/ }).click();
    await page.getByRole("heading", { name: /Order [0-9A-F]{8} · Brooklyn Home Goods LLC/ }).waitFor();
    // the supplier confirms first (the full lifecycle is tests/e2e/order-journey.test.ts)
    await page.getByRole("button", { name: "Confirm order" }).click();
    await page.getByText("Order confirmed").first().waitFor();
    await screenshot(page, "order-confirmed-seller");
    const dashboard = await (await page.goto("/dashboard"))!.text();
    // the accepted quote's price, exact as a price is (decision record 0041: whole dollars only for sums and budgets)
    expect(dashboard).toContain("$6,125.50");
  });

  it("answers an unknown RFQ with 'RFQ Not Found' and status 404", async () => {
    const { page } = browser;
    const response = await page.goto("/rfqs/00000000-0000-0000-0000-000000000000");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "RFQ Not Found" }).waitFor();
    await page.getByText("The requested RFQ could not be found.").waitFor();
    await page.getByRole("link", { name: "Back to RFQs" }).last().click();
    await page.waitForURL(/\/rfqs$/);
  });
});
