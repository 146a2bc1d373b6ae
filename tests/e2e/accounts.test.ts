import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

let sequence = 0;
const email = (role: string) => `${role}-${Date.now()}-${++sequence}@example.test`;

async function fillSignUp(
  page: Page,
  values: { role: "Buyer" | "Seller"; email: string; password: string; confirm: string },
) {
  await page.goto("/auth?tab=signup");
  await page.getByRole("radio", { name: new RegExp(values.role) }).check();
  await page.getByLabel("Full Name").fill("Nisha Kapoor");
  await page.getByLabel("Company Name").fill(values.role === "Seller" ? "Kapoor Brass Works" : "Hudson Valley Retail");
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm Password").fill(values.confirm);
  await page.getByRole("button", { name: "Create Account" }).click();
}

describe("accounts in the browser", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    await browser.context.clearCookies();
  });

  it("shows Access Denied on the dashboard when signed out", async () => {
    const { page } = browser;
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByRole("link", { name: "Sign In" }).last().click();
    await page.waitForURL(/\/auth/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("switches between Sign In and Sign Up with the arrow keys (Radix tabs), and the URL follows", async () => {
    const { page } = browser;
    await page.goto("/auth?redirectTo=%2Forders");
    const tabs = page.getByRole("tablist", { name: "Account" });
    const signIn = tabs.getByRole("tab", { name: "Sign In" });
    expect(await signIn.getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).waitFor();
    await signIn.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(
      (url) => url.searchParams.get("tab") === "signup" && url.searchParams.get("redirectTo") === "/orders",
    );
    await expect.poll(() => tabs.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel").getByRole("button", { name: "Create Account" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Sign Up");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("shows each sign-up validation message", async () => {
    const { page } = browser;
    await fillSignUp(page, {
      role: "Buyer",
      email: email("buyer"),
      password: "Harbor-Freight-9",
      confirm: "Harbor-Freight-8",
    });
    await page.getByText("Passwords do not match").first().waitFor();
    await fillSignUp(page, { role: "Buyer", email: email("buyer"), password: "abc", confirm: "abc" });
    await page.getByText("Password must be at least 6 characters long").first().waitFor();
    await fillSignUp(page, { role: "Buyer", email: email("buyer"), password: "qwerty123", confirm: "qwerty123" });
    await page
      .getByText(/too common/)
      .first()
      .waitFor();
  });

  it("signs up as a buyer, sees the buyer dashboard, signs out from the user menu", async () => {
    const { page } = browser;
    const address = email("buyer");
    await fillSignUp(page, {
      role: "Buyer",
      email: address,
      password: "Harbor-Freight-9",
      confirm: "Harbor-Freight-9",
    });
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Account created successfully!").waitFor();
    // a new buyer is welcomed, not welcomed back
    await page.getByRole("heading", { name: "Welcome to Setu, Nisha Kapoor!" }).waitFor();
    const stats = page.getByRole("region", { name: "Statistics" });
    for (const card of ["Active RFQs", "Orders", "Suppliers", "Total Spend"])
      await stats.getByText(card, { exact: true }).waitFor();
    await page.getByText("No recent activity").waitFor();
    await page.getByRole("link", { name: "Create RFQ" }).waitFor();
    await page.getByText("Pending Verification").waitFor();
    await screenshot(page, "dashboard-buyer");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the account menu is a Radix menu: it opens from the keyboard, arrows move through it, Escape closes it
    await hydrated(page);
    const trigger = page.locator("header").getByRole("button", { name: "Nisha Kapoor" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Nisha Kapoor" });
    for (const link of ["Dashboard", "My RFQs", "Orders", "Profile"])
      await menu.getByRole("menuitem", { name: link }).waitFor();
    expect(await menu.getByRole("menuitem", { name: "My Stores" }).count()).toBe(0);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    // opened from the keyboard, the first item has focus; arrows move, End goes to the last, typeahead finds
    await expect.poll(focusedText).toBe("Dashboard");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focusedText).toBe("My RFQs");
    await page.keyboard.press("End");
    await expect.poll(focusedText).toBe("Sign Out");
    await page.keyboard.press("p");
    await expect.poll(focusedText).toBe("Profile");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await trigger.click();
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();

    // sign in again; a wrong password first
    await page.goto("/auth");
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).last().click();
    await page.getByText("Invalid email or password").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("Harbor-Freight-9");
    await page.getByRole("button", { name: "Sign In" }).last().click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Successfully signed in!").waitFor();
    await page.goto("/auth");
    await page.waitForURL(/\/dashboard$/);
    // the account menu is JavaScript (its code loads after the page's): a click before that does nothing
    await hydrated(page);
    await page.locator("header").getByRole("button", { name: "Nisha Kapoor" }).click();
    await page.getByRole("menu", { name: "Nisha Kapoor" }).getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("signs up as a seller and sees the seller dashboard and menu", async () => {
    const { page } = browser;
    await fillSignUp(page, {
      role: "Seller",
      email: email("seller"),
      password: "Brass-Lamps-2026",
      confirm: "Brass-Lamps-2026",
    });
    await page.waitForURL(/\/dashboard$/);
    const stats = page.getByRole("region", { name: "Statistics" });
    for (const card of ["My Stores", "Products", "Quotes Submitted", "Revenue"])
      await stats.getByText(card, { exact: true }).waitFor();
    // a new seller is walked through the first steps instead of being welcomed back
    await page.getByRole("heading", { name: "Welcome to Setu, Nisha Kapoor!" }).waitFor();
    const checklist = page.getByRole("region", { name: "Get started selling to US buyers" });
    await checklist.getByText("0 of 4 done").waitFor();
    for (const action of ["Complete profile", "Create store", "Add products"])
      await checklist.getByRole("link", { name: action }).waitFor();
    for (const action of ["Manage Stores", "Add Products", "Browse RFQs"])
      await page.getByRole("link", { name: action }).first().waitFor();
    await page.locator("header").getByRole("button", { name: "Nisha Kapoor" }).click();
    await page.getByRole("menu", { name: "Nisha Kapoor" }).getByRole("menuitem", { name: "My Stores" }).waitFor();
    await screenshot(page, "dashboard-seller");
    await page.getByRole("menu", { name: "Nisha Kapoor" }).getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("opens Sign Up with Seller chosen from a seller's call to action, and turns a buyer into a seller in one session", async () => {
    const { page } = browser;
    await page.goto("/");
    await page.getByRole("link", { name: "Start Selling to USA" }).click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("role") === "seller");
    await expect.poll(() => page.getByRole("radio", { name: /Seller/ }).isChecked()).toBe(true);
    await page.getByRole("tab", { name: "Sign Up", selected: true }).waitFor();
    await screenshot(page, "auth-sign-up-seller");
    for (const cta of ["Start Selling Today", "Get Started Free"]) {
      await page.goto("/services-for-sellers");
      await page.getByRole("link", { name: cta }).click();
      await page.waitForURL((url) => url.searchParams.get("role") === "seller");
      await expect.poll(() => page.getByRole("radio", { name: /Seller/ }).isChecked()).toBe(true);
    }

    // a buyer's account, greeted as new, offered its e-mails only
    await fillSignUp(page, {
      role: "Buyer",
      email: email("convert"),
      password: "Cane-Baskets-31",
      confirm: "Cane-Baskets-31",
    });
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { name: "Welcome to Setu, Nisha Kapoor!" }).waitFor();
    await page.goto("/profile");
    await page.getByText("A supplier quotes on my RFQ").waitFor();
    expect(await page.getByText("A new RFQ matches my products").count()).toBe(0);
    expect(await page.getByText("Setu approves or rejects my supplier verification").count()).toBe(0);

    // the footer's seller link, signed in, leads to adding the seller role to this account
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Start Selling" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");
    const card = page.locator("#roles");
    await card.getByRole("heading", { name: "Sell on Setu" }).waitFor();
    await screenshot(page, "profile-become-seller");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole("button", { name: "Become a seller" }).click();
    await page.waitForURL(/\/stores$/);
    await page.getByText("You can now sell on Setu").waitFor();
    await page.getByText("No stores yet").waitFor();

    // the same session: both sides on the dashboard, seller e-mails offered, and the buyer's side still there
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard view" }).getByRole("link", { name: "Buying" }).click();
    await page.waitForURL(/view=buyer/);
    await page.getByRole("region", { name: "Statistics" }).getByText("Active RFQs", { exact: true }).waitFor();
    await page.goto("/profile");
    await page.getByText("A new RFQ matches my products").waitFor();
    await page.getByText("A supplier quotes on my RFQ").waitFor();
    expect(await page.locator("#roles").count()).toBe(0);
  });

  it("toggles password visibility", async () => {
    const { page } = browser;
    await page.goto("/auth");
    const field = page.getByLabel("Password", { exact: true });
    expect(await field.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await field.getAttribute("type")).toBe("text");
    await screenshot(page, "auth");
  });
});
