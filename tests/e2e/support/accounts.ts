import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_PASSWORD } from "../../../seed/demo.server";
import { HttpClient } from "../../support/http-client";
import { baseUrl } from "./browser";

let signUps = 0;

/** A new buyer or seller signed up over HTTP on the shared server, with a client holding their session. */
export async function signUpOverHttp(userType: "buyer" | "seller", companyName: string, password: string) {
  const client = new HttpClient(baseUrl());
  const email = `journey-${userType}-${Date.now()}-${++signUps}@example.test`;
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Journey Person",
    companyName,
    email,
    phone: "",
    password,
    confirmPassword: password,
  });
  expect(response.status).toBe(302);
  return { client, email };
}

/**
 * Signs in (fresh cookies) and opens the dashboard. `origin`: a test's own server (default: the shared one, the
 * browser context's base URL). The form's post is sent from the context's own request client, whose cookies are
 * the browser's: one page load instead of two (the form, then the dashboard), for the eighty-odd sign-ins that are
 * a test's first step rather than what it tests. The form itself, in the browser, is accounts.test.ts's.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = "") {
  const context = page.context();
  await context.clearCookies();
  const server = origin || baseUrl();
  const response = await context.request.post(`${server}/auth`, {
    form: { intent: "signin", email, password },
    headers: { origin: new URL(server).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in ${email}`).toBe(302);
  expect(response.headers().location).toMatch(/\/dashboard$/);
  await page.goto(`${origin}/dashboard`);
}

/** Creates a new seller account through the Sign Up tab (fresh cookies), and waits for the dashboard. */
export async function signUpSeller(
  page: Page,
  {
    email,
    company,
    fullName = "Meera Pillai",
    password = "Kalamkari-Pen-Work-9",
  }: { email: string; company: string; fullName?: string; password?: string },
) {
  await page.context().clearCookies();
  await page.goto("/auth?tab=signup");
  await page.getByRole("radio", { name: /Seller/ }).check();
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByLabel("Company Name").fill(company);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(/\/dashboard$/);
}
