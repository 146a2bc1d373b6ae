import fs from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { dateFromToday, createRfq as createRfqRow } from "../../seed/factories/rfqs";
import { addPasswordLogin, createBuyer, createSeller } from "../../seed/factories/users";
import type { AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { baseUrl, migratedDataDir, ownDemoServer, startTestServer } from "./support/test-server";
import { postRfqOverHttp, rfqFields, textOf, UUID } from "./support/rfqs-over-http";
import { DEMO_PASSWORD } from "../../seed/demo.server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

const PASSWORD = "Wholesale-Route-42";
let sequence = 0;

function unique(prefix: string) {
  sequence += 1;
  return `${prefix} ${Date.now()}-${sequence}`;
}

async function signUp(userType: "buyer" | "seller", companyName: string) {
  const client = new HttpClient(baseUrl());
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Test Person",
    companyName,
    email: `${userType}-${Date.now()}-${++sequence}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return client;
}

async function postRfq(buyer: HttpClient) {
  const title = unique("Jute grocery bags");
  return { id: await postRfqOverHttp(buyer, title), title };
}

function quote(fields: Record<string, string> = {}) {
  return { intent: "quote", price: "1250.00", quantity: "2500", deliveryTimeline: "30 days", terms: "", ...fields };
}

/** The quotes a buyer may accept: each Accept Quote is a link that asks first (…?confirm=accept&amp;quote=ID). */
async function acceptableQuoteIds(client: HttpClient, pagePath: string) {
  const html = await (await client.get(pagePath)).text();
  return [...html.matchAll(new RegExp(`confirm=accept&(?:amp;)?quote=(${UUID})`, "g"))].map((m) => m[1]!);
}

describe("RFQ, quote and order refusals on the shared server", () => {
  let buyer: HttpClient;
  let sellerA: HttpClient;
  let sellerB: HttpClient;
  const companyA = unique("Sealed Bid Exporters");

  beforeAll(async () => {
    buyer = await signUp("buyer", unique("Refusal Test Buyers"));
    sellerA = await signUp("seller", companyA);
    sellerB = await signUp("seller", unique("Second Supplier Co"));
  });

  it("refuses a quote without a session with 401 and 'Please log in to submit a quote', and writes nothing", async () => {
    const rfq = await postRfq(buyer);
    const anonymous = new HttpClient(baseUrl());
    const response = await anonymous.post(`/rfqs/${rfq.id}`, quote({ terms: "anonymous-terms-never-stored" }));
    expect(response.status).toBe(401);
    expect(await textOf(response)).toContain("Please log in to submit a quote");
    const asBuyer = await textOf(await buyer.get(`/rfqs/${rfq.id}`));
    expect(asBuyer).toContain("No quotes submitted yet");
    expect(asBuyer).not.toContain("anonymous-terms-never-stored");
    expect(await acceptableQuoteIds(buyer, `/rfqs/${rfq.id}`)).toEqual([]);
  });

  it("refuses to create an RFQ without a session with 'Please log in to create an RFQ', and writes nothing", async () => {
    const title = unique("Anonymous RFQ");
    const response = await new HttpClient(baseUrl()).post("/create-rfq", rfqFields(title));
    expect(response.status).toBe(401);
    expect(await textOf(response)).toContain("Please log in to create an RFQ");
    // the search box echoes the title, so the empty state is what shows nothing was written
    const list = await textOf(await buyer.get(`/rfqs?q=${encodeURIComponent(title)}`));
    expect(list).toContain("No RFQs found");
    expect(list).not.toMatch(new RegExp(`href="/rfqs/${UUID}"`));
  });

  it("refuses a buyer's quote on their own RFQ with 403", async () => {
    const rfq = await postRfq(buyer);
    const response = await buyer.post(`/rfqs/${rfq.id}`, quote());
    expect(response.status).toBe(403);
    expect(await textOf(response)).toContain("You cannot quote on your own RFQ");
    expect(await acceptableQuoteIds(buyer, `/rfqs/${rfq.id}`)).toEqual([]);
  });

  it("refuses invalid numbers with 400 and a clear message, and writes nothing", async () => {
    const rfq = await postRfq(buyer);
    const cases: [Record<string, string>, string][] = [
      [{ price: "0" }, "Price must be an amount in US dollars greater than 0"],
      [{ price: "-1" }, "Price must be an amount in US dollars greater than 0"],
      [{ price: "abc" }, "Price must be an amount in US dollars greater than 0"],
      [{ quantity: "1.5" }, "Quantity must be a whole number greater than 0"],
      [{ quantity: "0" }, "Quantity must be a whole number greater than 0"],
    ];
    for (const [fields, message] of cases) {
      const response = await sellerA.post(`/rfqs/${rfq.id}`, quote(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await textOf(response), JSON.stringify(fields)).toContain(message);
    }
    expect(await textOf(await buyer.get(`/rfqs/${rfq.id}`))).toContain("No quotes submitted yet");
  });

  it("seals quotes: a second supplier's page and data contain none of the first supplier's figures or terms", async () => {
    const rfq = await postRfq(buyer);
    const secretTerms = unique("FOB Chennai, secret-terms");
    const secretTimeline = unique("47 days by sea");
    const first = await sellerA.post(
      `/rfqs/${rfq.id}`,
      quote({ price: "8642.97", quantity: "739181", deliveryTimeline: secretTimeline, terms: secretTerms }),
    );
    expect(first.status).toBe(302);
    const second = await sellerB.post(
      `/rfqs/${rfq.id}`,
      quote({ price: "1357.53", quantity: "2500", deliveryTimeline: "20 days", terms: "Second supplier terms" }),
    );
    expect(second.status).toBe(302);

    const secrets = ["8,642.97", "8642.97", "864297", "739,181", "739181", secretTerms, secretTimeline, companyA];
    const page = await textOf(await sellerB.get(`/rfqs/${rfq.id}`));
    const data = await textOf(await sellerB.get(`/rfqs/${rfq.id}.data`));
    for (const body of [page, data]) for (const secret of secrets) expect(body).not.toContain(secret);
    expect(data).toContain("Second supplier terms");
    expect(page).toContain("1,357.53");
    expect(page).toContain("Second supplier terms");
    expect(page).toContain("1 other quote is sealed");

    const anonymous = await textOf(await new HttpClient(baseUrl()).get(`/rfqs/${rfq.id}`));
    for (const secret of [...secrets, "1,357.53", "Second supplier terms"]) expect(anonymous).not.toContain(secret);

    const asBuyer = await textOf(await buyer.get(`/rfqs/${rfq.id}`));
    for (const figure of ["8,642.97", "739,181", secretTerms, companyA, "1,357.53"]) expect(asBuyer).toContain(figure);
  });

  it("refuses quotes on an awarded RFQ, and order changes without a session, by a stranger or with an unknown action", async () => {
    const rfq = await postRfq(buyer);
    expect((await sellerA.post(`/rfqs/${rfq.id}`, quote())).status).toBe(302);
    const [quoteId] = await acceptableQuoteIds(buyer, `/rfqs/${rfq.id}`);
    const accepted = await buyer.post(`/rfqs/${rfq.id}`, {
      intent: "accept",
      quoteId: quoteId!,
      shipToName: "Brooklyn Home Goods LLC",
      shipToAddress: "250 Marginal Street, Brooklyn, NY 11231",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/orders");

    const late = await sellerB.post(`/rfqs/${rfq.id}`, quote());
    expect(late.status).toBe(409);
    expect(await textOf(late)).toContain("This RFQ is no longer accepting quotes");

    // each order links to its page, where its actions are
    const orderIdsOn = async (client: HttpClient) =>
      [...(await textOf(await client.get("/orders"))).matchAll(/\/orders\/([0-9a-f-]{36})/g)].map((m) => m[1]);
    const [orderId] = await orderIdsOn(buyer);
    expect(orderId).toBeDefined();
    expect(await orderIdsOn(sellerA)).toContain(orderId);
    const orderPath = `/orders/${orderId}`;
    // without JavaScript, the question is asked on the page, with what the action needs
    const asked = await textOf(await buyer.get(`${orderPath}?confirm=cancel`));
    expect(asked).toContain("Cancel this order?");
    expect(asked).toContain("Reason for cancelling");

    const anonymous = await new HttpClient(baseUrl()).post(orderPath, { action: "cancel" });
    expect(anonymous.status).toBe(401);
    const stranger = await sellerB.post(orderPath, { action: "cancel", reason: "Not my order at all" });
    expect(stranger.status).toBe(404);
    expect((await sellerB.get(orderPath)).status).toBe(404);
    const unknown = await sellerB.post("/orders/00000000-0000-4000-8000-000000000000", { action: "cancel" });
    expect(unknown.status).toBe(404);
    const badAction = await sellerA.post(orderPath, { action: "delete" });
    expect(badAction.status).toBe(400);
    const badIntent = await sellerA.post(`${orderPath}.data`, { intent: "refund" });
    expect(badIntent.status).toBe(400);
    expect(await badIntent.text()).toContain("Unknown action");
    const badMilestone = await buyer.post(`${orderPath}.data`, {
      intent: "fund",
      milestoneId: "first",
      cardholder: "A Buyer",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
    });
    expect(badMilestone.status).toBe(400);
    expect(await badMilestone.text()).toContain("Payment not found");
    const buyerConfirms = await buyer.post(orderPath, { action: "confirm" });
    expect(buyerConfirms.status).toBe(409);
    const shipsTooSoon = await sellerA.post(orderPath, {
      action: "ship",
      carrier: "Maersk",
      vesselOrFlight: "Maersk Kinloss 447W",
      portOfDischarge: "New York/Newark (USNYC)",
      billOfLading: "MAEU 1234567",
      estimatedArrival: "2026-12-20",
    });
    expect(shipsTooSoon.status).toBe(409);
    expect(await textOf(shipsTooSoon)).toContain("This order cannot be shipped now");

    // none of those changed the order: the seller can still decline (with a reason) or confirm it
    const page = await textOf(await sellerA.get(orderPath));
    expect(page).toContain("Placed");
    expect(page).toContain("Confirm order");
    const noReason = await sellerA.post(orderPath, { action: "decline", reason: "" });
    expect(noReason.status).toBe(400);
    expect(await textOf(noReason)).toContain("Please say why you are declining");
    expect((await sellerA.post(orderPath, { action: "confirm" })).status).toBe(302);
    const confirmed = await textOf(await buyer.get(orderPath));
    expect(confirmed).toContain("Confirmed");
    expect(confirmed).toContain("Payment schedule");
    // times in the viewer's zone, as the browser told it (the tz cookie), named; UTC, named, until it has
    expect(confirmed).toMatch(/Placed[^]*\d{1,2}:\d{2} [AP]M UTC/);
    buyer.cookies.set("tz", "America%2FChicago");
    expect(await textOf(await buyer.get(orderPath))).toMatch(/Placed[^]*\d{1,2}:\d{2} [AP]M C[SD]T/);
  });
});

describe("quotes on an expired RFQ", () => {
  let server: AppServer;
  let dataDir: string;
  let rfqId: string;
  let sellerEmail: string;
  let buyerEmail: string;

  beforeAll(async () => {
    // An RFQ cannot be created with a past deadline, so this one is written into the database before the server starts.
    dataDir = migratedDataDir("setu-expired-rfq-");
    const database = await openPglite(dataDir);
    try {
      const buyer = await createBuyer(database.db);
      const seller = await createSeller(database.db);
      const passwordHash = await hashPassword(PASSWORD);
      await addPasswordLogin(database.db, seller.user.id, passwordHash);
      await addPasswordLogin(database.db, buyer.user.id, passwordHash);
      sellerEmail = seller.user.email;
      buyerEmail = buyer.user.email;
      rfqId = (await createRfqRow(database.db, { buyerId: buyer.user.id, deadline: dateFromToday(-2) })).id;
      await createRfqRow(database.db, { buyerId: buyer.user.id, deadline: dateFromToday(3) });
    } finally {
      await database.close();
    }
    server = await startTestServer({ dataDir, env: { DEMO_DATA: "off" } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a seller's quote once the deadline has passed, and hides the form", async () => {
    const seller = new HttpClient(server.url);
    expect((await seller.post("/auth", { intent: "signin", email: sellerEmail, password: PASSWORD })).status).toBe(302);
    const page = await textOf(await seller.get(`/rfqs/${rfqId}`));
    expect(page).toContain("Expired");
    expect(page).not.toContain('name="intent" value="quote"');
    const response = await seller.post(`/rfqs/${rfqId}`, quote());
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain("The deadline for this RFQ has passed");
  });

  it("leaves the expired RFQ out of the buyer's Active RFQs", async () => {
    const buyer = new HttpClient(server.url);
    expect((await buyer.post("/auth", { intent: "signin", email: buyerEmail, password: PASSWORD })).status).toBe(302);
    const dashboard = await textOf(await buyer.get("/dashboard"));
    expect(/Active RFQs<\/p>.*?<p[^>]*>(\d+)<\/p>/s.exec(dashboard)?.[1]).toBe("1");
  });
});

describe("direct inquiries over HTTP (#41 item 3)", () => {
  async function signIn(email: string) {
    const client = new HttpClient(baseUrl());
    expect((await client.post("/auth", { intent: "signin", email, password: DEMO_PASSWORD })).status).toBe(302);
    return client;
  }

  it("refuses a quote request on one's own product (nothing written) and a quote from a supplier not asked", async () => {
    const [shakti, buyer, deccan] = await Promise.all([
      signIn("rajesh@shakti-textiles.example"),
      signIn("sarah@brooklyn-home-goods.example"),
      signIn("priya@deccan-auto.example"),
    ]);
    const name = "Organic Cotton Bath Towels, 600 GSM";
    const browse = await textOf(await buyer.get(`/browse?q=${encodeURIComponent("Organic Cotton Bath Towels")}`));
    const productId = [
      ...browse.slice(0, browse.indexOf(name)).matchAll(new RegExp(`/product/(${UUID})`, "g")),
    ].pop()?.[1];
    expect(productId, "the demo product is listed").toBeDefined();
    const inquiry = (title: string) => ({
      ...rfqFields(title),
      category: "bath-linen",
      quantity: "1000",
      productId: productId!,
    });

    const ownTitle = unique("Own towels");
    const own = await shakti.post("/create-rfq", inquiry(ownTitle));
    expect(own.status).toBe(403);
    expect(await textOf(own)).toContain("You cannot request a quote on your own product");
    expect(await textOf(await shakti.get(`/rfqs?mine=1&q=${encodeURIComponent(ownTitle)}`))).toContain("No RFQs found");

    const sent = await buyer.post("/create-rfq", inquiry(unique("Hotel towels")));
    expect(sent.status).toBe(302);
    const id = new RegExp(`^/rfqs/(${UUID})$`).exec(sent.headers.get("location") ?? "")?.[1];
    expect(id, "the buyer is taken to its inquiry").toBeDefined();

    expect((await deccan.get(`/rfqs/${id}`)).status).toBe(404);
    expect((await new HttpClient(baseUrl()).get(`/rfqs/${id}`)).status).toBe(404);
    // hiding the form is not the check: the action refuses the post itself
    expect((await deccan.post(`/rfqs/${id}`, quote({ quantity: "1000" }))).status).toBe(404);
    expect((await shakti.post(`/rfqs/${id}`, quote({ quantity: "1000" }))).status).toBe(302);
    expect(await textOf(await buyer.get(`/rfqs/${id}`))).toContain("Shakti Textiles Pvt. Ltd.");
  });
});
