import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, renderedHtml } from "../support/http-client";
import { postRfq } from "../support/rfq-post";
import { signIn } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/**
 * A buyer contacts a supplier from a product page and sends a message with a picture; the supplier, in another
 * browser, sees the unread count rise on the page it has open (no reload: live events), opens it; the buyer
 * sees "Seen" and then the supplier's reply appear in the open thread, without a reload either.
 */
describe("messaging between a buyer and a supplier", () => {
  let buyer: Awaited<ReturnType<typeof openBrowser>>;
  let supplier: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    buyer = await openBrowser();
    supplier = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await buyer?.close();
    await supplier?.close();
  });

  it("product page → Contact Supplier → a message with an image; the supplier sees it arrive live, opens it, and replies live", async () => {
    const { page } = buyer;
    // the supplier has its inbox open, with its live stream connected, before the buyer writes
    const other = supplier.page;
    await signIn(other, "kavya@nandi-electronics.example");
    await other.goto("/messages");
    await hydrated(other);
    await other.waitForFunction(() => document.documentElement.dataset.live === "open");
    const unreadBefore = Number(
      /(\d+) unread/.exec(
        (await other.getByRole("link", { name: /^Messages(, \d+ unread)?$/ }).getAttribute("aria-label")) ?? "",
      )?.[1] ?? 0,
    );
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto("/browse?q=Nandi+Electronics");
    const link = page.locator("main article a[href^='/product/']").first();
    const productName = (await link.innerText()).trim();
    await link.click();
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    const productPath = new URL(page.url()).pathname;
    await hydrated(page);
    await page.getByRole("button", { name: "Contact Supplier" }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadPath = new URL(page.url()).pathname;
    await hydrated(page);
    await page.waitForFunction(() => document.documentElement.dataset.live === "open");

    // the subject card links back to the product
    const subject = page.getByRole("region", { name: "Conversation about" });
    await expect(subject.getByRole("link", { name: productName }).getAttribute("href")).resolves.toBe(productPath);

    const picture = await sharp({
      create: { width: 120, height: 80, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel(/Attach images or PDF/)
      .setInputFiles({ name: "sample-colours.png", mimeType: "image/png", buffer: picture });
    const box = page.getByLabel(/Your message/);
    const stamp = Date.now();
    await box.click();
    await box.pressSequentially(`Hello from Brooklyn ${stamp}`);
    await box.press("Shift+Enter");
    await box.pressSequentially("Spec sheet: https://example.com/spec.pdf <b>not bold</b>");
    await box.press("Enter");

    const log = page.getByRole("log");
    const mine = log.locator("li", { hasText: `Hello from Brooklyn ${stamp}` });
    await mine.waitFor();
    expect(await mine.locator("p.whitespace-pre-wrap").innerText()).toBe(
      `Hello from Brooklyn ${stamp}\nSpec sheet: https://example.com/spec.pdf <b>not bold</b>`,
    );
    expect(await mine.locator("b").count()).toBe(0);
    const specLink = mine.getByRole("link", { name: "https://example.com/spec.pdf" });
    await expect(specLink.getAttribute("rel")).resolves.toBe("noopener noreferrer nofollow");
    const thumbnail = mine.getByRole("img", { name: "sample-colours.webp" });
    await thumbnail.waitFor();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // the box is empty again and keeps the focus
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await mine.getByText("Seen").count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "message-thread");

    // the supplier's open inbox: the header's count rises and the conversation appears, with no reload
    await other.getByRole("link", { name: `Messages, ${unreadBefore + 1} unread` }).waitFor({ timeout: 10_000 });
    const item = other
      .getByRole("link", { name: /Brooklyn Home Goods/ })
      .filter({ hasText: String(stamp) })
      .first();
    await item.waitFor({ timeout: 10_000 });
    expect(await item.innerText()).toContain(`Hello from Brooklyn ${stamp}`);
    expect(await item.innerText()).toContain(productName);
    await expect(item.locator(".sr-only", { hasText: "(unread)" }).count()).resolves.toBe(1);
    await expect(other.getByRole("link", { name: "All" }).getAttribute("aria-current")).resolves.toBe("page");
    expect(await seriousA11yViolations(other)).toEqual([]);
    await screenshot(other, "messages-inbox-phone");

    await other.getByRole("link", { name: "Needs reply" }).click();
    await other.waitForURL(/filter=needs-reply/);
    await other
      .getByRole("link", { name: /Brooklyn Home Goods/ })
      .first()
      .click();
    await other.waitForURL((url) => url.pathname === threadPath);
    await hydrated(other);
    await other.getByRole("log").getByText(`Hello from Brooklyn ${stamp}`).waitFor();
    // opening the thread marks it read (a POST from the page): the header's count goes
    await other.getByRole("link", { name: "Messages", exact: true }).waitFor();
    expect(await seriousA11yViolations(other)).toEqual([]);

    // the supplier may report the buyer's message: a reason is required
    await other.getByRole("button", { name: "Actions for the message from Brooklyn Home Goods LLC" }).last().click();
    await other.getByRole("menuitem", { name: "Report message" }).click();
    const dialog = other.getByRole("dialog", { name: "Report message" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByText("Please say why you are reporting this message").waitFor();
    await dialog.getByLabel("Why are you reporting it?").fill("Browser test: checking the report form");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await other.getByText("Thank you. The report was sent to the Setu team.").waitFor();
    await dialog.waitFor({ state: "detached" });

    // the buyer's open thread shows "Seen" under their message, with no reload
    await page
      .getByRole("log")
      .locator("li", { hasText: `Hello from Brooklyn ${stamp}` })
      .getByText("Seen")
      .waitFor();

    const reply = other.getByLabel(/Your message/);
    await reply.click();
    await reply.pressSequentially(`Thanks, we can ship to Brooklyn ${stamp}`);
    await reply.press("Enter");
    await other.getByRole("log").getByText(`Thanks, we can ship to Brooklyn ${stamp}`).waitFor();
    await screenshot(other, "message-thread-phone");

    // and the reply appears in the buyer's open thread, with no reload
    await page.getByRole("log").getByText(`Thanks, we can ship to Brooklyn ${stamp}`).waitFor({ timeout: 10_000 });
  });

  it("reports a message without JavaScript: a link opens the form, a plain post with its reason required", async () => {
    const threadPath = new URL(buyer.page.url()).pathname;
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = noScript;
      await page.context().addCookies(await supplier.context.cookies());
      await page.goto(threadPath);
      await page.getByRole("link", { name: "Report the message from Brooklyn Home Goods LLC" }).last().click();
      await page.waitForURL(/\?report=[0-9a-f-]{36}#report-message$/);
      const section = page.getByRole("region", { name: "Report message" });
      const send = () =>
        Promise.all([
          page.waitForResponse((response) => response.request().method() === "POST"),
          section.getByRole("button", { name: "Send report" }).click(),
        ]);
      const [refused] = await send();
      expect(refused.status()).toBe(400);
      await section.getByText("Please say why you are reporting this message").waitFor();
      await section
        .getByLabel("Why are you reporting it?")
        .fill("Browser test without JavaScript: asks to pay outside Setu");
      const [answer] = await send();
      expect(answer.status()).toBe(200);
      await section.getByRole("status").getByText("Thank you. The report was sent to the Setu team.").waitFor();
    } finally {
      await noScript.close();
    }
  });

  it("refuses a stranger the thread and its attachments (404), and sends a visitor to sign in", async () => {
    const { page } = buyer;
    const threadPath = new URL(page.url()).pathname;
    const attachment = await page.getByRole("log").locator("a[href*='/attachments/']").first().getAttribute("href");
    expect(attachment).toMatch(/^\/messages\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/);
    const served = await page.request.get(attachment!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");

    const stranger = supplier.page;
    await signIn(stranger, "rajesh@shakti-textiles.example");
    expect((await stranger.goto(threadPath))?.status()).toBe(404);
    expect((await stranger.request.get(attachment!)).status()).toBe(404);
    // the private attachment is not reachable as a public upload either
    await stranger.context().clearCookies();
    expect((await stranger.goto(threadPath))?.url()).toMatch(/\/auth\?redirectTo=/);
  });
});

/**
 * Issue 38: a supplier the buyer blocked cannot reach the buyer through a quote either (5,000 characters, a notice
 * and an e-mail), and the buyer sees and lifts their blocks on /messages.
 */
describe("a buyer's block also closes the buyer's RFQs to the supplier", () => {
  const PASSWORD = "Wholesale-Route-42";
  const quote = { intent: "quote", price: "900", quantity: "100", deliveryTimeline: "20 days", terms: "FOB Mundra" };

  async function signedUp(userType: "buyer" | "seller", companyName: string) {
    const client = new HttpClient(baseUrl());
    const email = `block-${userType}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    const response = await client.post("/auth", {
      intent: "signup",
      userType,
      fullName: "Block Tester",
      companyName,
      email,
      phone: "",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    return { client, email };
  }

  it("offers no quote form, refuses a posted quote with 403, lists the block on /messages and lifts it there", async () => {
    const stamp = Date.now();
    const buyer = await signedUp("buyer", `Careful Buyer ${stamp}`);
    const supplierCompany = `Persistent Exports ${stamp}`;
    const supplier = await signedUp("seller", supplierCompany);
    expect(
      (await supplier.client.post("/stores", { intent: "create", name: `Persistent Store ${stamp}` })).status,
    ).toBe(302);
    const storeId = /\/stores\/([0-9a-f-]{36})\/manage/.exec(await (await supplier.client.get("/stores")).text())![1]!;
    const rfqId = await postRfq(buyer.client, `Jute bags RFQ ${stamp}`, "Jute grocery bags with cotton handles.");

    // the buyer blocks the supplier from a conversation, as the thread's menu does
    const opened = await buyer.client.post("/messages", { subjectType: "store", subjectId: storeId, from: "/" });
    const thread = opened.headers.get("location")!;
    expect(thread).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect((await buyer.client.post(thread, { intent: "block" })).status).toBeLessThan(400);

    const page = renderedHtml(await (await supplier.client.get(`/rfqs/${rfqId}`)).text());
    expect(page).toContain("You cannot quote on this RFQ.");
    expect(page).not.toContain("Open form");
    const refused = await supplier.client.post(`/rfqs/${rfqId}`, quote);
    expect(refused.status).toBe(403);
    const refusal = renderedHtml(await refused.text());
    expect(refusal).toContain("You cannot quote on this RFQ");
    expect(refusal).not.toMatch(/blocked/i);
    expect(await (await buyer.client.get(`/rfqs/${rfqId}`)).text()).toContain("No quotes submitted yet");

    const inbox = await (await buyer.client.get("/messages")).text();
    expect(inbox).toContain("Blocked suppliers");
    expect(inbox).toContain(supplierCompany);
    const userId = /name="userId" value="([^"]+)"/.exec(inbox)![1]!;
    // as a browser shows them: the list and the supplier's RFQ page, each with its labelled control or notice
    const browser = await openBrowser();
    try {
      const asCookies = (client: HttpClient) =>
        [...client.cookies].map(([name, value]) => ({ name, value, url: baseUrl() }));
      await browser.context.addCookies(asCookies(buyer.client));
      await browser.page.goto("/messages");
      const list = browser.page.getByRole("region", { name: "Blocked suppliers" });
      await list.getByRole("button", { name: `Unblock ${supplierCompany}` }).waitFor();
      expect(await seriousA11yViolations(browser.page)).toEqual([]);
      await screenshot(browser.page, "messages-blocked-suppliers");
      await browser.context.clearCookies();
      await browser.context.addCookies(asCookies(supplier.client));
      await browser.page.goto(`/rfqs/${rfqId}`);
      await browser.page.getByText("You cannot quote on this RFQ.").waitFor();
      await screenshot(browser.page, "rfq-quote-closed");
    } finally {
      await browser.close();
    }
    // only the blocker lifts a block: the supplier's own "unblock" of itself changes nothing
    await supplier.client.post("/messages", { intent: "unblock", userId });
    expect((await supplier.client.post(`/rfqs/${rfqId}`, quote)).status).toBe(403);
    // a cross-site post is refused before the action
    const forged = await buyer.client.request("/messages", {
      method: "POST",
      body: new URLSearchParams({ intent: "unblock", userId }),
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(403);
    expect(await (await buyer.client.get("/messages")).text()).toContain(supplierCompany);

    const unblocked = await buyer.client.post("/messages", { intent: "unblock", userId });
    expect(unblocked.status).toBe(302);
    expect(unblocked.headers.get("location")).toBe("/messages");
    const after = await (await buyer.client.get("/messages")).text();
    expect(after).toContain(`${supplierCompany} unblocked`);
    expect(after).toContain("You have not blocked anyone.");
    expect(await (await supplier.client.get(`/rfqs/${rfqId}`)).text()).toContain("Open form");
    expect((await supplier.client.post(`/rfqs/${rfqId}`, quote)).status).toBeLessThan(400);
    expect(await (await buyer.client.get(`/rfqs/${rfqId}`)).text()).toContain(supplierCompany);
  });
});
