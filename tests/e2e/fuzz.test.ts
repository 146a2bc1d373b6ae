import fc from "fast-check";
import fs from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { DEMO_ADMIN, DEMO_PASSWORD } from "../../seed/demo.server";
import { HttpClient } from "../support/http-client";
import { rfqFormFields } from "../support/rfq-post";
import { BUSINESS_DETAIL_FIELDS } from "~/modules/accounts/business-details.schema";
import { QUOTE_FIELDS } from "~/modules/rfqs/quote.schema";
import { FX_RATE_FIELDS } from "~/modules/trade/fx-rates.schema";
import {
  ADD_ADDITIONAL_DUTY_FIELDS,
  ADD_DUTY_RATE_FIELDS,
  ADD_FEE_FIELDS,
  ADD_FREIGHT_RATE_FIELDS,
  END_ROW_FIELDS,
  IMPORT_HTS_FIELDS,
  TRADE_DATA_INTENTS,
} from "~/modules/trade/trade-admin.schema";
import { CREATE_RFQ_FIELDS } from "~/modules/rfqs/rfq.schema";
import type { TestPostgresDatabase } from "./support/templates";
import { baseUrl, migratedPostgresDatabase, ownDemoServer, startTestServer } from "./support/test-server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

/**
 * Hostile inputs against every query parameter and every form action: whatever arrives, the answer is a
 * page or a 4xx, never a 5xx. FUZZ_RUNS inputs per target (a few hundred requests in all in `npm test`;
 * `npm run bench:fuzz`, 1,000 per target, for the long form). On PostgreSQL every refused post is also checked to change no
 * table's row count.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** The long form (bench:fuzz) sends thousands of posts per test: its time grows with the runs. */
const LONG_TIMEOUT = Math.max(600_000, RUNS * 3_000);
const PASSWORD = "Wholesale-Route-42";
const SOME_UUID = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

/** Days outside years 1900-9999: year 0, negative years (as toISOString writes them), year 10000. */
const OUT_OF_RANGE_DAYS = ["0000-01-01", "-000001-01-01", "10000-01-01", "+010000-01-01", "1899-12-31"];

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
    // dates JavaScript reads and PostgreSQL refuses (issue 38): year 0, negative years, years past 9999
    ...OUT_OF_RANGE_DAYS,
    `0000-01-01T00:00:00.000000Z_${"3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"}`,
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

async function signedUp(userType: "buyer" | "seller", url = baseUrl()) {
  const client = new HttpClient(url);
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
  let admin: HttpClient;
  let anonymous: HttpClient;
  let storeId: string;
  let rfqId: string;
  let conversationId: string;

  beforeAll(async () => {
    ({ buyer, seller, admin, anonymous, storeId, rfqId, conversationId } = await actorsOn(baseUrl()));
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
    ["/notifications", ["before"]],
    ["/messages", ["filter", "cursor"]],
    ["/admin/reports", ["status", "cursor"]],
    ["/admin/rates", []],
    ["/unsubscribe", ["u", "k", "t"]],
  ];

  it("on every query parameter, as a visitor and as a seller", async () => {
    for (const [path, params] of GETS) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...params, "x"), nasty), { maxLength: 4 }),
          fc.boolean(),
          async (pairs, asSeller) => {
            const query = pairs.map(([key, value]) => `${key}=${enc(value)}`).join("&");
            const response = await (asSeller ? seller : anonymous).get(`${path}?${query}`);
            await response.body?.cancel();
            expectNo5xx(response.status, `GET ${path}?${query.slice(0, 200)}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it("on every path parameter", async () => {
    const paths = (value: string) => [
      `/product/${value}`,
      `/rfqs/${value}`,
      `/stores/${value}`,
      `/stores/${value}/manage`,
      `/stores/${value}/qr.png`,
      `/category/${value}`,
      `/blog/${value}`,
      `/uploads/${value}`,
      `/messages/${value}`,
      `/messages/${value}/attachments/${value}`,
      `/messages/${SOME_UUID}/attachments/${value}`,
    ];
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
    await fuzzFormActions({ buyer, seller, admin, anonymous, storeId, rfqId, conversationId }, async (post) => {
      const response = await post();
      expectNo5xx(response.status, response.what);
    });
  });

  it("on every date field and cursor, a day outside years 1900-9999 is refused (4xx) or read as none, never a 5xx", async () => {
    await outOfRangeDatePosts({ buyer, seller, admin, anonymous, storeId, rfqId, conversationId }, async (post) => {
      const { status, what } = await post();
      expectNo5xx(status, what);
      expect(status, what).toBeGreaterThanOrEqual(400);
    });
    // the cursors: a time out of range is no cursor, so the first page (year 0 answered 500 on /messages)
    const id = SOME_UUID;
    const productCursor = (v: string) => Buffer.from(JSON.stringify({ v, id })).toString("base64url");
    for (const day of OUT_OF_RANGE_DAYS) {
      for (const path of [
        `/messages?cursor=${enc(`${day}T00:00:00.000000Z_${id}`)}`,
        `/messages?filter=needs-reply&cursor=${enc(`${day}T12:30:00.000000Z_${id}`)}`,
        `/notifications?before=${enc(`${day}T00:00:00.000Z_${id}`)}`,
        `/api/products?sort=newest&cursor=${productCursor(`${day}T00:00:00.000Z`)}`,
        `/browse?sort=newest&cursor=${productCursor(`${day}T00:00:00.000Z`)}`,
      ]) {
        const response = await buyer.get(path);
        await response.body?.cancel();
        expect(response.status, `GET ${path}`).toBe(200);
      }
    }
  });
});

type Actors = {
  buyer: HttpClient;
  seller: HttpClient;
  /** the demo data's administrator, signed in */
  admin: HttpClient;
  anonymous: HttpClient;
  storeId: string;
  rfqId: string;
  conversationId: string;
};
type FuzzedPost = () => Promise<{ status: number; what: string }>;

/** Signs up a buyer and a seller on the server at `url`, with a store, and finds an open RFQ. */
async function actorsOn(url: string): Promise<Actors> {
  const buyer = await signedUp("buyer", url);
  const seller = await signedUp("seller", url);
  const anonymous = new HttpClient(url);
  const admin = new HttpClient(url);
  const signedIn = await admin.post("/auth", { intent: "signin", email: DEMO_ADMIN.email, password: DEMO_PASSWORD });
  expect(signedIn.status).toBe(302);
  expect((await seller.post("/stores", { intent: "create", name: `Fuzz Store ${Date.now()}` })).status).toBe(302);
  const storeId = /\/stores\/([0-9a-f-]{36})\/manage/.exec(await (await seller.get("/stores")).text())![1]!;
  const rfqId = /\/rfqs\/([0-9a-f-]{36})/.exec(await (await anonymous.get("/rfqs")).text())![1]!;
  const opened = await buyer.post("/messages", { subjectType: "store", subjectId: storeId, from: "/" });
  const conversationId = /^\/messages\/([0-9a-f-]{36})$/.exec(opened.headers.get("location") ?? "")![1]!;
  return { buyer, seller, admin, anonymous, storeId, rfqId, conversationId };
}

/** Every form action with hostile values for the fields it expects and others; `check` sends each post. */
async function fuzzFormActions(
  { buyer, seller, admin, anonymous, storeId, rfqId, conversationId }: Actors,
  check: (post: FuzzedPost) => Promise<void>,
) {
  const ACTIONS: Array<[string, string[], () => HttpClient]> = [
    ["/contact", ["name", "email", "company", "topic", "message"], () => anonymous],
    [
      "/auth",
      ["intent", "email", "password", "confirmPassword", "fullName", "companyName", "phone", "userType", "redirectTo"],
      () => anonymous,
    ],
    [
      "/create-rfq",
      // the forms' own field lists: a field added to a form is fuzzed too
      [...CREATE_RFQ_FIELDS],
      () => buyer,
    ],
    [`/rfqs/${rfqId}`, ["intent", "price", "quantity", "deliveryTimeline", "terms", "quoteId"], () => seller],
    [`/rfqs/${rfqId}`, ["intent", ...QUOTE_FIELDS], () => seller],
    [`/rfqs/${rfqId}`, ["intent", "quoteId"], () => buyer],
    [
      "/products",
      [
        "intent",
        "name",
        "description",
        "category",
        "priceMin",
        "priceMax",
        "moq",
        "unit",
        "productId",
        "status",
        "payload",
      ],
      () => seller,
    ],
    ["/stores", ["intent", "name", "description", "phone", "email", "website", "address", "storeId"], () => seller],
    [`/stores/${storeId}/manage`, ["intent", "payload", "productIds", "linkId", "tab", "name", "status"], () => seller],
    [
      "/profile",
      ["intent", "fullName", "companyName", "phone", "currentPassword", "newPassword", "confirmPassword"],
      () => buyer,
    ],
    // an order that is not theirs: every intent (transition, fund, dispute) is refused, never a 5xx
    [
      "/orders/00000000-0000-4000-8000-000000000000",
      [
        "intent",
        "orderId",
        "action",
        "reason",
        "note",
        "carrier",
        "billOfLading",
        "trackingUrl",
        "estimatedArrival",
        "milestoneId",
        "cardholder",
        "cardNumber",
        "expiry",
        "cvc",
      ],
      () => buyer,
    ],
    ["/admin/disputes", ["disputeId", "decision", "refundAmount", "settlementAmount", "note"], () => seller],
    ["/api/payments/webhook", ["id", "type", "data"], () => anonymous],
    ["/admin/verifications", ["userId", "decision"], () => seller],
    ["/auth/complete-profile", ["userType", "companyName", "phone"], () => buyer],
    ["/notifications", ["intent", "id"], () => buyer],
    ["/messages", ["subjectType", "subjectId", "counterpartId", "from"], () => buyer],
    [`/messages/${conversationId}`, ["intent", "body", "messageId", "reason"], () => buyer],
    [`/messages/${conversationId}`, ["intent", "body", "messageId", "reason"], () => seller],
    ["/admin/reports", ["reportId", "reportedUserId", "through"], () => seller],
    ["/admin/rates", ["rateDate", "inrPerUsd", "source", "note"], () => seller],
    ["/admin/rates", [...FX_RATE_FIELDS], () => admin],
    ["/profile", [...BUSINESS_DETAIL_FIELDS], () => seller],
    [
      "/admin/trade-data",
      [
        ...new Set([
          ...ADD_FEE_FIELDS,
          ...ADD_DUTY_RATE_FIELDS,
          ...ADD_ADDITIONAL_DUTY_FIELDS,
          ...ADD_FREIGHT_RATE_FIELDS,
          ...END_ROW_FIELDS,
          ...IMPORT_HTS_FIELDS,
        ]),
      ],
      () => admin,
    ],
    ["/unsubscribe", ["u", "k", "t"], () => anonymous],
  ];
  const intents = fc.constantFrom(
    "send",
    "read",
    "block",
    "unblock",
    "report",
    "open",
    "read-all",
    "quote",
    "accept",
    "withdraw",
    "close",
    "create",
    "create-dialog",
    "update",
    "status",
    "profile",
    "password",
    "save-tabs",
    "save-design",
    "settings",
    "add-products",
    "feature",
    "tab",
    "remove",
    "qr",
    "signin",
    "signup",
    "business-details",
    ...TRADE_DATA_INTENTS,
  );
  for (const [path, fields, who] of ACTIONS) {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: fields.length }),
        intents,
        async (values, intent) => {
          const form: Record<string, string> = { intent, ...values };
          await check(async () => {
            const response = await who().post(path, form);
            await response.body?.cancel();
            return { status: response.status, what: `POST ${path} ${JSON.stringify(form).slice(0, 300)}` };
          });
        },
      ),
      { numRuns: RUNS },
    );
  }
}

/**
 * Every form field that takes a date, posted in an otherwise valid form with a day outside years 1900-9999 (issue
 * 38: JavaScript's calendar reads year 0 and negative years, PostgreSQL's does not, and such a day answered 500);
 * `check` sends each post. The fields come from the forms' own lists, so a date field added to a form is not missed
 * as long as its form is here.
 */
async function outOfRangeDatePosts(
  { buyer, seller, admin, rfqId }: Actors,
  check: (post: FuzzedPost) => Promise<void>,
) {
  const tradePage = await (await admin.get("/admin/trade-data")).text();
  const endable = (intent: string) =>
    new RegExp(`name="intent" value="${intent}"/><input type="hidden" name="id" value="([0-9a-f-]{36})"`).exec(
      tradePage,
    )?.[1] ?? SOME_UUID;
  const source = `Date range check ${Date.now()}`;
  const forms: Array<[() => HttpClient, string, Record<string, string>, string[]]> = [
    [() => buyer, "/create-rfq", rfqFormFields("Out-of-range deadline", "Reusable jute grocery bags."), ["deadline"]],
    [
      () => seller,
      `/rfqs/${rfqId}`,
      { intent: "quote", price: "900", quantity: "100", deliveryTimeline: "20 days", terms: "FOB", validUntil: "" },
      ["validUntil"],
    ],
    [
      () => seller,
      "/profile",
      {
        intent: "business-details",
        ...Object.fromEntries(BUSINESS_DETAIL_FIELDS.map((f) => [f, ""])),
        lutReference: "AD070126000123X",
      },
      BUSINESS_DETAIL_FIELDS.filter((f) => /Until|Date|On$/.test(f)),
    ],
    [() => admin, "/admin/rates", { rateDate: "", inrPerUsd: "88.45", source: "manual", note: source }, ["rateDate"]],
    [
      () => admin,
      "/admin/trade-data",
      { intent: "add-fee", kind: "mpf", ratePercent: "0.3464", min: "", max: "", source },
      ["effectiveFrom"],
    ],
    [
      () => admin,
      "/admin/trade-data",
      { intent: "add-duty", hsPrefix: "6302", description: "Bed linen", ratePercent: "6.7", source },
      ["effectiveFrom"],
    ],
    [
      () => admin,
      "/admin/trade-data",
      {
        intent: "add-additional",
        hsPrefix: "",
        excludedHsPrefixes: "",
        ratePercent: "25",
        description: "Out-of-range duty",
        source,
      },
      ["effectiveFrom"],
    ],
    [
      () => admin,
      "/admin/trade-data",
      {
        intent: "add-freight",
        originPort: "INNSA",
        destinationPort: "USNYC",
        mode: "ocean",
        perKg: "1.20",
        perContainer: "",
        containerPayloadKg: "",
        transitDays: "30",
        source,
      },
      ["effectiveFrom"],
    ],
    [() => admin, "/admin/trade-data", { intent: "import-hts", source }, ["effectiveFrom"]],
    [() => admin, "/admin/trade-data", { intent: "end-duty", id: endable("end-duty") }, ["effectiveTo"]],
    [() => admin, "/admin/trade-data", { intent: "end-additional", id: endable("end-additional") }, ["effectiveTo"]],
  ];
  for (const [who, path, base, dateFields] of forms) {
    expect(dateFields.length, `${path} has a date field`).toBeGreaterThan(0);
    for (const field of dateFields) {
      for (const day of OUT_OF_RANGE_DAYS) {
        const form = { ...base, [field]: day };
        await check(async () => {
          const response = await who().post(path, form);
          await response.body?.cancel();
          return { status: response.status, what: `POST ${path} ${JSON.stringify(form).slice(0, 300)}` };
        });
      }
    }
  }
}

/**
 * A refused write (a 4xx) leaves every table as it was: the row count of each table is read before and after
 * each fuzzed post. Counting needs a database the test can read while the server runs, so this runs on a
 * PostgreSQL database of its own (DATABASE_URL; CI sets it). Tables a refused request writes to on purpose
 * are left out: rate_limit (a refused attempt still counts against its limit).
 */
describe.skipIf(!process.env.DATABASE_URL)("a refused write changes nothing (PostgreSQL)", () => {
  let server: AppServer;
  let database: TestPostgresDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await migratedPostgresDatabase("setu_fuzz");
    server = await startTestServer({
      env: { DATABASE_URL: database.url, RATE_LIMIT_SCALE: "1000" },
      startTimeoutMs: 120_000,
    });
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
  }, 180_000);

  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await sql<
      { name: string }[]
    >`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_limit' order by 1`;
    const counts: Record<string, number> = {};
    const one = (table: string) => sql`select ${table}::text as name, count(*)::int as n from ${sql(table)}`;
    const rows = (await tables
      .slice(1)
      .reduce((query, t) => sql`${query} union all ${one(t.name)}`, one(tables[0]!.name))) as unknown as {
      name: string;
      n: number;
    }[];
    for (const row of rows) counts[row.name] = row.n;
    return counts;
  }

  it(
    "on every form action: a 4xx leaves every table's row count as it was, and nothing answers 5xx",
    async () => {
      const actors = await actorsOn(server.url);
      let refused = 0;
      await fuzzFormActions(actors, async (post) => {
        const before = await rowCounts();
        const { status, what } = await post();
        expectNo5xx(status, what);
        if (status >= 400) {
          refused++;
          expect(await rowCounts(), `${what} answered ${status} and changed rows`).toEqual(before);
        }
      });
      expect(refused).toBeGreaterThan(0);
    },
    LONG_TIMEOUT,
  );

  it("on every date field: a day outside years 1900-9999 answers 4xx and leaves every table's row count as it was", async () => {
    const actors = await actorsOn(server.url);
    await outOfRangeDatePosts(actors, async (post) => {
      const before = await rowCounts();
      const { status, what } = await post();
      expectNo5xx(status, what);
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(await rowCounts(), `${what} answered ${status} and changed rows`).toEqual(before);
    });
  }, 300_000);
});
