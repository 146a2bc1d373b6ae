import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { dateFromToday } from "../../seed/factories/rfqs";
import { HttpClient } from "../support/http-client";
import { baseUrl, ownDemoServer } from "./support/test-server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

/**
 * Who may do what, route by route: every route of app/routes.ts, read and (where it has one) its action,
 * as a visitor, the buyer who owns the RFQ and order, another buyer, the seller who owns the store and
 * product and quoted, another seller, and an administrator. A route added to app/routes.ts without a row
 * here fails the first test. "Not yours" and "does not exist" look the same: 404.
 */
type Who = "anonymous" | "buyer" | "otherBuyer" | "seller" | "otherSeller" | "admin";
const WHO: Who[] = ["anonymous", "buyer", "otherBuyer", "seller", "otherSeller", "admin"];
type Ids = {
  storeId: string;
  productId: string;
  rfqId: string;
  openRfqId: string;
  orderId: string;
  quoteId: string;
  blogSlug: string;
  upload: string;
  notificationId: string;
  conversationId: string;
  attachmentId: string;
  reportId: string;
};
type Check = {
  method: "GET" | "POST";
  path: (ids: Ids) => string;
  fields?: (ids: Ids) => Record<string, string>;
  expect: Record<Who, number>;
};

const all = (status: number): Record<Who, number> => ({
  anonymous: status,
  buyer: status,
  otherBuyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
const signedIn = (anonymous: number, others: number): Record<Who, number> => ({ ...all(others), anonymous });
// a seller's page: a visitor is asked to sign in (401), a buyer or an administrator told it is for sellers (403)
const sellersPage: Record<Who, number> = { ...all(403), anonymous: 401, seller: 200, otherSeller: 200 };

const MATRIX: Record<string, Check[]> = {
  "/": [{ method: "GET", path: () => "/", expect: all(200) }],
  "services-for-sellers": [{ method: "GET", path: () => "/services-for-sellers", expect: all(200) }],
  services: [{ method: "GET", path: () => "/services", expect: all(301) }],
  contact: [{ method: "GET", path: () => "/contact", expect: all(200) }],
  help: [{ method: "GET", path: () => "/help", expect: all(200) }],
  terms: [{ method: "GET", path: () => "/terms", expect: all(200) }],
  blog: [{ method: "GET", path: () => "/blog", expect: all(200) }],
  "blog/:slug": [{ method: "GET", path: (ids) => `/blog/${ids.blogSlug}`, expect: all(200) }],
  "api/search-suggestions": [{ method: "GET", path: () => "/api/search-suggestions?q=cotton", expect: all(200) }],
  auth: [{ method: "GET", path: () => "/auth", expect: signedIn(200, 302) }],
  "auth/sign-out": [{ method: "GET", path: () => "/auth/sign-out", expect: all(302) }],
  "auth/google": [{ method: "GET", path: () => "/auth/google", expect: all(302) }],
  "auth/complete-profile": [{ method: "GET", path: () => "/auth/complete-profile", expect: all(302) }],
  "auth/forgot-password": [
    { method: "GET", path: () => "/auth/forgot-password", expect: signedIn(200, 302) },
    // an address that is not one: refused, and nothing is sent; a signed-in user is sent on to /profile
    {
      method: "POST",
      path: () => "/auth/forgot-password",
      fields: () => ({ email: "not-an-address" }),
      expect: signedIn(400, 302),
    },
  ],
  "auth/reset-password": [
    { method: "GET", path: () => "/auth/reset-password?token=made-up", expect: all(200) },
    {
      method: "POST",
      path: () => "/auth/reset-password",
      fields: () => ({ token: "made-up-token", password: "Harbour-Lights-58", confirmPassword: "Harbour-Lights-58" }),
      expect: all(400),
    },
  ],
  // better-auth's own endpoints are closed but for the e-mail link and Google's callback (accounts-server test)
  "api/auth/*": [{ method: "GET", path: () => "/api/auth/get-session", expect: all(404) }],
  // the language switch (record 0058): a GET changes nothing; a post stores the choice (account or cookie) and goes back
  language: [
    { method: "GET", path: () => "/language", expect: all(302) },
    {
      method: "POST",
      path: () => "/language",
      fields: () => ({ language: "en", redirectTo: "/browse" }),
      expect: all(302),
    },
    { method: "POST", path: () => "/language", fields: () => ({ language: "xx" }), expect: all(400) },
  ],
  dashboard: [{ method: "GET", path: () => "/dashboard", expect: all(200) }],
  profile: [{ method: "GET", path: () => "/profile", expect: signedIn(302, 200) }],
  "admin/verifications": [
    { method: "GET", path: () => "/admin/verifications", expect: { ...all(404), admin: 200 } },
    {
      method: "POST",
      path: () => "/admin/verifications",
      fields: () => ({ userId: "nobody", decision: "approve" }),
      expect: { ...all(404), admin: 400 },
    },
  ],
  products: [
    { method: "GET", path: () => "/products", expect: sellersPage },
    {
      method: "POST",
      path: () => "/products",
      fields: (ids) => ({ intent: "status", productId: ids.productId, status: "active" }),
      expect: { ...all(404), anonymous: 401, seller: 302 },
    },
  ],
  // the catalogue import (#42): the seller's own imports only; another's, or none, is 404
  "products/import": [
    { method: "GET", path: () => "/products/import", expect: sellersPage },
    {
      method: "POST",
      path: () => "/products/import",
      fields: () => ({ intent: "commit", importId: "00000000-0000-4000-8000-000000000000" }),
      expect: { ...all(403), anonymous: 401, seller: 404, otherSeller: 404 },
    },
  ],
  "products/import/template": [
    {
      method: "GET",
      path: () => "/products/import/template?format=csv",
      expect: { ...all(404), seller: 200, otherSeller: 200 },
    },
  ],
  "products/import/:id/report.csv": [
    { method: "GET", path: () => "/products/import/00000000-0000-4000-8000-000000000000/report.csv", expect: all(404) },
  ],
  "products/export": [
    {
      method: "GET",
      path: () => "/products/export?format=csv",
      expect: { ...all(404), seller: 200, otherSeller: 200 },
    },
  ],
  browse: [{ method: "GET", path: () => "/browse?q=cotton", expect: all(200) }],
  categories: [{ method: "GET", path: () => "/categories", expect: all(200) }],
  "category/:slug": [{ method: "GET", path: () => "/category/home-textiles", expect: all(200) }],
  "product/:id": [{ method: "GET", path: (ids) => `/product/${ids.productId}`, expect: all(200) }],
  rfqs: [{ method: "GET", path: () => "/rfqs", expect: all(200) }],
  "rfqs/:id": [
    { method: "GET", path: (ids) => `/rfqs/${ids.rfqId}`, expect: all(200) },
    // on an open RFQ: the seller withdraws its own quote (after the visitor and the buyers were refused)
    {
      method: "POST",
      path: (ids) => `/rfqs/${ids.openRfqId}`,
      fields: (ids) => ({ intent: "withdraw", quoteId: ids.quoteId }),
      expect: { ...all(404), anonymous: 401, seller: 302 },
    },
  ],
  "create-rfq": [{ method: "GET", path: () => "/create-rfq", expect: all(200) }],
  stores: [{ method: "GET", path: () => "/stores", expect: sellersPage }],
  "stores/:id": [{ method: "GET", path: (ids) => `/stores/${ids.storeId}`, expect: all(200) }],
  "stores/:id/manage": [
    { method: "GET", path: (ids) => `/stores/${ids.storeId}/manage`, expect: { ...all(404), seller: 200 } },
    {
      method: "POST",
      path: (ids) => `/stores/${ids.storeId}/manage`,
      fields: () => ({ intent: "save-tabs", payload: "[]" }),
      expect: { ...all(404), anonymous: 401, seller: 200 },
    },
  ],
  "stores/:id/qr.png": [
    {
      method: "GET",
      path: (ids) => `/stores/${ids.storeId}/qr.png`,
      expect: { ...all(404), anonymous: 401, seller: 200 },
    },
  ],
  "stores/:id/analytics.csv": [
    {
      method: "GET",
      path: (ids) => `/stores/${ids.storeId}/analytics.csv?days=30`,
      expect: { ...all(404), seller: 200 },
    },
  ],
  orders: [{ method: "GET", path: () => "/orders", expect: signedIn(302, 200) }],
  // an order's page: its buyer and seller only (administrators decide disputes at /admin/disputes); a placed order cannot be completed yet
  "orders/:id": [
    {
      method: "GET",
      path: (ids) => `/orders/${ids.orderId}`,
      expect: { ...all(404), anonymous: 302, buyer: 200, seller: 200 },
    },
    {
      method: "POST",
      path: (ids) => `/orders/${ids.orderId}`,
      fields: () => ({ action: "complete" }),
      expect: { ...all(404), anonymous: 401, buyer: 409, seller: 409 },
    },
  ],
  "orders/:id/evidence/:evidenceId": [
    {
      method: "GET",
      path: (ids) => `/orders/${ids.orderId}/evidence/00000000-0000-4000-8000-000000000000`,
      expect: { ...all(404), anonymous: 401 },
    },
  ],
  "admin/disputes": [
    { method: "GET", path: () => "/admin/disputes", expect: { ...all(404), admin: 200 } },
    {
      method: "POST",
      path: () => "/admin/disputes",
      fields: () => ({
        disputeId: "00000000-0000-4000-8000-000000000000",
        decision: "release",
        note: "Matrix decision",
      }),
      expect: all(404),
    },
  ],
  // the payment provider's webhook: its signature is its authority, whoever posts
  "api/payments/webhook": [
    { method: "POST", path: () => "/api/payments/webhook", fields: () => ({}), expect: all(400) },
  ],
  // the order's export documents and packing details: its buyer and seller only (the order is placed: nothing issued,
  // and packing details wait for the supplier's confirmation)
  "orders/:orderId/documents": [
    {
      method: "GET",
      path: (ids) => `/orders/${ids.orderId}/documents`,
      expect: { ...all(404), anonymous: 302, buyer: 200, seller: 200 },
    },
    {
      method: "POST",
      path: (ids) => `/orders/${ids.orderId}/documents`,
      fields: () => ({ packages: "4", netKg: "100", grossKg: "110", lengthCm: "60", widthCm: "40", heightCm: "40" }),
      expect: { ...all(404), anonymous: 401, seller: 409 },
    },
  ],
  "orders/:orderId/documents/:kind": [
    { method: "GET", path: (ids) => `/orders/${ids.orderId}/documents/proforma_invoice`, expect: all(404) },
  ],
  // the review of a completed order: this one is only placed, so even its buyer is refused
  "orders/:orderId/review": [
    {
      method: "GET",
      path: (ids) => `/orders/${ids.orderId}/review`,
      expect: { ...all(404), anonymous: 302, buyer: 200, seller: 200 },
    },
    {
      method: "POST",
      path: (ids) => `/orders/${ids.orderId}/review`,
      fields: () => ({
        intent: "review",
        productQuality: "5",
        communication: "5",
        onTimeDelivery: "5",
        body: "Matrix review of an order.",
      }),
      expect: { ...all(404), anonymous: 401, buyer: 409, seller: 403 },
    },
  ],
  notifications: [
    { method: "GET", path: () => "/notifications", expect: signedIn(302, 200) },
    // the seller's notice that its quote was accepted: only the seller opens it
    {
      method: "POST",
      path: () => "/notifications",
      fields: (ids) => ({ intent: "open", id: ids.notificationId }),
      expect: { ...all(404), anonymous: 401, seller: 303 },
    },
  ],
  // the buyer and the seller of the order talk about it; nobody else sees or posts to their thread
  messages: [
    { method: "GET", path: () => "/messages", expect: signedIn(302, 200) },
    // open-or-start always answers with a redirect: to /auth, to the thread, or back with the refusal as a notice
    {
      method: "POST",
      path: () => "/messages",
      fields: (ids) => ({ subjectType: "order", subjectId: ids.orderId, from: "/orders" }),
      expect: all(302),
    },
  ],
  "messages/:id": [
    {
      method: "GET",
      path: (ids) => `/messages/${ids.conversationId}`,
      expect: { ...all(404), anonymous: 302, buyer: 200, seller: 200 },
    },
    {
      method: "POST",
      path: (ids) => `/messages/${ids.conversationId}`,
      fields: () => ({ intent: "send", body: "Matrix message" }),
      expect: { ...all(404), anonymous: 401, buyer: 302, seller: 302 },
    },
  ],
  "messages/:id/attachments/:attachmentId": [
    {
      method: "GET",
      path: (ids) => `/messages/${ids.conversationId}/attachments/${ids.attachmentId}`,
      expect: { ...all(404), anonymous: 401, buyer: 200, seller: 200 },
    },
  ],
  // a document that is no one's here; its owner and administrators read theirs (accounts verification.test, e2e verification.test)
  "verification-documents/:id": [
    { method: "GET", path: () => "/verification-documents/00000000-0000-4000-8000-000000000000", expect: all(404) },
  ],
  "admin/rates": [
    { method: "GET", path: () => "/admin/rates", expect: { ...all(404), admin: 200 } },
    {
      method: "POST",
      path: () => "/admin/rates",
      fields: () => ({ rateDate: "2000-01-01", inrPerUsd: "", source: "fbil" }),
      expect: { ...all(404), admin: 400 },
    },
  ],
  "admin/reports": [
    { method: "GET", path: () => "/admin/reports", expect: { ...all(404), admin: 200 } },
    {
      method: "POST",
      path: () => "/admin/reports",
      fields: (ids) => ({ reportId: ids.reportId }),
      expect: { ...all(404), admin: 302 },
    },
  ],
  "admin/trade-data": [
    { method: "GET", path: () => "/admin/trade-data", expect: { ...all(404), admin: 200 } },
    // a fee row without a rate: refused on its field for the administrator, not found for everyone else
    {
      method: "POST",
      path: () => "/admin/trade-data",
      fields: () => ({
        intent: "add-fee",
        kind: "mpf",
        ratePercent: "",
        effectiveFrom: "2030-01-01",
        source: "matrix",
      }),
      expect: { ...all(404), admin: 400 },
    },
  ],
  // without a signed link, nobody's preferences change
  unsubscribe: [
    { method: "GET", path: () => "/unsubscribe", expect: all(404) },
    { method: "POST", path: () => "/unsubscribe?u=x&k=orderStatus&t=forged", fields: () => ({}), expect: all(404) },
  ],
  // a device's push subscription: the signed-in user's own, posted as JSON (a form is refused); never read back
  "api/push-subscriptions": [
    { method: "GET", path: () => "/api/push-subscriptions", expect: all(405) },
    {
      method: "POST",
      path: () => "/api/push-subscriptions",
      fields: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/x" }),
      expect: signedIn(401, 400),
    },
  ],
  "api/uploads": [
    { method: "POST", path: () => "/api/uploads", fields: () => ({ kind: "product" }), expect: signedIn(401, 415) },
  ],
  "uploads/*": [{ method: "GET", path: (ids) => `/uploads/${ids.upload}`, expect: all(404) }],
  "*": [{ method: "GET", path: () => "/no-such-page", expect: all(404) }],
};

/**
 * Endpoints mounted in Express beside React Router (server/app.ts, decision records 0011 and 0020): not in
 * app/routes.ts, so listed here by hand; a test reads server/app.ts for the paths it mounts.
 */
const EXPRESS_MATRIX: Record<string, Check[]> = {
  "/api/products": [
    { method: "GET", path: () => "/api/products?q=cotton", expect: all(200) },
    { method: "POST", path: () => "/api/products", fields: () => ({}), expect: all(405) },
  ],
  // an open stream answers 200 at once (the test then cancels it); anything but GET is refused
  "/api/events": [
    { method: "GET", path: () => "/api/events", expect: signedIn(401, 200) },
    { method: "POST", path: () => "/api/events", fields: () => ({}), expect: all(405) },
  ],
};

function routePaths(entries: Array<{ path?: string; index?: boolean; children?: unknown[] }>): string[] {
  return entries.flatMap((entry) => [
    entry.index ? "/" : (entry.path ?? ""),
    ...routePaths((entry.children ?? []) as typeof entries),
  ]);
}

const PASSWORD = "Wholesale-Route-42";
let sequence = 0;
async function signUp(userType: "buyer" | "seller") {
  const client = new HttpClient(baseUrl());
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Matrix Person",
    companyName: `Matrix ${userType} ${Date.now()}-${++sequence}`,
    email: `matrix-${userType}-${Date.now()}-${sequence}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return client;
}

const idsIn = async (client: HttpClient, path: string, pattern: RegExp) =>
  [...(await (await client.get(path)).text()).matchAll(pattern)].map((m) => m[1]!);

describe("authorization matrix", () => {
  const clients = {} as Record<Who, HttpClient>;
  let ids: Ids;

  beforeAll(async () => {
    clients.anonymous = new HttpClient(baseUrl());
    clients.buyer = await signUp("buyer");
    clients.otherBuyer = await signUp("buyer");
    clients.seller = await signUp("seller");
    clients.otherSeller = await signUp("seller");
    clients.admin = new HttpClient(baseUrl());
    expect(
      (await clients.admin.post("/auth", { intent: "signin", email: "admin@setu.example", password: "SetuDemo!2026" }))
        .status,
    ).toBe(302);

    const seller = clients.seller;
    expect((await seller.post("/stores", { intent: "create", name: `Matrix Store ${Date.now()}` })).status).toBe(302);
    const [storeId] = await idsIn(seller, "/stores", /\/stores\/([0-9a-f-]{36})\/manage/g);
    const created = await seller.post("/products", {
      intent: "create",
      name: "Matrix Cotton Towels",
      description: "Soft cotton towels for hotels.",
      category: "home-textiles",
      subcategory: "",
      minimumOrderQuantity: "100",
      unit: "pieces",
      priceMin: "2",
      priceMax: "3",
    });
    expect(created.status).toBeLessThan(400);
    const [productId] = await idsIn(seller, "/products", /name="productId" value="([0-9a-f-]{36})"/g);
    const rfqForm = () => ({
      title: `Matrix RFQ ${Date.now()}`,
      category: "home-textiles",
      description: "Cotton towels for a hotel chain.",
      specifications: "",
      quantity: "500",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Austin, TX",
      deadline: dateFromToday(20),
    });
    const rfq = await clients.buyer.post("/create-rfq", rfqForm());
    expect(rfq.status).toBe(302);
    const [rfqId] = await idsIn(clients.buyer, "/rfqs?mine=1", /\/rfqs\/([0-9a-f-]{36})/g);
    expect(
      (
        await seller.post(`/rfqs/${rfqId!}`, {
          intent: "quote",
          price: "1500",
          quantity: "500",
          deliveryTimeline: "30 days",
          terms: "FOB",
        })
      ).status,
    ).toBeLessThan(400);
    // Accept Quote asks first: its link names the quote (?confirm=accept&quote=…)
    const [quoteId] = await idsIn(clients.buyer, `/rfqs/${rfqId!}`, /confirm=accept&(?:amp;)?quote=([0-9a-f-]{36})/g);
    expect(
      (
        await clients.buyer.post(`/rfqs/${rfqId!}`, {
          intent: "accept",
          quoteId: quoteId!,
          shipToName: "Brooklyn Home Goods LLC",
          shipToAddress: "250 Marginal Street, Brooklyn, NY 11231",
        })
      ).status,
    ).toBe(302);
    // a second RFQ stays open, with the seller's quote on it
    expect(
      (await clients.buyer.post("/create-rfq", { ...rfqForm(), title: `Matrix open RFQ ${Date.now()}` })).status,
    ).toBe(302);
    const openRfqId = (await idsIn(clients.buyer, "/rfqs?mine=1", /\/rfqs\/([0-9a-f-]{36})/g)).find(
      (id) => id !== rfqId,
    )!;
    expect(
      (
        await seller.post(`/rfqs/${openRfqId}`, {
          intent: "quote",
          price: "1400",
          quantity: "500",
          deliveryTimeline: "30 days",
          terms: "FOB",
        })
      ).status,
    ).toBeLessThan(400);
    const [openQuoteId] = await idsIn(seller, `/rfqs/${openRfqId}`, /name="quoteId" value="([0-9a-f-]{36})"/g);
    const [orderId] = await idsIn(clients.buyer, "/orders", /\/orders\/([0-9a-f-]{36})/g);
    const [notificationId] = await idsIn(seller, "/notifications", /name="id" value="([0-9a-f-]{36})"/g);
    // a conversation about the order, a PDF in it from the buyer, and the seller's report of that message
    const opened = await clients.buyer.post("/messages", {
      subjectType: "order",
      subjectId: orderId!,
      from: "/orders",
    });
    const conversationId = /^\/messages\/([0-9a-f-]{36})$/.exec(opened.headers.get("location") ?? "")![1]!;
    const upload = new FormData();
    upload.set("intent", "send");
    upload.set("body", "Our purchase order");
    upload.set("attachments", new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" }), "po.pdf");
    expect(
      (
        await clients.buyer.request(`/messages/${conversationId}`, {
          method: "POST",
          body: upload,
          headers: { origin: baseUrl() },
        })
      ).status,
    ).toBe(302);
    const [attachmentId] = await idsIn(clients.buyer, `/messages/${conversationId}`, /\/attachments\/([0-9a-f-]{36})/g);
    const [messageId] = await idsIn(seller, `/messages/${conversationId}`, /name="messageId" value="([0-9a-f-]{36})"/g);
    expect(
      (
        await seller.post(`/messages/${conversationId}`, {
          intent: "report",
          messageId: messageId!,
          reason: "Matrix report",
        })
      ).status,
    ).toBe(200);
    const [reportId] = await idsIn(clients.admin, "/admin/reports", /name="reportId" value="([0-9a-f-]{36})"/g);
    ids = {
      storeId: storeId!,
      productId: productId!,
      rfqId: rfqId!,
      openRfqId,
      orderId: orderId!,
      quoteId: openQuoteId!,
      blogSlug: "writing-an-rfq-that-gets-great-quotes",
      upload: "nobody/product/1.webp",
      notificationId: notificationId!,
      conversationId,
      attachmentId: attachmentId!,
      reportId: reportId!,
    };
  });

  it("has a row for every route of app/routes.ts", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routePaths(routes as never).sort());
  });

  it("has a row for every endpoint server/app.ts mounts beside the router", () => {
    const source = fs.readFileSync("server/app.ts", "utf8");
    const mounted = new Set([...source.matchAll(/app\.(?:get|post|all)\("(\/api\/[^"]+)"/g)].map((m) => m[1]!));
    expect([...mounted].sort()).toEqual(Object.keys(EXPRESS_MATRIX).sort());
  });

  it("answers each route and action with the expected status for each identity", async () => {
    const wrong: string[] = [];
    for (const [route, checks] of [...Object.entries(MATRIX), ...Object.entries(EXPRESS_MATRIX)]) {
      for (const check of checks) {
        for (const who of WHO) {
          const path = check.path(ids);
          const response =
            check.method === "GET" ? await clients[who].get(path) : await clients[who].post(path, check.fields!(ids));
          await response.body?.cancel();
          if (response.status !== check.expect[who])
            wrong.push(
              `${route}: ${check.method} ${path} as ${who} answered ${response.status}, expected ${check.expect[who]}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
