import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { HttpClient, renderedHtml } from "../support/http-client";
import { postRfq } from "../support/rfq-post";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * Drafts that survive a lost connection (issue #43 item 3, decision record 0059), on a phone: the quote form, the
 * message box and the add-product form keep what is typed on the device, offer it again after a reload, keep a post
 * made without a connection and send it with one tap once back online, for one account only, until sign-out.
 */

const SELLER = "rajesh@shakti-textiles.example";
const OTHER_SELLER = "kavya@nandi-electronics.example";

/** The drafts kept in this browser (of one kind of form: "quote:", "message:", "product:"), with their fields by name. */
async function keptDrafts(page: Page, form = "") {
  const all = await page.evaluate(
    () =>
      new Promise<{ key: string; fields: Record<string, string>; unsent: boolean }[]>((resolve, reject) => {
        const opening = indexedDB.open("setu-drafts");
        opening.onupgradeneeded = () => opening.result.createObjectStore("drafts");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const reading = db.transaction("drafts").objectStore("drafts");
          const all: { key: string; fields: Record<string, string>; unsent: boolean }[] = [];
          const cursor = reading.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              db.close();
              resolve(all);
              return;
            }
            const value = at.value as { fields: [string, string][]; unsent: boolean };
            all.push({ key: String(at.key), fields: Object.fromEntries(value.fields), unsent: value.unsent });
            at.continue();
          };
        };
      }),
  );
  return all.filter((kept) => kept.key.split("|")[1]!.startsWith(form));
}

/** The page's draft notice, once it has looked for a kept draft (a positive signal, also when there is none). */
async function draftNotice(page: Page, nth = 0) {
  const notice = page.locator("[data-draft-notice]").nth(nth);
  await notice.waitFor({ state: "attached" });
  return notice;
}

/** The notice's buttons are big enough for a finger (44 × 44 px on a touch screen, decision record 0057). */
async function tapTargetsOf(page: Page) {
  const buttons = page.locator("[data-draft-notice] button");
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const box of await Promise.all((await buttons.all()).map((button) => button.boundingBox()))) {
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
}

/** Runs `steps` with the browser offline (as a phone that lost its signal), and brings the connection back after. */
async function withoutConnection(context: BrowserContext, steps: () => Promise<void>) {
  await context.setOffline(true);
  try {
    await steps();
  } finally {
    await context.setOffline(false);
  }
}

async function signedInClient(email: string) {
  const client = new HttpClient(baseUrl());
  expect((await client.post("/auth", { intent: "signin", email, password: DEMO_PASSWORD })).status).toBe(302);
  return client;
}

describe("drafts that survive a lost connection", () => {
  let phone: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    phone = await openBrowser({ phone: true });
  });
  afterAll(() => phone?.close());

  it("the quote form: kept as typed, offered after a reload, kept when posted offline, sent once with one tap", async () => {
    const { page, context } = phone;
    const buyer = await signedInClient("sarah@brooklyn-home-goods.example");
    const title = `Draft test tea towels ${Date.now()}`;
    const rfqId = await postRfq(buyer, title, "Waffle-weave tea towels for a draft that must not be lost.");
    const timeline = `Lost-signal quote ${Date.now()}: 30 days production + 25 days sea freight`;

    await signIn(page, SELLER);
    await page.goto(`/rfqs/${rfqId}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Open form" }).click();
    await page.getByLabel("Total Price (USD)").fill("4321.09");
    await page.getByLabel("Delivery Timeline").fill(timeline);
    await expect
      .poll(async () => (await keptDrafts(page, "quote:")).map((d) => d.fields.deliveryTimeline))
      .toEqual([timeline]);

    // after a reload the draft is offered under the closed form; Restore opens the form and fills it in
    await page.reload();
    await hydrated(page);
    const offer = page.getByRole("status").filter({ hasText: /A draft of your quote from .* is kept on this device/ });
    await offer.waitFor();
    expect(await page.getByLabel("Delivery Timeline").count()).toBe(0);
    await tapTargetsOf(page);
    await screenshot(page, "drafts-quote-restore-prompt");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Restore" }).click();
    await expect.poll(() => page.getByLabel("Delivery Timeline").inputValue()).toBe(timeline);
    expect(await page.getByLabel("Total Price (USD)").inputValue()).toBe("4321.09");
    // the restored price drives the form as typed text does (Conform saw it): the echo under the prices
    await page.getByText(/\$43\.21 each × 100 pieces = \$4,321\.09/).waitFor();

    // the connection drops; the submit stays on the device, and says so
    await withoutConnection(context, async () => {
      await page.getByRole("button", { name: "Submit Quote" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "Not sent: there is no connection. Your quote is kept on this device" })
        .waitFor();
      expect(await page.getByRole("button", { name: "Waiting for a connection" }).isDisabled()).toBe(true);
      await tapTargetsOf(page);
      expect((await keptDrafts(page, "quote:")).map((d) => [d.fields.deliveryTimeline, d.unsent])).toEqual([
        [timeline, true],
      ]);
      await screenshot(page, "drafts-quote-not-sent");
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    // back online: one tap sends it, through the form's own action
    await page.getByRole("button", { name: "Send now" }).click();
    await page.getByText("Quote submitted successfully!").waitFor();
    await page.getByText("Shakti Textiles Pvt. Ltd. (your quote)").waitFor();
    await expect.poll(() => keptDrafts(page, "quote:")).toEqual([]);
    // it arrived exactly once: the buyer has one quote, with that timeline, not revised (a second post would revise it)
    const buyerView = renderedHtml(await (await buyer.get(`/rfqs/${rfqId}`)).text());
    expect(buyerView).toMatch(/Submitted Quotes \((<!-- -->)?1(<!-- -->)?\)/);
    expect(buyerView).toContain(timeline);
    expect(buyerView).not.toContain(">Revised<");
    expect(buyerView).not.toContain("Earlier version");
    await page.reload();
    await hydrated(page);
    expect(await (await draftNotice(page)).getAttribute("data-draft-notice")).toBe("none");
  });

  it("the message box: kept, offered after a reload, kept when sent offline, sent once with one tap", async () => {
    const { page, context } = phone;
    const text = `Draft kept through a dead zone ${Date.now()}`;
    await signIn(page, SELLER);
    await page.goto("/messages");
    await page.locator("main a[href^='/messages/']").first().click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadPath = new URL(page.url()).pathname;
    await hydrated(page);
    const box = page.getByLabel(/Your message/);
    await box.fill(text);
    await expect.poll(async () => (await keptDrafts(page, "message:")).map((d) => d.fields.body)).toEqual([text]);

    await page.reload();
    await hydrated(page);
    await page
      .getByRole("status")
      .filter({ hasText: /A draft of your message from/ })
      .waitFor();
    expect(await box.inputValue()).toBe("");
    await screenshot(page, "drafts-message-restore-prompt");
    await page.getByRole("button", { name: "Restore" }).click();
    await expect.poll(() => box.inputValue()).toBe(text);

    await withoutConnection(context, async () => {
      await box.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: "Not sent: there is no connection. Your message is kept on this device" })
        .waitFor();
      await screenshot(page, "drafts-message-not-sent");
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    await page.getByRole("status").filter({ hasText: "you are online now" }).waitFor();
    await page.getByRole("button", { name: "Send now" }).click();
    await page.locator("main li", { hasText: text }).first().waitFor();
    await expect.poll(() => keptDrafts(page, "message:")).toEqual([]);
    expect(await box.inputValue()).toBe("");

    // exactly once, as the server has it
    await page.goto(threadPath);
    await hydrated(page);
    expect(await page.getByText(text, { exact: true }).count()).toBe(1);
    expect(await (await draftNotice(page)).getAttribute("data-draft-notice")).toBe("none");
  });

  it("the add-product form: kept with its rows and uploaded image, restored, kept offline and created once with one tap", async () => {
    const { page, context } = phone;
    const name = `Draft block-print cushion ${Date.now()}`;
    await signIn(page, SELLER);
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("button", { name: "Create Product" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Product Name *").fill(name);
    await dialog.getByLabel("Description *").fill("Hand block-printed cotton cushion cover, natural dyes.");
    await dialog.getByLabel("Category *").selectOption("kitchen-and-table-linen");
    await dialog.getByRole("tab", { name: "Variants & Pricing" }).click();
    await dialog.getByLabel("Minimum order quantity").fill("50");
    await dialog.getByRole("button", { name: "Add Variant" }).click();
    await dialog.getByLabel("Color").fill("Madder red");
    await dialog.getByLabel("Price (USD)").fill("7.25");
    await dialog.getByRole("tab", { name: "Images" }).click();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 160, g: 40, b: 30 } } })
      .png()
      .toBuffer();
    await dialog
      .getByLabel("Main product images")
      .setInputFiles({ name: "cushion.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("img", { name: "Uploaded image 1" }).waitFor();
    // the uploaded image's address is kept with the text (an upload is no keystroke)
    await expect
      .poll(async () => (await keptDrafts(page, "product:")).map((d) => [d.fields.name, Boolean(d.fields.main_images)]))
      .toEqual([[name, true]]);

    await page.reload();
    await hydrated(page);
    await page
      .getByRole("status")
      .filter({ hasText: /A draft of your new product from/ })
      .waitFor();
    await screenshot(page, "drafts-product-restore-prompt");
    await page.getByRole("button", { name: "Restore" }).click();
    await expect.poll(() => dialog.getByLabel("Product Name *").inputValue()).toBe(name);
    expect(await dialog.getByLabel("Description *").inputValue()).toContain("block-printed");
    // the variant row comes back, and the image
    await dialog.getByRole("tab", { name: "Variants & Pricing" }).click();
    expect(await dialog.getByLabel("Color").inputValue()).toBe("Madder red");
    await dialog.getByRole("tab", { name: "Images" }).click();
    await dialog.getByRole("img", { name: "Uploaded image 1" }).waitFor();

    await withoutConnection(context, async () => {
      await dialog.getByRole("button", { name: "Create Product" }).click();
      await dialog
        .getByRole("status")
        .filter({ hasText: "Not sent: there is no connection. Your new product is kept on this device" })
        .waitFor();
      await screenshot(page, "drafts-product-not-sent");
    });
    await dialog.getByRole("button", { name: "Send now" }).click();
    await page.getByText("Product created successfully!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => keptDrafts(page, "product:")).toEqual([]);
    await page.goto("/products");
    expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
  });

  it("drafts are one account's: another account on the same browser sees none; sign-out deletes them", async () => {
    const { page } = phone;
    const name = `Draft for one account ${Date.now()}`;
    await signIn(page, SELLER);
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("button", { name: "Create Product" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Product Name *").fill(name);
    await expect.poll(async () => (await keptDrafts(page, "product:")).map((d) => d.fields.name)).toEqual([name]);
    const rajeshKey = (await keptDrafts(page, "product:"))[0]!.key;
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // another account on the same browser (the first one's session ended without a sign-out) sees nothing of it
    await signIn(page, OTHER_SELLER);
    await page.goto("/products");
    await hydrated(page);
    expect(await (await draftNotice(page)).getAttribute("data-draft-notice")).toBe("none");
    expect(await page.getByText(name).count()).toBe(0);
    expect((await keptDrafts(page, "product:")).map((d) => d.key)).toEqual([rajeshKey]);

    // its own account still has it, until it signs out
    await signIn(page, SELLER);
    await page.goto("/products");
    await hydrated(page);
    await page
      .getByRole("status")
      .filter({ hasText: /A draft of your new product from/ })
      .waitFor();
    await page
      .locator("header")
      .getByRole("button", { name: /Rajesh/ })
      .click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await keptDrafts(page)).toEqual([]);
    await signIn(page, SELLER);
    await page.goto("/products");
    await hydrated(page);
    expect(await (await draftNotice(page)).getAttribute("data-draft-notice")).toBe("none");
  });
});
