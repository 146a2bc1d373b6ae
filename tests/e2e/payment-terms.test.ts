import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import { HttpClient } from "../support/http-client";
import { signIn, signUpOverHttp } from "./support/accounts";
import { baseUrl, openBrowser } from "./support/browser";
import { DEMO_ADMIN, DEMO_PASSWORD } from "../../seed/demo.server";

/*
 * Issue #37 / record 0042: one order on each payment term, through the real server and its job queue (the payment
 * simulator's signed webhooks), disputed in Chromium at its worst moment for the buyer, reading the dispute dialog;
 * every refund the dialog offers is then paid by an administrator's decision.
 */
const PASSWORD = "Terms-Journey-58";
const CARD = { cardholder: "Terms Person", cardNumber: "4242 4242 4242 4242", expiry: "1230", cvc: "123" };

type Milestone = { position: number; state: string; id: string | null };

/** The order page's milestones, in order: position, state, and the id its payment form posts. */
function milestonesOf(html: string): Milestone[] {
  return html
    .split('data-milestone="')
    .slice(1)
    .map((chunk) => ({
      position: Number(/^(\d+)"/.exec(chunk)![1]),
      state: /data-state="([a-z_]+)"/.exec(chunk)![1]!,
      id: /name="milestoneId" value="([0-9a-f-]{36})"/.exec(chunk.split("data-milestone=")[0]!)?.[1] ?? null,
    }));
}

const testIdValue = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]+)<`).exec(html)?.[1]?.trim() ?? null;

const CASES = [
  // [terms, the buyer's worst moment to find something wrong]
  ["advance_100", "shipped"],
  ["advance_30_bl_70", "shipped"],
  ["lc_at_sight", "shipped"],
  ["net_30", "delivered"],
  ["net_60", "delivered"],
  ["other", "shipped"],
  ["", "shipped"],
] as const;

describe("an order on each payment term, disputed at its worst moment: every refund the dialog offers is paid", () => {
  let admin: HttpClient;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
    admin = new HttpClient(baseUrl());
    const signedIn = await admin.post("/auth", { intent: "signin", email: DEMO_ADMIN.email, password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(302);
  });
  afterAll(() => browser?.close());

  it.each(CASES)("terms %s, disputed once %s", { timeout: 120_000 }, async (terms, worstMoment) => {
    const stamp = `${terms || "none"} ${Date.now()}`;
    const { client: buyer, email: buyerEmail } = await signUpOverHttp("buyer", `Terms Buyers ${stamp}`, PASSWORD);
    const seller = (await signUpOverHttp("seller", `Terms Exporters ${stamp}`, PASSWORD)).client;
    const title = `Brass planters on ${stamp}`;
    expect(
      (
        await buyer.post("/create-rfq", {
          title,
          category: "home-textiles",
          description: "Hand-beaten brass planters, 20 cm, lacquered.",
          specifications: "",
          quantity: "100",
          unit: "pieces",
          budgetMin: "",
          budgetMax: "",
          deliveryLocation: "Chicago, IL",
          deadline: dateFromToday(20),
        })
      ).status,
    ).toBe(302);
    const rfqId = /\/rfqs\/([0-9a-f-]{36})/.exec(await (await buyer.get("/rfqs?mine=1")).text())![1]!;
    const quoted = await seller.post(`/rfqs/${rfqId}`, {
      intent: "quote",
      price: "1000.00",
      quantity: "100",
      deliveryTimeline: "30 days",
      terms: "",
      paymentTerms: terms,
      paymentTermsOther: terms === "other" ? "50% advance, 50% on delivery" : "",
      hsCode: "8306.29.0000",
    });
    expect(quoted.status).toBeLessThan(400);

    // before accepting, the buyer reads the schedule the terms make
    const rfqPage = await (await buyer.get(`/rfqs/${rfqId}`)).text();
    // without JavaScript "Accept Quote" is a link to the question asked on the page
    const quoteId = /confirm=accept&(?:amp;)?quote=([0-9a-f-]{36})/.exec(rfqPage)![1]!;
    const asked = await (await buyer.get(`/rfqs/${rfqId}?confirm=accept&quote=${quoteId}`)).text();
    expect(asked).toMatch(
      terms === "lc_at_sight"
        ? /Payment: Paid outside Setu by a letter of credit/
        : /Payment: 100% due|Payment: 30% due/,
    );
    expect(
      (
        await buyer.post(`/rfqs/${rfqId}`, {
          intent: "accept",
          quoteId,
          shipToName: `Terms Buyers ${stamp}`,
          shipToAddress: "455 N Cityfront Plaza Drive\nChicago, IL 60611",
        })
      ).status,
    ).toBe(302);
    const orderId = /\/orders\/([0-9a-f-]{36})/.exec(await (await buyer.get("/orders")).text())![1]!;
    const orderPath = `/orders/${orderId}`;
    const page = async (client = buyer) => (await client.get(orderPath)).text();
    const move = async (action: string, fields: Record<string, string> = {}, client = seller) =>
      expect((await client.post(orderPath, { intent: "transition", action, ...fields })).status, action).toBe(302);

    await move("confirm");
    // what is due before production: paid by card into escrow, or the letter of credit recorded
    for (const m of milestonesOf(await page())) {
      if (m.position !== 1 || terms.startsWith("net")) continue;
      if (terms === "lc_at_sight")
        expect(
          (await buyer.post(orderPath, { intent: "record_lc", milestoneId: m.id!, lcReference: "Citibank LC 0042" }))
            .status,
        ).toBe(302);
      else expect((await buyer.post(orderPath, { intent: "fund", milestoneId: m.id!, ...CARD })).status).toBe(302);
    }
    // the provider's webhook arrives through the job queue
    await expect
      .poll(async () => milestonesOf(await page()).map((m) => m.state), { timeout: 30_000, interval: 500 })
      .toEqual(
        terms === "lc_at_sight"
          ? ["off_platform"]
          : terms === "advance_30_bl_70"
            ? ["held", "awaiting_funds"]
            : terms.startsWith("net")
              ? ["awaiting_funds"]
              : ["held"],
      );
    await move("start_production");
    await move("ready");
    await move("ship", {
      carrier: "Maersk",
      vesselOrFlight: "Maersk Kinloss 447W",
      portOfDischarge: "New York/Newark (USNYC)",
      billOfLading: "MAEU 4401",
      trackingUrl: "",
      estimatedArrival: dateFromToday(30),
    });
    if (worstMoment === "delivered") await move("deliver", {}, buyer);

    // the worst moment: goods gone, the balance (or the net payment) not paid; the dialog says what is refundable
    const before = await page();
    const held = testIdValue(before, "escrow-held")!;
    expect(testIdValue(before, "escrow-released")).toBe("$0.00");
    const expectedHeld =
      terms === "advance_30_bl_70"
        ? "$300.00"
        : terms === "lc_at_sight" || terms.startsWith("net")
          ? "$0.00"
          : "$1,000.00";
    expect(held).toBe(expectedHeld);
    const { page: tab } = browser;
    await signIn(tab, buyerEmail, PASSWORD);
    await tab.goto(orderPath);
    await tab.getByRole("button", { name: "Open a dispute", exact: true }).click();
    const dialog = tab.getByRole("dialog", { name: "Open a dispute?" });
    const said = await dialog.innerText();
    if (held === "$0.00")
      expect(said).toMatch(
        terms === "lc_at_sight"
          ? /paid by letter of credit outside Setu: Setu holds none of its money/
          : /Refundable now: nothing, as Setu holds no money for this order/,
      );
    else expect(said).toContain(`Refundable now: ${held}, held in escrow.`);
    // never the promise of "a partial or full refund" where nothing is held
    expect(said).not.toContain("partial or full refund");
    await dialog.getByLabel("What is wrong with the order?").fill("The planters arrived dented and unlacquered");
    await dialog.getByRole("button", { name: "Open dispute", exact: true }).click();
    await tab.getByText("Dispute opened").first().waitFor();

    // the administrator refunds in full what the dialog offered: it is paid
    const disputes = await (await admin.get("/admin/disputes")).text();
    // the card names the order by its reference (React writes "Order <!-- -->REF")
    const card = disputes.split("<li").find((chunk) => chunk.includes(orderId.slice(0, 8).toUpperCase()))!;
    const disputeId = /name="disputeId" value="([0-9a-f-]{36})"/.exec(card)![1]!;
    expect(card).toContain(held);
    const decided = await admin.post("/admin/disputes", {
      disputeId,
      decision: "full_refund",
      refundAmount: "",
      settlementAmount: "",
      note: "Refunded in full on the photographs",
    });
    expect(decided.status).toBe(302);
    const after = await page();
    expect(testIdValue(after, "escrow-refunded")).toBe(held);
    expect(testIdValue(after, "escrow-held")).toBe("$0.00");
    // nothing unpaid is still asked for
    expect(milestonesOf(after).some((m) => m.state === "awaiting_funds")).toBe(false);
  });
});
