import fs from "node:fs";
import { hashPassword } from "better-auth/crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { startJobQueue } from "~/modules/jobs/job-queue.server";
import { enqueueOrderDocuments } from "~/modules/order-documents/order-documents.server";
import { createExportOrder, createPackingDetails, createSellerBusinessDetails } from "../factories/export-orders";
import { createProduct } from "../../seed/factories/products";
import { addProductToStore, createStore } from "../../seed/factories/stores";
import { addPasswordLogin, createBuyer, createSeller } from "../../seed/factories/users";
import type { AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { signIn } from "./support/accounts";
import { hydrated, openBrowser, seriousA11yViolations } from "./support/browser";
import { migratedDataDir, startTestServer } from "./support/test-server";

const PASSWORD = "Terry-Towel-Route-42";

/** A full-page picture at the page's width, with SCREENSHOTS set. */
async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

async function signedInClient(url: string, email: string) {
  const client = new HttpClient(url);
  expect((await client.post("/auth", { intent: "signin", email, password: PASSWORD })).status).toBe(302);
  return client;
}

describe("export documents and reviews: the supplier packs, both parties download the PDFs, the buyer reviews, the supplier replies", () => {
  let server: AppServer;
  let dataDir: string;
  const emails = { buyer: "", seller: "", stranger: "" };
  const ids = { packing: "", shipped: "", completed: "", store: "", product: "" };
  let browser: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    // The orders are put straight into the status each step needs: the lifecycle's own screens are built elsewhere.
    dataDir = migratedDataDir("setu-reviews-documents-");
    const database = await openPglite(dataDir);
    try {
      const buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods LLC", fullName: "Sarah Klein" });
      const seller = await createSeller(database.db, {
        companyName: "Karur Terry Mills",
        verificationStatus: "verified",
      });
      const stranger = await createBuyer(database.db, { companyName: "Austin Linen Co" });
      const hash = await hashPassword(PASSWORD);
      for (const account of [buyer, seller, stranger]) await addPasswordLogin(database.db, account.user.id, hash);
      emails.buyer = buyer.user.email;
      emails.seller = seller.user.email;
      emails.stranger = stranger.user.email;
      await createSellerBusinessDetails(database.db, seller.user.id);
      const store = await createStore(database.db, {
        sellerId: seller.user.id,
        name: "Karur Terry Mills",
        description: "Terry towels from Karur since 1998.",
      });
      const product = await createProduct(database.db, {
        sellerId: seller.user.id,
        name: "Terry kitchen towel 40 x 60 cm",
        category: "home-textiles",
        description: "400 gsm cotton terry.",
      });
      await addProductToStore(database.db, { storeId: store.id, productId: product.id });
      ids.store = store.id;
      ids.product = product.id;
      ids.packing = (
        await createExportOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "confirmed" })
      ).id;
      const shipped = await createExportOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        status: "shipped",
        carrier: "Maersk",
        billOfLading: "MAEU123456789",
      });
      ids.shipped = shipped.id;
      await createPackingDetails(database.db, shipped.id);
      ids.completed = (
        await createExportOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "completed" })
      ).id;
      // the shipment's job, queued as the lifecycle queues it: the server's worker issues the documents
      const jobs = await startJobQueue(database);
      await database.db.transaction((tx) => enqueueOrderDocuments(tx, jobs, shipped.id, "shipped"));
      await jobs.stop();
    } finally {
      await database.close();
    }
    server = await startTestServer({ dataDir, env: { DEMO_DATA: "off" }, startTimeoutMs: 150_000 });
    browser = await openBrowser({ javaScriptEnabled: true });
    browser.context.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const at = (p: string) => `${server.url}${p}`;
  const signInHere = (page: Page, email: string) => signIn(page, email, PASSWORD, server.url);

  it("the supplier enters the packing details, told what is wrong first", async () => {
    const { page } = browser;
    await signInHere(page, emails.seller);
    await page.goto(at(`/orders/${ids.packing}/documents`));
    await page.getByRole("heading", { name: "Export documents", exact: true }).waitFor();
    await hydrated(page);
    await page.getByLabel("Number of packages").fill("40");
    await page.getByLabel("Net weight (kg)").fill("500");
    await page.getByLabel("Gross weight (kg)").fill("450");
    await page.getByLabel("Length (cm)").fill("60");
    await page.getByLabel("Width (cm)").fill("40");
    await page.getByLabel("Height (cm)").fill("40");
    await page.getByRole("button", { name: "Save packing details" }).click();
    await page.getByText("Gross weight includes the packing: it cannot be less than the net weight").waitFor();
    await page.getByLabel("Gross weight (kg)").fill("540.5");
    await page.getByRole("button", { name: "Save packing details" }).click();
    await page.getByText("Packing details saved").first().waitFor();
    expect(await page.getByLabel("Gross weight (kg)").inputValue()).toBe("540.5");
    await page.getByRole("button", { name: "Update packing details" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "order-documents-packing-desktop");
  });

  it("issues the shipment's documents through the job; both parties download the PDFs, anyone else gets 404", async () => {
    const buyer = await signedInClient(server.url, emails.buyer);
    const seller = await signedInClient(server.url, emails.seller);
    const stranger = await signedInClient(server.url, emails.stranger);
    const anonymous = new HttpClient(server.url);
    // the documents page lists the packing list once the server's worker has run the job
    let page = "";
    await expect
      .poll(
        async () => {
          page = await (await buyer.get(`/orders/${ids.shipped}/documents`)).text();
          return page.includes(`/orders/${ids.shipped}/documents/packing_list`);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    for (const kind of ["proforma_invoice", "commercial_invoice", "packing_list"])
      expect(page).toContain(`/orders/${ids.shipped}/documents/${kind}`);
    for (const client of [buyer, seller]) {
      const response = await client.get(`/orders/${ids.shipped}/documents/commercial_invoice`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="CI-\d{4}-\d{2}-0001-commercial-invoice\.pdf"$/,
      );
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    for (const client of [stranger, anonymous]) {
      expect((await client.get(`/orders/${ids.shipped}/documents/commercial_invoice`)).status).toBe(404);
      expect((await client.get(`/orders/${ids.shipped}/documents`)).status).toBe(anonymous === client ? 302 : 404);
    }
    // not issued yet, and not a kind at all
    expect((await buyer.get(`/orders/${ids.packing}/documents/commercial_invoice`)).status).toBe(404);
    expect((await buyer.get(`/orders/${ids.shipped}/documents/certificate`)).status).toBe(404);
    // never through the public uploads route
    expect((await anonymous.get(`/uploads/order-documents/${ids.shipped}/x.pdf`)).status).toBe(404);

    // the buyer downloads in the browser too
    const { page: tab } = browser;
    await signInHere(tab, emails.buyer);
    await tab.goto(at(`/orders/${ids.shipped}/documents`));
    const [download] = await Promise.all([
      tab.waitForEvent("download"),
      tab.getByRole("link", { name: "Download PDF of the packing list" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^PL-\d{4}-\d{2}-0001-packing-list\.pdf$/);
    await picture(tab, "order-documents-buyer-desktop");
  });

  it("the buyer reviews the completed order with star ratings; the store page and the product card show the average and count", async () => {
    const { page } = browser;
    await page.goto(at(`/stores/${ids.store}`));
    await page.getByRole("heading", { name: "Reviews" }).waitFor();
    // the header says so once; the cards say nothing; the section says none has reviewed yet
    await page.getByText("No reviews yet").waitFor();
    expect(await page.getByRole("region", { name: "Reviews" }).innerText()).toContain("none has yet");
    await page.goto(at(`/orders/${ids.completed}/review`));
    await page.getByRole("heading", { name: "Review your supplier" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Publish review" }).click();
    await page.getByText("Choose a rating for product quality from 1 to 5 stars").waitFor();
    // the radios are drawn by their labels: a person clicks the stars
    for (const [group, stars] of [
      ["Product quality", "5 stars"],
      ["Communication", "4 stars"],
      ["On-time delivery", "3 stars"],
    ] as const) {
      await page.getByRole("group", { name: group }).locator("label", { hasText: stars }).click();
      expect(await page.getByRole("group", { name: group }).getByRole("radio", { name: stars }).isChecked()).toBe(true);
    }
    // and the keyboard moves the choice like any radio group
    await page.getByRole("group", { name: "On-time delivery" }).getByRole("radio", { name: "3 stars" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    expect(
      await page.getByRole("group", { name: "On-time delivery" }).getByRole("radio", { name: "3 stars" }).isChecked(),
    ).toBe(true);
    await page
      .getByLabel("Your review")
      .fill("Towels exactly as sampled, well packed; the shipment left two days late.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "order-review-form-desktop");
    await page.getByRole("button", { name: "Publish review" }).click();
    await page.getByText("Thank you: your review is published on the supplier's store").first().waitFor();

    await page.goto(at(`/stores/${ids.store}`));
    const header = page.locator("header").filter({ hasText: "Karur Terry Mills" }).first();
    expect(await header.innerText()).toContain("4.0");
    expect(await header.innerText()).toContain("(1 review)");
    const reviews = page.getByRole("region", { name: "Reviews" });
    expect(await reviews.innerText()).toContain("Towels exactly as sampled");
    expect(await reviews.innerText()).toContain("Brooklyn Home Goods LLC");
    // the product card on the store page
    const card = page.locator("article").filter({ hasText: "Terry kitchen towel 40 x 60 cm" }).first();
    expect(await card.innerText()).toContain("4.0");
    expect(await card.innerText()).toContain("(1 review)");
    // and the marketplace's card of the same supplier's product
    await page.goto(at("/browse?q=terry+kitchen+towel"));
    const marketCard = page.locator("article").filter({ hasText: "Terry kitchen towel 40 x 60 cm" }).first();
    await marketCard.waitFor();
    expect(await marketCard.innerText()).toContain("4.0");
    expect(await marketCard.innerText()).toContain("(1 review)");
    if (process.env.SCREENSHOTS) await marketCard.screenshot({ path: "screenshots/product-card-rating.png" });
    // a second review of the same order is refused
    const buyer = await signedInClient(server.url, emails.buyer);
    const again = await buyer.post(`/orders/${ids.completed}/review`, {
      intent: "review",
      productQuality: "1",
      communication: "1",
      onTimeDelivery: "1",
      body: "Trying to review twice here.",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already reviewed this order.");
    // an intent the page does not have is refused, never read as a review; on an order not theirs it is not there
    const unknown = await buyer.post(`/orders/${ids.completed}/review.data`, { intent: "edit", body: "Edited text." });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action");
    const elsewhere = await buyer.post("/orders/00000000-0000-4000-8000-000000000000/review.data", { intent: "edit" });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain("Order not found");
  });

  it("the supplier replies once, from the store page through the review's order", async () => {
    const { page } = browser;
    await signInHere(page, emails.seller);
    await page.goto(at(`/stores/${ids.store}#reviews`));
    // the store page carries no form (it stays light for every visitor): the owner replies on the order
    await page.getByRole("link", { name: "Reply to this review on its order" }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${ids.completed}`);
    await hydrated(page);
    await page
      .getByLabel("Your reply (once, shown under the review)")
      .fill("Thank you, Sarah: we now book the vessel a week earlier.");
    await page.getByRole("button", { name: "Publish reply" }).click();
    await page.getByText("Reply published").first().waitFor();
    await page.goto(at(`/stores/${ids.store}#reviews`));
    const reviews = page.getByRole("region", { name: "Reviews" });
    await reviews.getByText("Reply from Karur Terry Mills").waitFor();
    expect(await reviews.innerText()).toContain("we now book the vessel a week earlier");
    expect(await page.getByRole("button", { name: "Publish reply" }).count()).toBe(0);
    const seller = await signedInClient(server.url, emails.seller);
    const again = await seller.post(`/orders/${ids.completed}/review`, { intent: "reply", reply: "A second reply" });
    expect(again.status).toBe(409);
    // anonymous visitors read the review and the reply with the rating
    await page.context().clearCookies();
    await page.goto(at(`/stores/${ids.store}`));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "store-reviews-desktop");
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.goto(at(`/stores/${ids.store}#reviews`));
      await picture(phone.page, "store-reviews-phone");
      await phone.page.goto(at(`/product/${ids.product}`));
      expect(await phone.page.getByRole("region", { name: "Supplier" }).innerText()).toContain("(1 review)");
      await picture(phone.page, "product-rating-phone");
    } finally {
      await phone.close();
    }
  });
});
