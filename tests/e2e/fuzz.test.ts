import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { baseUrl } from "./support/browser";

/**
 * Hostile inputs against every query parameter and every form action: whatever arrives, the answer is a
 * page or a 4xx, never a 5xx. FUZZ_RUNS inputs per target (a few hundred requests in all in `npm test`;
 * `FUZZ_RUNS=100 npx vitest run tests/e2e/fuzz.test.ts` for the long form).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const PASSWORD = "Wholesale-Route-42";
const SOME_UUID = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

const nasty = fc.oneof(
  fc.constantFrom(
    "",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff\ud800",
    "'; drop table products; --",
    "<script>alert(1)</script>",
    "../../../../etc/passwd",
    "%00",
    "%",
    "9".repeat(400),
    "-1",
    "1e309",
    "NaN",
    "0x10",
    "2099-02-30",
    "0000-00-00",
    "[]",
    "{}",
    '{"__proto__":{"x":1}}',
    "constructor",
    "null",
    SOME_UUID,
    "not-a-uuid",
    "//evil.example",
    "x".repeat(70_000),
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ maxLength: 2000 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** What a URL can carry: a lone surrogate cannot be UTF-8, so it goes as the replacement character, as a browser would send it. */
const enc = (value: string) => encodeURIComponent(value.toWellFormed());

async function signedUp(userType: "buyer" | "seller") {
  const client = new HttpClient(baseUrl());
  const response = await client.post("/auth", {
    intent: "signup",
    userType,
    fullName: "Fuzz Tester",
    companyName: `Fuzz ${userType} ${Date.now()}`,
    email: `fuzz-${userType}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
    phone: "",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return client;
}

function expectNo5xx(status: number, what: string) {
  if (status >= 500) throw new Error(`${what} answered ${status}`);
}

describe("fuzzed inputs never get a 5xx", () => {
  let buyer: HttpClient;
  let seller: HttpClient;
  let anonymous: HttpClient;
  let storeId: string;
  let rfqId: string;

  beforeAll(async () => {
    buyer = await signedUp("buyer");
    seller = await signedUp("seller");
    anonymous = new HttpClient(baseUrl());
    expect((await seller.post("/stores", { intent: "create", name: `Fuzz Store ${Date.now()}` })).status).toBe(302);
    storeId = /\/stores\/([0-9a-f-]{36})\/manage/.exec(await (await seller.get("/stores")).text())![1]!;
    rfqId = /\/rfqs\/([0-9a-f-]{36})/.exec(await (await anonymous.get("/rfqs")).text())![1]!;
  });

  const GETS: Array<[string, string[]]> = [
    ["/", []],
    ["/browse", ["q", "category", "min", "max", "sort", "cursor", "page", "view"]],
    ["/api/products", ["q", "category", "min", "max", "sort", "limit", "cursor"]],
    ["/api/search-suggestions", ["q"]],
    ["/rfqs", ["q", "category", "sort", "mine", "page", "status"]],
    ["/stores", ["q", "page"]],
    ["/categories", []],
    ["/auth", ["tab", "redirectTo"]],
    ["/contact", ["topic"]],
    ["/create-rfq", ["product"]],
    ["/dashboard", ["tab"]],
    ["/orders", ["status"]],
  ];

  it("on every query parameter, as a visitor and as a seller", async () => {
    for (const [path, params] of GETS) {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...params, "x"), nasty), { maxLength: 4 }), fc.boolean(), async (pairs, asSeller) => {
          const query = pairs.map(([key, value]) => `${key}=${enc(value)}`).join("&");
          const response = await (asSeller ? seller : anonymous).get(`${path}?${query}`);
          await response.body?.cancel();
          expectNo5xx(response.status, `GET ${path}?${query.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it("on every path parameter", async () => {
    const paths = (value: string) => [`/product/${value}`, `/rfqs/${value}`, `/stores/${value}`, `/stores/${value}/manage`, `/stores/${value}/qr.png`, `/category/${value}`, `/blog/${value}`, `/uploads/${value}`];
    await fc.assert(
      fc.asyncProperty(nasty, async (value) => {
        for (const path of paths(enc(value).slice(0, 3000))) {
          const response = await seller.get(path);
          await response.body?.cancel();
          expectNo5xx(response.status, `GET ${path.slice(0, 200)}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("on every form action, with the fields it expects and others, as each kind of user", async () => {
    const ACTIONS: Array<[string, string[], () => HttpClient]> = [
      ["/contact", ["name", "email", "company", "topic", "message"], () => anonymous],
      ["/auth", ["intent", "email", "password", "confirmPassword", "fullName", "companyName", "phone", "userType", "redirectTo"], () => anonymous],
      ["/create-rfq", ["title", "category", "description", "specifications", "quantity", "unit", "budgetMin", "budgetMax", "deliveryLocation", "deadline"], () => buyer],
      [`/rfqs/${rfqId}`, ["intent", "price", "quantity", "deliveryTimeline", "terms", "quoteId"], () => seller],
      [`/rfqs/${rfqId}`, ["intent", "quoteId"], () => buyer],
      ["/products", ["intent", "name", "description", "category", "priceMin", "priceMax", "moq", "unit", "productId", "status", "payload"], () => seller],
      ["/stores", ["intent", "name", "description", "phone", "email", "website", "address", "storeId"], () => seller],
      [`/stores/${storeId}/manage`, ["intent", "payload", "productIds", "linkId", "tab", "name", "status"], () => seller],
      ["/profile", ["intent", "fullName", "companyName", "phone", "currentPassword", "newPassword", "confirmPassword"], () => buyer],
      ["/orders", ["orderId", "action"], () => buyer],
      ["/admin/verifications", ["userId", "decision"], () => seller],
      ["/auth/complete-profile", ["userType", "companyName", "phone"], () => buyer],
    ];
    const intents = fc.constantFrom("quote", "accept", "withdraw", "close", "create", "create-dialog", "update", "status", "profile", "password", "save-tabs", "save-design", "settings", "add-products", "feature", "tab", "remove", "qr", "signin", "signup");
    for (const [path, fields, who] of ACTIONS) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: fields.length }), intents, async (values, intent) => {
          const form: Record<string, string> = { intent, ...values };
          const response = await who().post(path, form);
          await response.body?.cancel();
          expectNo5xx(response.status, `POST ${path} ${JSON.stringify(form).slice(0, 300)}`);
        }),
        { numRuns: RUNS },
      );
    }
  });
});
