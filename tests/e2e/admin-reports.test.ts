import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { HttpClient } from "../support/http-client";
import { signIn } from "./support/accounts";
import { baseUrl, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

async function signedIn(email: string) {
  const client = new HttpClient(baseUrl());
  expect((await client.post("/auth", { intent: "signin", email, password: DEMO_PASSWORD })).status).toBe(302);
  return client;
}

async function idsIn(client: HttpClient, path: string, pattern: RegExp) {
  const html = await (await client.get(path)).text();
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

/**
 * Issue #38.3: a supplier reports three messages of a buyer; the administrator sees them as one row about that
 * buyer (how many, from whom, the reasons and messages behind a disclosure), resolves the row at once, and finds it
 * under "Resolved".
 */
describe("administrator: reported messages, grouped by the member reported", () => {
  let admin: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    admin = await openBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it("shows a member's reports as one row, resolves it whole, and lists it under Resolved", async () => {
    const buyer = await signedIn("jennifer@pacific-fresh-foods.example");
    const seller = await signedIn("rajesh@shakti-textiles.example");
    const [storeId] = await idsIn(seller, "/stores", /\/stores\/([0-9a-f-]{36})\/manage/g);
    const [productId] = await idsIn(buyer, `/stores/${storeId}`, /\/product\/([0-9a-f-]{36})/g);
    const opened = await buyer.post("/messages", { subjectType: "product", subjectId: productId!, from: "/" });
    const conversation = opened.headers.get("location")!;
    expect(conversation).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    for (const body of ["Pay us by wire to this account", "Reply now", "Last warning"])
      expect((await buyer.post(conversation, { intent: "send", body })).status).toBe(302);
    // (each of the other party's messages has a "Report" link to the page with ?report=<its id>)
    const messageIds = await idsIn(seller, conversation, /\?report=([0-9a-f-]{36})/g);
    expect(new Set(messageIds).size).toBe(3);
    const reasons = ["Asks to pay outside Setu", "Pressure", "Threat"];
    for (const [i, messageId] of [...new Set(messageIds)].entries())
      expect(
        (await seller.post(conversation, { intent: "report", messageId, reason: reasons[i]! })).status,
      ).toBeLessThan(300);

    const { page } = admin;
    await signIn(page, "admin@setu.example");
    await page.goto("/admin/reports");
    const row = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { level: 2, name: "Pacific Fresh Foods Co." }),
    });
    await row.getByText("3 reports from 1 member in 1 conversation").waitFor();
    // a row of a few reports shows them at once; a larger one behind "Reasons and messages"
    expect(await row.locator("details").getAttribute("open")).not.toBeNull();
    const talk = row.getByRole("region", { name: "Reports by Shakti Textiles Pvt. Ltd." });
    await talk.getByText("reported 3 messages in the conversation about").waitFor();
    for (const reason of reasons) await talk.getByText(reason, { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "admin-reports");

    await row.getByRole("button", { name: "Resolve all 3" }).click();
    await page.getByText("3 reports resolved").waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Pacific Fresh Foods Co." }).count()).toBe(0);
    await page.getByRole("link", { name: "Resolved" }).click();
    await page.waitForURL(/status=resolved/);
    await page.getByRole("heading", { level: 2, name: "Pacific Fresh Foods Co." }).waitFor();
    await screenshot(page, "admin-reports-resolved");
  });
});
