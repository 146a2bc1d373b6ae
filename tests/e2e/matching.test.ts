import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import { HttpClient } from "../support/http-client";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * Issue #23: a buyer posts an RFQ; the matching job (in the background, after the buyer's answer) sends it to the
 * suppliers whose products fit; the textile mill finds it under "Matched for you" with the reason, on its dashboard
 * and in its list, and opens it. The spice house is not matched.
 */
describe("RFQ matching: the right suppliers see a new RFQ", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  const title = `Organic cotton bath towels ${Date.now()}`;

  it("matches a new towel RFQ to the textile supplier with its reason, which opens the RFQ", async () => {
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
    const posted = await buyer.post("/create-rfq", {
      title,
      category: "home-textiles",
      description: "GOTS organic cotton bath towels for our spa line, six colours.",
      specifications: "",
      quantity: "3000",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Brooklyn, NY",
      deadline: dateFromToday(12),
    });
    expect(posted.status).toBe(302);

    const { page } = browser;
    await signIn(page, "rajesh@shakti-textiles.example");
    // the job runs within seconds of the post
    await expect
      .poll(
        async () => {
          await page.goto("/rfqs?matched=1");
          return page.getByRole("link", { name: title }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const card = page.locator("article", { has: page.getByRole("link", { name: title }) });
    expect(await card.innerText()).toContain("Matches your products: Organic Cotton Bath Towels, 600 GSM");
    expect(await page.getByRole("link", { name: "Matched for you" }).getAttribute("aria-current")).toBe("page");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "rfqs-matched");

    // muting the category takes it out of the matches until it is unmuted
    await hydrated(page);
    await page.getByLabel("Category to mute").selectOption("home-textiles");
    await page.getByRole("button", { name: "Mute category" }).click();
    await page.getByText("You will no longer be matched to Home Textiles RFQs").waitFor();
    await page.getByRole("button", { name: "Unmute Home Textiles" }).click();
    await page.getByText("You will be matched to Home Textiles RFQs again").waitFor();

    await page.goto("/dashboard");
    const matched = page.getByRole("heading", { name: "Matched for you" });
    await matched.waitFor();
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: title }).waitFor();

    // the spice house sells no towels: the RFQ is not among its matches
    await signIn(page, "thomas@malabar-spice.example");
    await page.goto("/rfqs?matched=1");
    await page.getByRole("heading", { name: "Matched for you" }).waitFor();
    expect(await page.getByRole("link", { name: title }).count()).toBe(0);
  });
});
