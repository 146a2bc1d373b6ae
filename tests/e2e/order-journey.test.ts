import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import type { HttpClient } from "../support/http-client";
import { signIn, signUpOverHttp } from "./support/accounts";
import { openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const PASSWORD = "Escrow-Journey-77";
const signUp = (userType: "buyer" | "seller", companyName: string) => signUpOverHttp(userType, companyName, PASSWORD);

describe("order journey: accepted quote → escrow → shipped → completed", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let buyer: { client: HttpClient; email: string };
  let seller: { client: HttpClient; email: string };
  const title = `Cotton terry hand towels ${Date.now()}`;
  let rfqId: string;
  let orderPath: string;

  beforeAll(async () => {
    browser = await openBrowser();
    buyer = await signUp("buyer", `Journey Buyers ${Date.now()}`);
    seller = await signUp("seller", `Journey Exporters ${Date.now()}`);
    const posted = await buyer.client.post("/create-rfq", {
      title,
      category: "home-textiles",
      description: "Cotton terry hand towels, 40 x 70 cm, dobby border.",
      specifications: "",
      quantity: "100",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Austin, TX",
      deadline: dateFromToday(20),
    });
    expect(posted.status).toBe(302);
    rfqId = /\/rfqs\/([0-9a-f-]{36})/.exec(await (await buyer.client.get("/rfqs?mine=1")).text())![1]!;
    const quoted = await seller.client.post(`/rfqs/${rfqId}`, {
      intent: "quote",
      price: "1000.00",
      quantity: "100",
      deliveryTimeline: "30 days",
      terms: "",
      paymentTerms: "advance_30_bl_70",
      hsCode: "6302.60.0020",
      // the goods as the invoices print them (issue #41)
      goodsDescription: "Cotton terry hand towels, 40 x 70 cm",
      material: "100% cotton terry, 450 gsm",
    });
    expect(quoted.status).toBeLessThan(400);
  });
  afterAll(() => browser?.close());

  async function act(button: string, confirm: string | null, done: string) {
    const { page } = browser;
    await page.getByRole("button", { name: button, exact: true }).click();
    if (confirm) await page.getByRole("dialog").getByRole("button", { name: confirm, exact: true }).click();
    await page.getByText(done).first().waitFor();
  }

  it("the buyer accepts the quote and the supplier confirms the order", async () => {
    const { page } = browser;
    await signIn(page, buyer.email, PASSWORD);
    await page.goto(`/rfqs/${rfqId}`);
    await page.getByRole("button", { name: "Accept Quote" }).click();
    await page.getByRole("dialog").getByLabel("Ship-to address").fill("2150 E 37th Street\nVernon, CA 90058");
    await page.getByRole("dialog").getByRole("button", { name: "Place the order" }).click();
    await page.waitForURL(/\/orders$/);
    await page
      .getByRole("link", { name: /View order/ })
      .first()
      .click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    orderPath = new URL(page.url()).pathname;
    // the address changes before the new page is drawn: wait for the order's own heading
    await page.getByRole("heading", { level: 1, name: /^Order / }).waitFor();
    const summary = await page.locator("main").innerText();
    expect(summary).toContain("$1,000.00");
    expect(summary).toContain("30 % advance / 70 % against bill of lading");
    expect(summary).toContain("6302.60.0020");
    // the box says what the buyer waits for, never nothing
    expect(summary).toContain("Waiting for the supplier to confirm the order.");

    await signIn(page, seller.email, PASSWORD);
    await page.goto(orderPath);
    await act("Confirm order", null, "Order confirmed");
  });

  it("the buyer funds the advance by card; a declined card is told; the webhook marks it held", async () => {
    const { page } = browser;
    await signIn(page, buyer.email, PASSWORD);
    // the dashboard says what waits: the two milestones to fund, each leading to the order
    const actions = page
      .locator("section, div")
      .filter({ has: page.getByRole("heading", { name: "Action needed" }) })
      .last();
    expect(await actions.innerText()).toContain("Fund 30% advance of");
    await screenshot(page, "dashboard-action-needed");
    await actions.getByRole("link", { name: /^Fund 30% advance of/ }).click();
    await page.waitForURL((url) => url.pathname === orderPath);
    const balance = page.locator("li", { hasText: "70% against bill of lading" });
    await balance.getByLabel("Name on card").fill("Journey Person");
    await balance.getByLabel("Card number").fill("4000 0000 0000 0002");
    await balance.getByLabel("Expiry (MM/YY)").fill("12/30");
    await balance.getByLabel("Security code").fill("123");
    await balance.getByRole("button", { name: "Pay $700.00 into escrow" }).click();
    await page.getByText("Your card was declined.").first().waitFor();
    // told once, on the card's field: not again in an alert and under the milestone
    expect(await page.getByText("Your card was declined.").count()).toBe(1);

    const advance = page.locator("li", { hasText: "30% advance" });
    await advance.getByLabel("Name on card").fill("Journey Person");
    await advance.getByLabel("Card number").fill("4242 4242 4242 4242");
    // typed as many people type it, without the slash
    await advance.getByLabel("Expiry (MM/YY)").fill("1230");
    await advance.getByLabel("Security code").fill("123");
    await screenshot(page, "order-fund-advance");
    await advance.getByRole("button", { name: "Pay $300.00 into escrow" }).click();
    await page.getByText("Payment of $300.00 submitted").first().waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.live === "open");
    // the simulator's signed webhook arrives through the job queue; the page shows it held without a reload
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.locator('li[data-state="held"]', { hasText: "30% advance" }).waitFor({ timeout: 30_000 });
    expect(navigations).toEqual([]);
    expect(await page.getByTestId("escrow-held").innerText()).toBe("$300.00");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("the supplier produces and ships with the bill of lading: the advance stays held for the buyer's inspection", async () => {
    const { page } = browser;
    await signIn(page, seller.email, PASSWORD);
    await page.goto(orderPath);
    await act("Start production", null, "Order in production");
    await act("Mark ready to ship", null, "Order ready to ship");
    // the packing details, entered once, make the packing list at shipment
    await page.getByLabel("Number of packages").fill("4");
    await page.getByLabel("Net weight (kg)").fill("38");
    await page.getByLabel("Gross weight (kg)").fill("42.5");
    await page.getByLabel("Length (cm)").fill("60");
    await page.getByLabel("Width (cm)").fill("40");
    await page.getByLabel("Height (cm)").fill("40");
    await page.getByRole("button", { name: "Save packing details" }).click();
    await page.waitForURL((url) => url.pathname === orderPath);
    await page.getByRole("button", { name: "Update packing details" }).waitFor();
    await page.getByRole("button", { name: "Mark as shipped", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Mark this order as shipped?" });
    await dialog.getByLabel("Carrier").fill("Maersk Line");
    await dialog.getByLabel("Vessel and voyage, or flight").fill("Maersk Kinloss 447W");
    await dialog.getByLabel("US port of discharge").fill("New York/Newark (USNYC)");
    await dialog.getByLabel("Bill of lading or air waybill number").fill("MAEU 7654321");
    await dialog.getByLabel("Tracking link (optional)").fill("https://www.maersk.com/tracking/MAEU7654321");
    await dialog.getByLabel("Estimated arrival").fill(dateFromToday(30));
    await screenshot(page, "order-ship-dialog");
    await dialog.getByRole("button", { name: "Confirm shipment" }).click();
    await page.getByText("Order marked as shipped").first().waitFor();
    // record 0042: held until the inspection window closes, so a dispute after shipment can still refund it
    expect(await page.locator("li", { hasText: "30% advance" }).getAttribute("data-state")).toBe("held");
    expect(await page.locator("main").innerText()).toContain("MAEU 7654321");
    // the proforma invoice (at confirmation), the commercial invoice and the packing list (at shipment), issued by
    // the job queue: the order page lists them once the job has run (it sends no live event for them)
    await expect
      .poll(
        async () => {
          await page.goto(orderPath);
          return page.getByRole("link", { name: "Download PDF of the packing list" }).count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    for (const kind of ["proforma invoice", "commercial invoice", "packing list"]) {
      const href = await page.getByRole("link", { name: `Download PDF of the ${kind}` }).getAttribute("href");
      const pdf = await page.request.get(href!);
      expect(pdf.headers()["content-type"], kind).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString(), kind).toBe("%PDF-");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
        mergePages: true,
      });
      const printed = text.replace(/\s+/g, " ");
      expect(printed, kind).toContain("Cotton terry hand towels, 40 x 70 cm. Material: 100% cotton terry, 450 gsm");
      expect(printed, kind).toContain("2150 E 37th Street Vernon, CA 90058");
      if (kind !== "proforma invoice") expect(printed, kind).toContain("Vessel / flight Maersk Kinloss 447W");
    }
  });

  it("the buyer marks it delivered and completes it; the escrow is released then; the timeline tells the whole story", async () => {
    const { page } = browser;
    await signIn(page, buyer.email, PASSWORD);
    await page.goto(orderPath);
    // the buyer pays the balance now due against the bill of lading
    const balance = page.locator("li", { hasText: "70% against bill of lading" });
    await balance.getByLabel("Name on card").fill("Journey Person");
    await balance.getByLabel("Card number").fill("4242 4242 4242 4242");
    await balance.getByLabel("Expiry (MM/YY)").fill("12/30");
    await balance.getByLabel("Security code").fill("123");
    await balance.getByRole("button", { name: "Pay $700.00 into escrow" }).click();
    await page.locator('li[data-state="held"]', { hasText: "70% against bill of lading" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("escrow-held").innerText()).toBe("$1,000.00");
    // the dialog speaks to the buyer as "you", never of "the buyer"
    await page.getByRole("button", { name: "Mark as delivered", exact: true }).click();
    const deliver = page.getByRole("dialog", { name: "Mark the goods as delivered?" });
    expect(await deliver.innerText()).toContain("You then have 14 days to inspect them");
    expect(await deliver.innerText()).not.toContain("the buyer");
    await deliver.getByRole("button", { name: "Mark delivered", exact: true }).click();
    await page.getByText("Order marked as delivered").first().waitFor();
    // a dispute now could refund everything paid: the dialog says so
    await page.getByRole("button", { name: "Open a dispute", exact: true }).click();
    const dispute = page.getByRole("dialog", { name: "Open a dispute?" });
    expect(await dispute.innerText()).toContain("Refundable now: $1,000.00, held in escrow.");
    await page.keyboard.press("Escape");
    await dispute.waitFor({ state: "detached" });
    await act("Confirm and complete", "Complete order", "Order completed");
    expect(await page.locator("li", { hasText: "30% advance" }).getAttribute("data-state")).toBe("released");
    expect(await page.getByTestId("escrow-held").innerText()).toBe("$0.00");
    const text = await page.locator("main").innerText();
    for (const step of ["Placed", "Confirmed", "In production", "Ready to ship", "Shipped", "Delivered", "Completed"])
      expect(text).toContain(step);
    await screenshot(page, "order-completed-buyer");
  });

  it("the buyer rates the supplier on the completed order, once; the supplier replies once", async () => {
    const { page } = browser;
    await page.goto(orderPath);
    for (const [group, stars] of [
      ["Product quality", "5 stars"],
      ["Communication", "4 stars"],
      ["On-time delivery", "4 stars"],
    ] as const) {
      await page.getByRole("group", { name: group }).locator("label", { hasText: stars }).click();
    }
    await page.getByLabel("Your review").fill("Soft towels, exactly as sampled; documents were complete.");
    await page.getByRole("button", { name: "Publish review" }).click();
    await page.getByText("Thank you: your review is published on the supplier's store").first().waitFor();
    expect(await page.getByRole("button", { name: "Publish review" }).count()).toBe(0);

    await signIn(page, seller.email, PASSWORD);
    await page.goto(orderPath);
    await page
      .getByLabel("Your reply (once, shown under the review)")
      .fill("Thank you: we look forward to the next order.");
    await page.getByRole("button", { name: "Publish reply" }).click();
    await page.getByText("Thank you: we look forward to the next order.").first().waitFor();
    expect(await page.getByRole("button", { name: "Publish reply" }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
