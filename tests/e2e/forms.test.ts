import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

/** The field's error message: the element its aria-describedby names, with that text. */
async function describedBy(page: Page, label: string, options: { exact?: boolean } = {}) {
  const field = page.getByLabel(label, options);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const id = await field.getAttribute("aria-describedby");
  expect(id).toBeTruthy();
  return (await page.locator(`[id="${id}"]`).textContent())?.trim();
}

describe("forms: checked in the browser with the server's schema, and still plain forms without JavaScript", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  const posts: string[] = [];
  const countPost = (request: Request) => {
    if (request.method() === "POST") posts.push(request.url());
  };
  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on("request", countPost);
  });
  afterAll(() => browser?.close());

  it("shows a field's message as soon as the field is left, clears it as it is corrected, all before any request", async () => {
    const { page } = browser;
    await page.goto("/contact");
    await hydrated(page);
    posts.length = 0;
    const email = page.getByLabel("Work e-mail");
    await email.fill("not-an-email");
    await email.press("Tab");
    await page.getByText("Please enter a valid e-mail address").waitFor();
    expect(await describedBy(page, "Work e-mail")).toBe("Please enter a valid e-mail address");
    // corrected: the message goes as the field is typed in, without leaving it
    await email.fill("maya@brooklyn-goods.example");
    await page.getByText("Please enter a valid e-mail address").waitFor({ state: "detached" });
    expect(await email.getAttribute("aria-invalid")).toBeNull();
    // sending an incomplete form shows every message, and still sends nothing; the message of the field just left
    // (shown on mousedown) does not push the button from under the pointer and swallow the click
    await page.getByLabel("Message").fill("short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter your name").waitFor();
    expect(await describedBy(page, "Message")).toBe("Please write at least 10 characters");
    await screenshot(page, "contact-errors");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(posts).toEqual([]);
  });

  it("checks the sign-up rules in the browser, and a rule only the server knows lands on its field too", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await page.goto("/auth?tab=signup");
    await hydrated(page);
    posts.length = 0;
    await page.getByLabel("Full Name").fill("Nisha Kapoor");
    await page.getByLabel("Company Name").fill("Hudson Valley Retail");
    await page.getByLabel("Email").fill(`forms-${Date.now()}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Password", { exact: true }).press("Tab");
    await page.getByText("Password must be at least 6 characters long").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("qwerty123");
    await page.getByLabel("Confirm Password").fill("qwerty12");
    await page.getByLabel("Confirm Password").press("Tab");
    await page.getByText("Passwords do not match").waitFor();
    expect(await describedBy(page, "Confirm Password")).toBe("Passwords do not match");
    expect(posts).toEqual([]);

    // the common-password list lives on the server: the post goes, and the answer comes back into the field
    await page.getByLabel("Confirm Password").fill("qwerty123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page
      .getByText(/too common/)
      .first()
      .waitFor();
    expect(posts).toHaveLength(1);
    expect(await describedBy(page, "Password", { exact: true })).toMatch(/too common/);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Nisha Kapoor");
    await screenshot(page, "sign-up-errors");
  });

  it("without JavaScript, forms post as plain forms and the server answers with its messages and what was typed", async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      const { page } = noScript;
      await page.goto("/contact");
      await page.getByLabel("Your name").fill("Maya Chen");
      await page.getByLabel("Work e-mail").fill("not-an-email");
      await page.getByLabel("Message").fill("short");
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST"),
        page.getByRole("button", { name: "Send Message" }).click(),
      ]);
      expect(answer.status()).toBe(400);
      await page.getByText("Please enter a valid e-mail address").waitFor();
      expect(await describedBy(page, "Work e-mail")).toBe("Please enter a valid e-mail address");
      expect(await describedBy(page, "Message")).toBe("Please write at least 10 characters");
      expect(await page.getByLabel("Your name").inputValue()).toBe("Maya Chen");
      expect(await page.getByLabel("Work e-mail").inputValue()).toBe("not-an-email");
      expect(await page.getByLabel("Message").inputValue()).toBe("short");
      await page.getByLabel("Work e-mail").fill("maya@brooklyn-goods.example");
      await page.getByLabel("Message").fill("We would like a demo of RFQs for our purchasing team.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Thank you! Your message has been sent.").waitFor();

      // a refused sign-in keeps the e-mail address, never the password
      await page.goto("/auth");
      await page.getByLabel("Email").fill("sarah@brooklyn-home-goods.example");
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).last().click();
      await page.getByText("Invalid email or password").waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe("sarah@brooklyn-home-goods.example");
      expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
      expect(await page.content()).not.toContain("not-the-password");
    } finally {
      await noScript.close();
    }
  });
});
