import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import type { AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { startPushService, type TestSubscription } from "../support/push-service";
import { signIn } from "./support/accounts";
import { hydrated, seriousA11yViolations } from "./support/browser";
import { startTestServer } from "./support/test-server";

/**
 * Push notifications (issue #43 item 4, decision record 0056), end to end on a server of its own whose push jobs may
 * post to http://127.0.0.1 (PUSH_ALLOW_HTTP_LOOPBACK, tests only): a local push service stands in for the browser
 * vendor's (FCM, Mozilla…), which headless Chromium cannot reach. The page's PushManager is given a subscription on
 * that service (its keys made here, so the service can decrypt what Setu sends); everything else is real: the
 * profile's button, the POST, the stored subscription, the buyer's message, the job queue, the encryption.
 */

const SELLER = { email: "rajesh@shakti-textiles.example", name: "Rajesh Kumar" };

/** Makes the page's PushManager hand out `subscription` (the browser's side of the push service). */
async function useSubscription(context: BrowserContext, subscription: TestSubscription) {
  const json = { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys };
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const made = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => sub,
      getKey: () => null,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function () {
      current = made;
      return made;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  }, json);
}

describe("push notifications for a supplier's device", () => {
  let server: AppServer;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let browser: Browser;

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer({ env: { PUSH_ALLOW_HTTP_LOOPBACK: "true", RATE_LIMIT_SCALE: "100" } });
    browser = await chromium.connect(inject("chromiumEndpoint"));
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pushService?.close();
  });

  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
    await context.grantPermissions(["notifications"], { origin: server.url });
    return { context, page: await context.newPage() };
  }

  it("turns push on from /profile, and the supplier's device is pushed a buyer's new message, encrypted", async () => {
    const device = pushService.subscription();
    const { context, page } = await phone();
    try {
      await useSubscription(context, device);
      await signIn(page, SELLER.email, DEMO_PASSWORD);
      // the seller's store, for the buyer to write to
      await page.goto("/stores");
      const manage = await page.locator('a[href$="/manage"]').first().getAttribute("href");
      const storeId = /^\/stores\/([0-9a-f-]{36})\/manage$/.exec(manage ?? "")?.[1];
      expect(storeId).toBeDefined();

      await page.goto("/profile");
      await hydrated(page);
      // the card around the heading
      const card = page.getByRole("heading", { name: "Push notifications" }).locator("xpath=..");
      await page.getByText("No device of your account receives push notifications yet.").waitFor();
      const [posted] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === "/api/push-subscriptions"),
        page.getByRole("button", { name: "Turn On Push Notifications" }).click(),
      ]);
      expect(posted.status()).toBe(201);
      expect(posted.request().postDataJSON()).toEqual({
        endpoint: device.endpoint,
        expirationTime: null,
        keys: device.keys,
      });
      await page.getByRole("status").filter({ hasText: "Push notifications are on for this device." }).waitFor();
      await page.getByText("1 device of your account receives push notifications.").waitFor();
      await page.getByRole("button", { name: "Turn Off on This Device" }).waitFor();
      await expect(card.getByRole("button").textContent()).resolves.toBe("Turn Off on This Device");
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (process.env.SCREENSHOTS) await card.screenshot({ path: "screenshots/profile-push-on.png" });

      // a buyer writes to the seller's store: the seller's device gets the notification
      const buyer = new HttpClient(server.url);
      const password = "Harbor-Freight-9";
      const signedUp = await buyer.post("/auth", {
        intent: "signup",
        userType: "buyer",
        fullName: "Dana Whitfield",
        companyName: "Harbor Home Goods",
        email: `push-buyer-${Date.now()}@example.test`,
        phone: "",
        password,
        confirmPassword: password,
      });
      expect(signedUp.status).toBe(302);
      const opened = await buyer.post("/messages", { subjectType: "store", subjectId: storeId!, from: "/" });
      const thread = /^\/messages\/[0-9a-f-]{36}$/.exec(opened.headers.get("location") ?? "")?.[0];
      expect(thread).toBeDefined();
      const sent = await buyer.post(thread!, { intent: "send", body: "Can you quote 2,000 block-printed napkins?" });
      expect(sent.status).toBeLessThan(400);

      await expect.poll(() => pushService.pushesTo(device).length).toBe(1);
      const [push] = pushService.pushesTo(device);
      expect(JSON.parse(push!.payload)).toEqual({
        title: "New message from Harbor Home Goods",
        body: "Can you quote 2,000 block-printed napkins?",
        url: thread,
        tag: expect.stringMatching(/^new_message:message:/),
      });
      expect(push!.vapid.aud).toBe(pushService.origin);

      // off again: the server forgets the device
      await Promise.all([
        page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === "/api/push-subscriptions" && response.request().method() === "DELETE",
        ),
        page.getByRole("button", { name: "Turn Off on This Device" }).click(),
      ]);
      await page.getByText("No device of your account receives push notifications yet.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("lets a user manage only their own subscriptions, to a push service's https address only", async () => {
    const owner = new HttpClient(server.url);
    const stranger = new HttpClient(server.url);
    for (const [client, email] of [
      [owner, `push-owner-${Date.now()}@example.test`],
      [stranger, `push-stranger-${Date.now()}@example.test`],
    ] as const) {
      const response = await client.post("/auth", {
        intent: "signup",
        userType: "seller",
        fullName: "Push Tester",
        companyName: "Push Test Exports",
        email,
        phone: "",
        password: "Kalamkari-Pen-Work-9",
        confirmPassword: "Kalamkari-Pen-Work-9",
      });
      expect(response.status).toBe(302);
    }
    const json = (client: HttpClient, method: string, body: unknown, headers: Record<string, string> = {}) =>
      client.request("/api/push-subscriptions", {
        method,
        body: JSON.stringify(body),
        headers: { origin: server.url, "content-type": "application/json", ...headers },
      });
    const device = pushService.subscription();
    const subscription = { endpoint: device.endpoint, keys: device.keys };

    expect((await json(new HttpClient(server.url), "POST", subscription)).status).toBe(401);
    expect((await json(owner, "POST", subscription, { origin: "https://evil.example" })).status).toBe(403);
    for (const endpoint of [
      "http://10.0.0.5/push",
      "https://169.254.169.254/latest/meta-data",
      "http://127.0.0.1:5432@evil.example/",
      "https://evil.example/fcm.googleapis.com/send",
    ]) {
      const refused = await json(owner, "POST", { ...subscription, endpoint });
      expect(refused.status, endpoint).toBe(400);
    }
    const malformed = await owner.request("/api/push-subscriptions", {
      method: "POST",
      body: "{not json",
      headers: { origin: server.url, "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await json(owner, "POST", subscription)).status).toBe(201);
    // another account cannot turn the owner's device off
    expect((await json(stranger, "DELETE", { endpoint: device.endpoint })).status).toBe(404);
    expect((await json(owner, "DELETE", { endpoint: device.endpoint })).status).toBe(200);
    expect((await owner.get("/api/push-subscriptions")).status).toBe(405);
  });

  it("shows the button in a real browser and, where the browser can reach no push service, says so", async () => {
    // no stand-in here: headless Chromium has no push service to subscribe with (decision record 0056)
    const { context, page } = await phone();
    try {
      await signIn(page, SELLER.email, DEMO_PASSWORD);
      await page.goto("/profile");
      await hydrated(page);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/push-subscriptions") posts.push(request.method());
      });
      await page.getByRole("button", { name: "Turn On Push Notifications" }).click();
      const outcome = page.getByRole("status").filter({ hasText: /this device|could not subscribe/ });
      await outcome.waitFor();
      const text = await outcome.textContent();
      if (process.env.SCREENSHOTS)
        await page
          .getByRole("heading", { name: "Push notifications" })
          .locator("xpath=..")
          .screenshot({ path: "screenshots/profile-push-headless.png" });
      // either the browser subscribed and the server stored it, or it could not and the page says so
      if (text?.includes("on for this device")) expect(posts).toEqual(["POST"]);
      else expect(text).toContain("This browser could not subscribe to push notifications.");
    } finally {
      await context.close();
    }
  });
});
