import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpSeller } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

describe("e-mail preferences on /profile", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  const email = `prefs-${Date.now()}@example.test`;
  const password = "Kalamkari-Pen-Work-9";
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  const box = (page: typeof browser.page, label: string) => page.getByRole("checkbox", { name: label });

  it("turns kinds off and on with a labelled checkbox each, saves with a toast, and keeps the choice", async () => {
    const { page } = browser;
    await signUpSeller(page, { email, company: "Kanchipuram Silk House", password });
    await page.goto("/profile");
    await hydrated(page);
    const section = page.getByRole("form", { name: "E-mail notifications" });
    await section.waitFor();
    // a seller is offered a seller's kinds only (#41 item 6): no buyer's quotes received, no RFQ deadlines
    expect(await box(page, "A supplier quotes on my RFQ").count()).toBe(0);
    // everything is on until the user says otherwise
    for (const label of [
      "A buyer accepts or declines my quote",
      "A new message arrives",
      "A digest of messages left unread for 10 minutes",
    ])
      expect(await box(page, label).isChecked()).toBe(true);
    await box(page, "A new message arrives").uncheck();
    await box(page, "A digest of messages left unread for 10 minutes").uncheck();
    await page.getByRole("button", { name: "Save E-mail Preferences" }).click();
    await page.getByText("E-mail preferences saved.").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "profile-email-preferences");
    await page.reload();
    await hydrated(page);
    expect(await box(page, "A new message arrives").isChecked()).toBe(false);
    expect(await box(page, "A digest of messages left unread for 10 minutes").isChecked()).toBe(false);
    expect(await box(page, "An order's status changes").isChecked()).toBe(true);
  });

  it("works as a plain form without JavaScript", async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = noScript;
      await page.context().addCookies(await browser.context.cookies());
      await page.goto("/profile");
      await box(page, "A digest of messages left unread for 10 minutes").check();
      await box(page, "An order's status changes").uncheck();
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST"),
        page.getByRole("button", { name: "Save E-mail Preferences" }).click(),
      ]);
      expect(answer.status()).toBe(302);
      await page.waitForURL(/\/profile$/);
      expect(await box(page, "A digest of messages left unread for 10 minutes").isChecked()).toBe(true);
      expect(await box(page, "An order's status changes").isChecked()).toBe(false);
      expect(await box(page, "A new message arrives").isChecked()).toBe(false);
    } finally {
      await noScript.close();
    }
  });
});
