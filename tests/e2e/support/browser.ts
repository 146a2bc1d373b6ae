import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type BrowserContext, type Download, type Page, type Response } from "playwright-core";
import { inject } from "vitest";
import { baseUrl } from "./test-server";

export { baseUrl };

declare module "vitest" {
  export interface ProvidedContext {
    /** the run's one Chromium (global setup, chromium.launchServer), which each file connects to */
    chromiumEndpoint: string;
  }
}

/** The contexts of this worker's open browsers: what a failed test's report shows (failure-report.ts). */
export const openContexts = new Set<BrowserContext>();

/**
 * A fresh browser context (its own cookies, storage and cache, as a new profile) in the run's one Debian
 * Chromium (never a downloaded browser): a context costs milliseconds where starting Chromium costs seconds.
 */
export async function openBrowser(
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    userAgent?: string;
    /** a phone: a touch screen (CSS `pointer: coarse`) with a mobile viewport */
    phone?: boolean;
    /**
     * "block" for a test that holds back the site's scripts with page.route: a request the service worker makes
     * (it fetches /assets/ files for the pages it controls, decision record 0056) is not the page's to route.
     */
    serviceWorkers?: "allow" | "block";
  } = {},
) {
  const browser = await chromium.connect(inject("chromiumEndpoint"));
  const context = await browser.newContext({
    viewport: options.viewport ?? (options.phone ? { width: 360, height: 740 } : { width: 1280, height: 900 }),
    hasTouch: options.phone ?? false,
    isMobile: options.phone ?? false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // headless Chromium says so in its user agent, which bot filters (isbot) take for a bot
    userAgent: options.userAgent,
    serviceWorkers: options.serviceWorkers ?? "allow",
    baseURL: baseUrl(),
  });
  // a shared machine can take more than Playwright's 30 s to answer a click with a page (CI, four files on two cores)
  context.setDefaultTimeout(60_000);
  openContexts.add(context);
  // a browser that runs the site's scripts waits, at each load, for the page to hydrate (see hydrateAtEachLoad)
  const hydrates = (options.javaScriptEnabled ?? true) && options.serviceWorkers !== "block";
  if (hydrates) context.on("page", hydrateAtEachLoad);
  const page = await context.newPage();
  if (hydrates) hydrateAtEachLoad(page);
  return {
    context,
    page,
    close: async () => {
      openContexts.delete(context);
      await context.close();
      await browser.close();
    },
  };
}

const waitsForHydration = new WeakSet<Page>();

/**
 * Makes the page's `goto` and `reload` return only once the page they loaded has hydrated. What only JavaScript
 * does (a Radix tab's arrow keys, a dialog's trigger, a heart) does nothing on the server's HTML, and a test that
 * acts on it too early passes on an idle machine and times out on a loaded one (CI). After hydration the
 * site's own links and forms navigate without a new document, so the page stays hydrated.
 * Left alone: an answer that is not a page (a file, JSON), an error page (status 400 and up, whose boundary has
 * no mark), a page without the site's scripts (the service worker's offline page), and the browsers of tests
 * that run without the site's scripts (`javaScriptEnabled: false`, `serviceWorkers: "block"`).
 */
function hydrateAtEachLoad(page: Page) {
  if (waitsForHydration.has(page)) return;
  waitsForHydration.add(page);
  const afterLoad = async (response: Response | null) => {
    if (!response || response.status() >= 400) return;
    if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
    if (!(await page.locator("script[type=module]").count())) return;
    await hydrated(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await afterLoad(response);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await afterLoad(response);
    return response;
  };
}

/** Serious and critical axe violations on the page, as readable strings. */
export async function seriousA11yViolations(page: Page) {
  // A toast or dialog still fading in has colours that are not its own yet: axe would measure the
  // contrast of a half-transparent element. Wait for finite animations and transitions to end, and to stay ended
  // for 300 ms: a toast that mounts just after a calm moment (a refusal's, stacking over a sign-in's) moves again.
  // One that starts moving while axe reads the page (a loaded machine takes seconds over it) is checked again.
  for (let attempt = 1; ; attempt += 1) {
    await waitForCalm(page);
    await page.evaluate(() => {
      const w = window as unknown as { __movedDuringAxe?: boolean; __axeWatch?: boolean };
      w.__movedDuringAxe = false;
      if (w.__axeWatch) return;
      w.__axeWatch = true;
      const moved = () => (w.__movedDuringAxe = true);
      document.addEventListener("transitionstart", moved, true);
      document.addEventListener("animationstart", moved, true);
    });
    // axe.run in the page itself (legacy mode: our pages have no cross-origin frames, the one thing it leaves out)
    // rather than runPartial and a finishRun in a new blank page of the context, and the full node lists of the
    // violations only (not of the passes): 0.8 s a check instead of 2.2 s, and a third of the CPU, measured on /browse
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .analyze();
    const moved = await page.evaluate(() => (window as unknown as { __movedDuringAxe?: boolean }).__movedDuringAxe);
    if (moved && attempt < 3) continue;
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }
}

async function waitForCalm(page: Page) {
  await page.evaluate(() => delete (window as unknown as { __calmSince?: number }).__calmSince);
  await page.waitForFunction(
    () => {
      const calm = document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
      const w = window as unknown as { __calmSince?: number };
      if (!calm) {
        w.__calmSince = undefined;
        return false;
      }
      w.__calmSince ??= performance.now();
      return performance.now() - w.__calmSince >= 300;
    },
    undefined,
    { timeout: 8_000, polling: 50 },
  );
}

export async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Waits until React has hydrated the page. A page works without JavaScript, but what only JavaScript does
 * (a select that applies itself on change) does nothing until then: wait before using it. `goto` and `reload`
 * already wait (hydrateAtEachLoad); a load they did not start (a link that opens a new document) needs this.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** A download's bytes. The browser runs as a server the tests connect to, where `download.path()` is not offered. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
