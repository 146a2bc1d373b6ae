import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { dateFromToday } from "../../seed/factories/rfqs";
import { HttpClient } from "../support/http-client";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, seriousA11yViolations } from "./support/browser";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A full-page picture at the page's width, with SCREENSHOTS set. */
async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

describe("trade terms: a supplier quotes FOB Mundra in rupees, the buyer reads it in dollars at the stored rate", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let phone: Awaited<ReturnType<typeof openBrowser>>;
  let rfqId: string;
  const title = `Terry kitchen towels ${Date.now()}`;

  beforeAll(async () => {
    browser = await openBrowser();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    const buyer = new HttpClient(baseUrl());
    expect(
      (
        await buyer.post("/auth", {
          intent: "signin",
          email: "sarah@brooklyn-home-goods.example",
          password: DEMO_PASSWORD,
        })
      ).status,
    ).toBe(302);
    const created = await buyer.post("/create-rfq", {
      title,
      category: "home-textiles",
      description: "Cotton terry kitchen towels, 40 x 60 cm, 400 gsm.",
      specifications: "",
      quantity: "5000",
      unit: "pieces",
      budgetMin: "4000",
      budgetMax: "6000",
      deliveryLocation: "Brooklyn, NY",
      deadline: dateFromToday(10),
      timeZone: "America/New_York",
    });
    expect(created.status).toBe(302);
    const list = await (await buyer.get(`/rfqs?q=${encodeURIComponent(title)}`)).text();
    rfqId = new RegExp(`href="/rfqs/(${UUID})"`).exec(list)![1]!;
  });
  afterAll(async () => {
    await browser?.close();
    await phone?.close();
  });

  it("an administrator reads the rates newest first and is told what is wrong with a new one", async () => {
    const { page } = browser;
    await signIn(page, "admin@setu.example");
    await page.goto("/admin/rates");
    await page.getByRole("heading", { name: "Exchange rates" }).waitFor();
    expect(await page.locator("tbody").innerText()).toContain("₹88.45");
    await hydrated(page);
    await page.getByLabel("Rupees per US dollar (₹ = $1)").fill("88.45123");
    await page.getByRole("button", { name: "Add rate" }).click();
    await page.getByText("Enter rupees per US dollar, like 88.45 (up to 4 decimals)").waitFor();
    // an old manual rate: it never becomes the rate in force, which the quote below relies on
    await page.getByLabel("Date").fill("2016-11-25");
    await page.getByLabel("Rupees per US dollar (₹ = $1)").fill("67.5");
    await page.getByLabel("Source").selectOption("manual");
    await page.getByLabel("Note (optional)").fill(`<b>not bold</b> ${Date.now()}`);
    await page.getByRole("button", { name: "Add rate" }).click();
    await page.getByText("Rate of ₹67.5 = $1 for 25 Nov 2016 added").first().waitFor();
    expect(await page.locator("tbody").innerText()).toContain("<b>not bold</b>");
    // the form is empty again for the next rate
    expect(await page.getByLabel("Rupees per US dollar (₹ = $1)").inputValue()).toBe("");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "admin-rates-desktop");
    await signIn(phone.page, "admin@setu.example");
    await phone.page.goto("/admin/rates");
    await picture(phone.page, "admin-rates-phone");
  });

  it("a supplier quotes FOB Mundra in rupees through the form and reads it back in rupees with dollars beside", async () => {
    const { page } = browser;
    await signIn(page, "rajesh@shakti-textiles.example");
    await page.goto(`/rfqs/${rfqId}`);
    await hydrated(page);
    // the deadline in the viewer's zone and in IST
    expect(await page.locator("main").innerText()).toMatch(
      /Closes \d+ \w{3}, \d+:\d\d [AP]M \w+ · \d+ \w{3}, \d+:\d\d [AP]M IST/,
    );
    // the buyer's budget in rupees beside the dollars, at the rate a quote would store
    expect(await page.locator("main").innerText()).toContain("about ₹3,53,800.00 – ₹5,30,700.00 at ₹88.45 = $1 on");
    await hydrated(page);
    await page.getByText("Open form", { exact: true }).click();
    await page.getByLabel("Currency").selectOption("INR");
    await page.getByLabel("Unit Price (INR)").fill("85");
    await page.getByText("₹85.00 each × 5,000 pieces = ₹4,25,000.00 · about $4,804.97").waitFor();
    await page.getByLabel("Incoterm (Incoterms® 2020)").selectOption("FOB");
    // FOB names an Indian seaport: the place in words is not asked for
    expect(
      await page.getByLabel("Named place (EXW, FCA: place of delivery; DAP, DDP: US destination)").isVisible(),
    ).toBe(false);
    await page.getByRole("button", { name: "Submit Quote" }).click();
    await page.getByText("Choose the Indian port of loading for FOB").waitFor();
    await page.getByLabel("Indian port of loading").selectOption("INMUN");
    await page.getByLabel("Lead time (days)").fill("45");
    await page.getByLabel("Payment terms", { exact: true }).selectOption("advance_30_bl_70");
    await page.getByLabel("Quote valid until").fill(dateFromToday(30));
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("Sample price (INR, optional)").fill("1500");
    await page.getByLabel("HTSUS code (optional)").fill("6302.60.0020");
    await page.getByLabel("Description of goods (optional)").fill("Cotton terry hand towels, 40 x 70 cm");
    await page.getByLabel("Material / composition (optional)").fill("100% cotton terry, 450 gsm");
    await page.getByLabel("Gross weight per piece (kg, optional)").fill("0.45");
    await picture(page, "quote-form-desktop");
    await page.getByRole("button", { name: "Submit Quote" }).click();
    await page.getByText("Quote submitted successfully!").waitFor();
    const mine = page.locator("li", { hasText: "(your quote)" });
    const text = await mine.innerText();
    expect(text).toContain("₹4,25,000.00");
    expect(text).toContain("about $4,804.97");
    expect(text).toContain("₹88.45 = $1 on");
    expect(text).toContain("FOB Mundra (INMUN)");
    expect(text).toContain("30 % advance / 70 % against bill of lading");
    expect(text).toContain("Available, ₹1,500.00");
    // the 10-digit HTSUS number with the HTS table's description, and the goods as the invoices will print them
    expect(text).toContain("6302.60.0020");
    expect(text).toContain("of cotton: Towels: Other");
    expect(text).toContain("100% cotton terry, 450 gsm");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "quote-supplier-desktop");

    await signIn(phone.page, "rajesh@shakti-textiles.example");
    await phone.page.goto(`/rfqs/${rfqId}`);
    await hydrated(phone.page);
    await phone.page.getByText("Open form", { exact: true }).click();
    await phone.page.getByLabel("Incoterm (Incoterms® 2020)").selectOption("DDP");
    await picture(phone.page, "quote-form-phone");
  });

  it("the buyer sees the quote in US dollars, per unit and in total, with the rupee amounts and the rate", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto(`/rfqs/${rfqId}`);
    // the quote in the list (the comparison's phone cards above it hold the same supplier)
    const quote = page
      .locator("li", { hasText: "Shakti Textiles Pvt. Ltd." })
      .filter({ hasText: "Contact Supplier" })
      .first();
    const text = await quote.innerText();
    expect(text).toContain("$4,804.97");
    // ₹85.00 / 88.45 = $0.96
    expect(text).toContain("$0.96");
    expect(text).toContain("quoted ₹4,25,000.00");
    expect(text).toMatch(/Converted at ₹88\.45 = \$1 on \d{1,2} \w{3} \d{4}, FBIL/);
    expect(text).toContain("FOB Mundra (INMUN)");
    expect(text).toContain("45 days (production + transit)");
    // the buyer's own deadline, without IST
    expect(await page.locator("main").innerText()).not.toContain("IST");
    await picture(page, "quote-buyer-desktop");
  });

  it("without JavaScript every term shows, and a CIF quote in dollars posts and is refused or kept by the server", async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = noScript;
      await signIn(page, "priya@deccan-auto.example");
      await page.goto(`/rfqs/${rfqId}`);
      await page.getByText("Open form", { exact: true }).click();
      await page.getByLabel("Incoterm (Incoterms® 2020)").selectOption("CIF");
      // with no script to narrow it, the port list holds Indian and US seaports, and the place field shows too
      await page.locator('select[name="incotermPort"]').selectOption("INMUN");
      expect(await page.locator('input[name="incotermPlace"]').isVisible()).toBe(true);
      expect(await page.locator('label[for="quote-incotermPort"]').innerText()).toBe(
        "Port (FOB: Indian port of loading; CIF: US port of destination)",
      );
      await page.getByLabel("Total Price (USD)").fill("5200");
      await page.getByLabel("Lead time (days)").fill("60");
      await page.getByLabel("Payment terms", { exact: true }).selectOption("lc_at_sight");
      await page.getByLabel("Quote valid until").fill(dateFromToday(20));
      await page.getByRole("button", { name: "Submit Quote" }).click();
      await page.getByText("CIF needs a US seaport of destination: choose one from the list").first().waitFor();
      // the server's answer keeps what was typed
      expect(await page.getByLabel("Total Price (USD)").inputValue()).toBe("5200");
      await page.locator('select[name="incotermPort"]').selectOption("USNYC");
      await page.getByRole("button", { name: "Submit Quote" }).click();
      // (the success toast needs JavaScript; the page itself shows the quote)
      await page.getByText("(your quote)").waitFor();
      expect(await page.locator("main").innerText()).toContain("CIF New York / New Jersey (USNYC)");
    } finally {
      await noScript.close();
    }
  });
});
