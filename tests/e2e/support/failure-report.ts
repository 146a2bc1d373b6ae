import { beforeEach } from "vitest";
import { openContexts } from "./browser";

/**
 * What each open page showed when a browser test failed, added to the failure's message: its address, its alerts
 * and toasts, and the start of its text. A wait that timed out on CI then says what the page said instead (an
 * error, a sign-in form, nothing yet), where the run's printed output is all there is to read.
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const lines: string[] = [];
    for (const context of openContexts)
      for (const page of context.pages()) {
        const shown = await page
          .evaluate(() => {
            const text = (selector: string) =>
              [...document.querySelectorAll(selector)].map((el) => (el as HTMLElement).innerText.trim()).join(" | ");
            return {
              hydrated: document.documentElement.dataset.hydrated === "true",
              said: text('[role="alert"], [role="status"], [data-sonner-toast]'),
              dialog: text('[role="dialog"], [role="alertdialog"]'),
              main: (document.querySelector("main") ?? document.body)?.innerText.replace(/\s+/g, " ").slice(0, 800),
            };
          })
          .catch((error: unknown) => ({ error: String(error) }));
        lines.push(`page ${page.url()}: ${JSON.stringify(shown)}`);
      }
    if (lines.length === 0) return;
    const first = task.result?.errors?.[0];
    if (first) first.message += `\nOpen pages at the failure:\n${lines.join("\n")}`;
  });
});
