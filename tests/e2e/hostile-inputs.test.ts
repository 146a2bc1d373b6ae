import { beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import { HttpClient } from "../support/http-client";
import { baseUrl, ownDemoServer } from "./support/test-server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

const PASSWORD = "Wholesale-Route-42";
let sequence = 0;

async function signUp(userType: "buyer" | "seller") {
  const client = new HttpClient(baseUrl());
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Hostile Input",
    companyName: `Hostile ${userType} ${Date.now()}-${++sequence}`,
    email: `hostile-${userType}-${Date.now()}-${sequence}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return client;
}

const LONE_SURROGATE = JSON.stringify("\ud800").slice(1, -1); // the six characters \ud800, as a JSON text holds them

/** Each of these answered 500 when the product was attacked (issue 19, finding 5). */
describe("hostile input answers 4xx with a clear message, never 500", () => {
  let buyer: HttpClient;
  let seller: HttpClient;
  let storeId: string;

  beforeAll(async () => {
    buyer = await signUp("buyer");
    seller = await signUp("seller");
    const created = await seller.post("/stores", { intent: "create", name: `Hostile Store ${Date.now()}` });
    expect(created.status).toBe(302);
    const page = await (await seller.get("/stores")).text();
    storeId = /\/stores\/([0-9a-f-]{36})\/manage/.exec(page)![1]!;
  });

  it("refuses a NUL byte in any search parameter", async () => {
    for (const path of [
      "/api/products?q=abc%00def",
      "/browse?q=abc%00def",
      "/rfqs?q=abc%00def",
      "/api/search-suggestions?q=ab%00c",
      "/browse?category=%00",
      `/stores/${"00000000-0000-4000-8000-000000000000"}?q=a%00`,
    ]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("NUL byte");
    }
  });

  it("refuses a NUL byte in a form field, and writes nothing", async () => {
    const response = await buyer.post("/create-rfq", {
      title: "Bags\u0000 with a NUL",
      category: "home-textiles",
      description: "Reusable jute grocery bags with cotton handles.",
      specifications: "",
      quantity: "2500",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Brooklyn, NY",
      deadline: dateFromToday(20),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("NUL byte");
    expect(await (await buyer.get("/rfqs?mine=1")).text()).not.toContain("with a NUL");
  });

  it("refuses an impossible date with the form's message", async () => {
    const response = await buyer.post("/create-rfq", {
      title: "Bags with an impossible deadline",
      category: "home-textiles",
      description: "Reusable jute grocery bags with cotton handles.",
      specifications: "",
      quantity: "2500",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Brooklyn, NY",
      deadline: "2099-02-30",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose a valid date");
  });

  it("refuses a lone surrogate in the JSON a store or product form sends", async () => {
    const tabs = await seller.post(`/stores/${storeId}/manage`, {
      intent: "save-tabs",
      payload: `[{"id":"t1","name":"Bad ${LONE_SURROGATE}","slug":"bad","order":0}]`,
    });
    expect(tabs.status).toBe(400);
    expect(await tabs.text()).toContain("Failed to save tabs: invalid data");
    const design = await seller.post(`/stores/${storeId}/manage`, {
      intent: "save-design",
      payload: `{"name":"Bad ${LONE_SURROGATE}"}`,
    });
    expect(design.status).toBe(400);
    expect(await design.text()).toContain("Failed to save store: the design could not be read");
    const product = await seller.post(`/stores/${storeId}/manage`, {
      intent: "create-dialog",
      payload: `{"name":"Bad ${LONE_SURROGATE}"}`,
    });
    expect(product.status).toBe(400);
    expect(await product.text()).toContain("Please fill in all required fields");
  });

  it("answers an unknown intent or a malformed id with 400 and says which, on every page with several forms", async () => {
    const NONE = "00000000-0000-4000-8000-000000000000";
    const opened = await buyer.post("/messages", { subjectType: "store", subjectId: storeId, from: "/stores" });
    const thread = /^\/messages\/[0-9a-f-]{36}$/.exec(opened.headers.get("location") ?? "")?.[0];
    expect(thread).toBeDefined();
    const anonymous = new HttpClient(baseUrl());
    const card = { cardholder: "A Buyer", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
    const cases: [HttpClient, string, Record<string, string>, string][] = [
      [anonymous, "/auth", { email: "someone@example.test", password: PASSWORD }, "Unknown action"],
      [anonymous, "/auth", { intent: "reset", email: "someone@example.test" }, "Unknown action"],
      [buyer, "/profile", { fullName: "Silent Fallback", companyName: "Hostile Co" }, "Unknown action"],
      [buyer, "/profile", { intent: "delete-account" }, "Unknown action"],
      [buyer, "/notifications", { intent: "delete-all" }, "Unknown action"],
      [buyer, "/notifications", { intent: "open", id: "1 or 1=1" }, "Notification not found"],
      [buyer, thread!, { intent: "archive" }, "Unknown action"],
      [buyer, thread!, { intent: "read", messageId: "latest" }, "Unknown message"],
      [buyer, thread!, { intent: "report", messageId: "x", reason: "Spam" }, "Unknown message"],
      [seller, `/stores/${storeId}/manage`, {}, "Unknown action"],
      [seller, `/stores/${storeId}/manage`, { intent: "feature", linkId: "x" }, "Product not found in your store"],
      [seller, `/stores/${storeId}/manage`, { intent: "add-products", productIds: "x" }, "Unknown product"],
      [
        seller,
        `/stores/${storeId}/manage`,
        { intent: "settings", status: "deleted" },
        "Please choose the store's status",
      ],
      [seller, "/products", { intent: "delete", productId: NONE }, "Unknown action"],
      [seller, "/products", { intent: "status", productId: "x", status: "active" }, "Product not found"],
      [seller, "/products", { intent: "status", productId: NONE, status: "gone" }, "Please choose active or inactive"],
    ];
    for (const [client, path, fields, message] of cases) {
      // the action's own answer (React Router's data request), without the page around it
      const response = await client.post(`${path}.data`, fields);
      const what = `${path} ${JSON.stringify(fields)}`;
      expect(response.status, what).toBe(400);
      expect(await response.text(), what).toContain(message);
    }
    // on the order page who may post is asked first: an order that is not the poster's is not there, whatever was
    // posted (its 400s, on a real order, are in rfqs-server.test.ts)
    const strangersPosts: Record<string, string>[] = [
      { intent: "refund" },
      { action: "teleport" },
      { intent: "fund", milestoneId: "first", ...card },
    ];
    for (const fields of strangersPosts) {
      const response = await buyer.post(`/orders/${NONE}.data`, fields);
      expect(response.status, JSON.stringify(fields)).toBe(404);
      expect(await response.text()).toContain("Order not found");
    }
    // the "Contact …" buttons go back to their page with the refusal as a notice
    const refused = await buyer.post("/messages", { subjectType: "planet", subjectId: storeId, from: "/stores" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/stores");
  });

  it("answers a store id that is not a UUID with 404 on every management action", async () => {
    for (const intent of ["save-tabs", "save-design", "settings", "add-products", "create-dialog"]) {
      const response = await seller.post("/stores/not-a-uuid/manage", {
        intent,
        payload: "[]",
        name: "x",
        productIds: "00000000-0000-4000-8000-000000000000",
      });
      expect(response.status, intent).toBe(404);
      // to anyone but its owner the store is not there either, whatever was posted (a malformed payload included)
      const other = await buyer.post(`/stores/${storeId}/manage`, { intent, payload: "{not json" });
      expect(other.status, intent).toBe(404);
    }
    const qr = await seller.post("/stores", { intent: "qr", storeId: "not-a-uuid" });
    expect(qr.status).toBe(404);
  });
});
