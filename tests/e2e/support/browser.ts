import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS } from "../../support/chromium-args";

export function baseUrl() {
  return inject("baseUrl");
}

/** A fresh Debian Chromium profile (never a downloaded browser). */
export async function openBrowser(
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; userAgent?: string } = {},
) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "setu-chromium-"));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // headless Chromium says so in its user agent, which bot filters (isbot) take for a bot
    userAgent: options.userAgent,
    baseURL: baseUrl(),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Serious and critical axe violations on the page, as readable strings. */
export async function seriousA11yViolations(page: Page) {
  // A toast or dialog still fading in has colours that are not its own yet: axe would measure the
  // contrast of a half-transparent element. Wait for finite animations and transitions to end.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Waits until React has hydrated the page. A page works without JavaScript, but what only JavaScript does
 * (a select that applies itself on change) does nothing until then: wait before using it.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
