import fs from "node:fs";
import { hashPassword } from "better-auth/crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { createProducts } from "../../seed/factories/products";
import { createQuote, createRfq } from "../../seed/factories/rfqs";
import { addProductsToStore, createStore } from "../../seed/factories/stores";
import { addPasswordLogin, createBuyer, createSeller } from "../../seed/factories/users";
import type { AppServer } from "../support/app-server";
import { signIn } from "./support/accounts";
import { openBrowser, seriousA11yViolations } from "./support/browser";
import { migratedDataDir, startTestServer } from "./support/test-server";

const PASSWORD = "Bath-Towel-Loom-77";

/** A full-page picture at the page's width, with SCREENSHOTS set. */
async function picture(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Issue #23.4, on a server of its own (the demo has one supplier per category): a towel product page suggests the
 * other towel mill, not the pump maker and never its own supplier; the buyer of a towel RFQ is shown the mill that
 * quoted on a towel RFQ before and messages it from there; a supplier opening the same RFQ is not shown the list.
 */
describe("similar suppliers: product pages and the buyer's RFQ", () => {
  let server: AppServer;
  let dataDir: string;
  const emails = { buyer: "", supplier: "" };
  const ids = { product: "", karurStore: "", rfq: "" };
  let browser: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    dataDir = migratedDataDir("setu-similar-suppliers-");
    const database = await openPglite(dataDir);
    try {
      const buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods LLC" });
      const otherBuyer = await createBuyer(database.db, { companyName: "Austin Spa Supply" });
      const shakti = await createSeller(database.db, { companyName: "Tiruppur Towel Works" });
      const karur = await createSeller(database.db, { companyName: "Karur Terry Mills" });
      const pumps = await createSeller(database.db, { companyName: "Rajkot Pumps" });
      const hash = await hashPassword(PASSWORD);
      for (const account of [buyer, shakti]) await addPasswordLogin(database.db, account.user.id, hash);
      emails.buyer = buyer.user.email;
      emails.supplier = shakti.user.email;
      const products = await createProducts(database.db, [
        {
          sellerId: shakti.user.id,
          name: "Organic Cotton Bath Towels",
          category: "home-textiles",
          tags: ["towels", "organic", "bath"],
          description: "GOTS organic cotton terry.",
        },
        {
          sellerId: karur.user.id,
          name: "Terry Bath Towels, 500 GSM",
          category: "home-textiles",
          tags: ["towels", "bath"],
        },
        {
          sellerId: karur.user.id,
          name: "Cotton Kitchen Towels",
          category: "home-textiles",
          tags: ["towels", "kitchen"],
        },
        { sellerId: pumps.user.id, name: "Towel Mill Water Pump", category: "engineering-goods", tags: ["pump"] },
      ]);
      const shaktiStore = await createStore(database.db, { sellerId: shakti.user.id, name: "Tiruppur Towel Works" });
      const karurStore = await createStore(database.db, { sellerId: karur.user.id, name: "Karur Terry Mills" });
      const pumpStore = await createStore(database.db, { sellerId: pumps.user.id, name: "Rajkot Pumps" });
      await addProductsToStore(database.db, [
        { storeId: shaktiStore.id, productId: products[0]!.id },
        { storeId: karurStore.id, productId: products[1]!.id },
        { storeId: karurStore.id, productId: products[2]!.id },
        { storeId: pumpStore.id, productId: products[3]!.id },
      ]);
      ids.product = products[0]!.id;
      ids.karurStore = karurStore.id;
      const past = await createRfq(database.db, {
        buyerId: otherBuyer.user.id,
        category: "home-textiles",
        title: "Hotel bath towels",
      });
      await createQuote(database.db, { rfqId: past.id, sellerId: karur.user.id });
      await createQuote(database.db, { rfqId: past.id, sellerId: shakti.user.id });
      const rfq = await createRfq(database.db, {
        buyerId: buyer.user.id,
        category: "home-textiles",
        title: "Organic bath towels for spas",
      });
      // Tiruppur already quoted on this one: only Karur is suggested
      await createQuote(database.db, { rfqId: rfq.id, sellerId: shakti.user.id });
      ids.rfq = rfq.id;
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

  it("a towel product page suggests the other towel mill with its towels, not the pump maker, never itself", async () => {
    const { page } = browser;
    await page.goto(at(`/product/${ids.product}`));
    const section = page.getByRole("region", { name: "Similar suppliers" });
    await section.waitFor();
    const cards = section.getByRole("listitem");
    expect(await cards.count()).toBe(1);
    const text = await cards.first().innerText();
    expect(text).toContain("Karur Terry Mills");
    expect(text).toContain("Verified");
    expect(text).toMatch(/Terry Bath Towels, 500 GSM|Cotton Kitchen Towels/);
    expect(await section.innerText()).not.toContain("Rajkot");
    expect(await section.innerText()).not.toContain("Tiruppur");
    expect(await section.getByRole("link", { name: "Karur Terry Mills" }).getAttribute("href")).toBe(
      `/stores/${ids.karurStore}`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "similar-suppliers-product-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await section.waitFor();
    await picture(page, "similar-suppliers-product-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // a towel store's page suggests the other towel maker
    await page.goto(at(`/stores/${ids.karurStore}`));
    expect(await page.getByRole("region", { name: "Similar suppliers" }).innerText()).toContain("Tiruppur Towel Works");
  });

  it("the RFQ's buyer sees a supplier who quoted on RFQs like it and messages it; a supplier does not see the list", async () => {
    const { page } = browser;
    await signInHere(page, emails.buyer);
    await page.goto(at(`/rfqs/${ids.rfq}`));
    const section = page.getByRole("region", { name: "Suppliers who quoted on RFQs like yours" });
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain("Karur Terry Mills");
    expect(text).toContain("Quoted on 1 similar RFQ");
    // Tiruppur quoted on this RFQ already
    expect(text).not.toContain("Tiruppur");
    expect(await section.getByRole("link", { name: "View store" }).getAttribute("href")).toBe(
      `/stores/${ids.karurStore}`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picture(page, "similar-suppliers-rfq");
    await section.getByRole("button", { name: "Message supplier" }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);

    await signInHere(page, emails.supplier);
    await page.goto(at(`/rfqs/${ids.rfq}`));
    await page.getByRole("heading", { name: "Organic bath towels for spas" }).waitFor();
    expect(await page.getByRole("region", { name: "Suppliers who quoted on RFQs like yours" }).count()).toBe(0);
  });
});
