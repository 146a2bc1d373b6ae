import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../seed/demo.server";
import { signIn } from "./support/accounts";
import { openBrowser, screenshot } from "./support/browser";

const SELLER = DEMO_ACCOUNTS.find((account) => account.email === "rajesh@shakti-textiles.example")!;

/**
 * What a page does wrong on a phone: a horizontal scroll, a control smaller than 44 × 44 px (visually hidden ones
 * and links in running text or table cells excepted, as WCAG 2.5.5 does; a checkbox counts by its label), and a price or
 * quantity field that opens the letters keyboard.
 */
async function phoneProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) problems.push(`scrolls sideways by ${overflow}px`);
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], label:has(input[type=checkbox]), label:has(input[type=radio])",
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden (a skip link, a styled file input)
      const style = getComputedStyle(control);
      if (style.visibility === "hidden") continue;
      if (control.tagName === "A" && style.display === "inline" && control.closest("p, td, th, dd")) continue;
      if (
        control instanceof HTMLInputElement &&
        ["checkbox", "radio"].includes(control.type) &&
        control.closest("label")
      )
        continue;
      if (box.width < 44 || box.height < 44) {
        const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40);
        problems.push(
          `${control.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    for (const input of document.querySelectorAll<HTMLInputElement>("input")) {
      if (!/price|quantity|moq|amount|weight|rate/i.test(input.name)) continue;
      if (input.type === "number" || ["numeric", "decimal"].includes(input.inputMode)) continue;
      if (["hidden", "radio", "checkbox"].includes(input.type)) continue;
      problems.push(`input ${input.name} opens the letters keyboard`);
    }
    return problems;
  });
}

/** Issue #43 item 5: a supplier's pages at 360 × 740 on a touch screen. */
describe("a supplier's pages on a phone", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ phone: true });
    await signIn(browser.page, SELLER.email);
  });
  afterAll(() => browser?.close());

  async function expectFits(path: string) {
    const { page } = browser;
    await page.goto(path);
    expect.soft(await phoneProblems(page), path).toEqual([]);
  }

  async function firstLink(path: string, prefix: string) {
    const { page } = browser;
    await page.goto(path);
    const href = await page
      .locator(`main a[href^="${prefix}"]`)
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(href.length, `${path} links to ${prefix}…`).toBeGreaterThan(0);
    return href;
  }

  it("has no sideways scroll, 44 px tap targets and number keyboards on every page of a supplier's day", async () => {
    const { page } = browser;
    for (const path of ["/dashboard", "/products", "/rfqs", "/orders", "/messages", "/notifications", "/profile"])
      await expectFits(path);
    const [order] = await firstLink("/orders", "/orders/");
    await expectFits(order!);
    await expectFits(`${order}/documents`);
    const [thread] = await firstLink("/messages", "/messages/");
    await expectFits(thread!);
    const [manage] = await firstLink("/dashboard", "/stores/");
    const store = new URL(manage!, "http://x").pathname.replace(/\/manage$/, "");
    for (const tab of ["products", "appearance", "settings", "analytics"]) {
      await expectFits(`${store}/manage?tab=${tab}`);
      await screenshot(page, `phone-store-${tab}`);
    }

    // the forms a supplier fills on the phone, open
    await page.goto(`${store}/manage?tab=products`);
    await page.getByRole("button", { name: "Create Product" }).first().click();
    await page.getByRole("dialog").getByRole("heading", { name: "Create Product" }).waitFor();
    expect(await phoneProblems(page), "the Create Product dialog").toEqual([]);
    await screenshot(page, "phone-create-product");

    for (const rfq of await firstLink("/rfqs", "/rfqs/")) {
      await page.goto(`${rfq}?quote=1`); // the form open, as its "Open form" button leaves it
      if ((await page.getByRole("heading", { name: /(Submit|Revise) Your Quote/ }).count()) === 0) continue;
      await page.getByLabel(/^Quantity/).waitFor();
      expect(await phoneProblems(page), `the quote form on ${rfq}`).toEqual([]);
      await screenshot(page, "phone-quote-form");
      return;
    }
    throw new Error("no open RFQ the demo supplier can quote on");
  });
});
