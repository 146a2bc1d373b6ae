import { describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { baseUrl, ownDemoServer } from "./support/test-server";
import { postRfqOverHttp, textOf, UUID } from "./support/rfqs-over-http";
import { signUp as signUpOverHttp } from "./support/sign-up-over-http";

/*
 * Issue #43 item 1: the texts the server makes reach a Hindi page in Hindi: the notice after a supplier's post (a
 * flash, carried by the root loader's data), the messages of a refused product or quote form. The same posts on an
 * English page answer the very English texts the spec quotes.
 */

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++sequence}`;

/** A new account; a Hindi one reads the site through the header switch's `lng` cookie. */
async function signUp(userType: "buyer" | "seller", language: "en" | "hi") {
  const client = new HttpClient(baseUrl());
  if (language === "hi") client.cookies.set("lng", "hi");
  const { response } = await signUpOverHttp(client, {
    userType,
    fullName: "Test Person",
    companyName: unique(`${language} ${userType}`),
  });
  expect(response.status).toBe(302);
  return client;
}

/** Posts a form and reads the page the redirect leads to (its flash notice rides in the root loader's data). */
async function postAndFollow(client: HttpClient, path: string, fields: Record<string, string>) {
  const response = await client.post(path, fields);
  expect(response.status, await response.clone().text()).toBe(302);
  const { response: page } = await client.follow(response.headers.get("location")!);
  expect(page.status).toBe(200);
  return textOf(page);
}

const product = (fields: Record<string, string> = {}) => ({
  intent: "create",
  name: unique("Cotton bath towels"),
  description: "Soft cotton towels for hotels.",
  category: "home-textiles",
  minimumOrderQuantity: "100",
  unit: "pieces",
  priceMin: "2",
  priceMax: "3",
  ...fields,
});

const quote = (fields: Record<string, string> = {}) => ({
  intent: "quote",
  price: "1250.00",
  quantity: "2500",
  deliveryTimeline: "30 days",
  terms: "",
  ...fields,
});

describe("server-made texts in the page's language", () => {
  it("answers a supplier's product form and its saved notice in Hindi on a Hindi page, in English otherwise", async () => {
    const hindi = await signUp("seller", "hi");
    const english = await signUp("seller", "en");

    const refusedHi = await hindi.post("/products", product({ name: "", priceMin: "5", priceMax: "3" }));
    expect(refusedHi.status).toBe(400);
    const pageHi = await textOf(refusedHi);
    expect(pageHi).toContain("कृपया प्रोडक्ट का नाम भरें");
    expect(pageHi).toContain("न्यूनतम दाम अधिकतम दाम से ज़्यादा नहीं हो सकता");
    expect(pageHi).not.toContain("Please enter the product name");
    // a message with a part that varies: the part is translated too
    const moneyHi = await textOf(await hindi.post("/products", product({ priceMin: "two" })));
    expect(moneyHi).toContain("न्यूनतम दाम अमेरिकी डॉलर में राशि होनी चाहिए, जैसे 12.50");

    const refusedEn = await english.post("/products", product({ name: "", priceMin: "5", priceMax: "3" }));
    expect(refusedEn.status).toBe(400);
    const pageEn = await textOf(refusedEn);
    expect(pageEn).toContain("Please enter the product name");
    expect(pageEn).toContain("Minimum price cannot be more than the maximum price");
    expect(await textOf(await english.post("/products", product({ priceMin: "two" })))).toContain(
      "Minimum price must be an amount in US dollars, like 12.50",
    );

    const savedHi = await postAndFollow(hindi, "/products", product());
    expect(savedHi).toContain("प्रोडक्ट बन गया!");
    expect(savedHi).not.toContain("Product created successfully!");
    expect(await postAndFollow(english, "/products", product())).toContain("Product created successfully!");
  });

  it("answers a supplier's quote form and its sent notice in Hindi on a Hindi page, in English otherwise", async () => {
    const buyer = await signUp("buyer", "en");
    const hindi = await signUp("seller", "hi");
    const english = await signUp("seller", "en");
    const rfqId = await postRfqOverHttp(buyer, unique("Jute grocery bags"));

    const refusedHi = await hindi.post(`/rfqs/${rfqId}`, quote({ price: "0", quantity: "1.5" }));
    expect(refusedHi.status).toBe(400);
    const pageHi = await textOf(refusedHi);
    expect(pageHi).toContain("दाम अमेरिकी डॉलर में 0 से ज़्यादा की राशि होना चाहिए");
    expect(pageHi).toContain("मात्रा 0 से बड़ी पूर्ण संख्या होनी चाहिए");
    expect(pageHi).not.toContain("Price must be an amount in US dollars greater than 0");

    const refusedEn = await english.post(`/rfqs/${rfqId}`, quote({ price: "0", quantity: "1.5" }));
    expect(refusedEn.status).toBe(400);
    const pageEn = await textOf(refusedEn);
    expect(pageEn).toContain("Price must be an amount in US dollars greater than 0");
    expect(pageEn).toContain("Quantity must be a whole number greater than 0");

    const sentHi = await postAndFollow(hindi, `/rfqs/${rfqId}`, quote());
    expect(sentHi).toContain("कोटेशन भेज दिया गया!");
    expect(sentHi).not.toContain("Quote submitted successfully!");
    expect(await postAndFollow(english, `/rfqs/${rfqId}`, quote())).toContain("Quote submitted successfully!");
  });

  it("answers a supplier's store form and its created notice in Hindi on a Hindi page, in English otherwise", async () => {
    const hindi = await signUp("seller", "hi");
    const english = await signUp("seller", "en");

    const refusedHi = await hindi.post("/stores", { intent: "create", name: "" });
    expect(refusedHi.status).toBe(400);
    expect(await textOf(refusedHi)).toContain("स्टोर का नाम ज़रूरी है");
    const refusedEn = await english.post("/stores", { intent: "create", name: "" });
    expect(refusedEn.status).toBe(400);
    expect(await textOf(refusedEn)).toContain("Store Name is required");

    const createdHi = await postAndFollow(hindi, "/stores", { intent: "create", name: unique("Hindi store") });
    expect(createdHi).toContain("स्टोर बन गया!");
    expect(createdHi).not.toContain("Store created successfully!");
    expect(await postAndFollow(english, "/stores", { intent: "create", name: unique("English store") })).toContain(
      "Store created successfully!",
    );
  });
});

/** What the page shows: its text without the scripts (the router's data carries a loader's English as it was). */
function shown(html: string) {
  return html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

/** A new seller's store, made through the Create Store form; its id from the store list. */
async function createStore(client: HttpClient) {
  const created = await client.post("/stores", { intent: "create", name: unique("Store") });
  expect(created.status).toBe(302);
  const list = await (await client.get("/stores")).text();
  const id = new RegExp(`href="/stores/(${UUID})/manage"`).exec(list)?.[1];
  expect(id, "the new store is listed").toBeDefined();
  return id!;
}

/** Two banners in one section, on top of each other: the editor's design as the server refuses it. */
function overlappingDesign() {
  const banner = { id: "b1", title: "Diwali sale", width: 400, height: 200, x: 0, y: 0 };
  return JSON.stringify({
    name: "Shakti",
    sections: [
      {
        id: "s1",
        type: "banner-section",
        order: 0,
        banners: [banner, { ...banner, id: "b2", title: "" }],
        section_height: 400,
      },
    ],
  });
}

/** A sheet with two broken rows (no SKU; a price that is not a number, an unknown category). */
function brokenSheet() {
  const form = new FormData();
  const csv = [
    "Product SKU,SKU,Product name,Category,Price,Weight",
    ",,Towels,bath-linen,4.20,",
    ",T-2,Towels,Bath linnen,4.2x,heavy",
  ].join("\n");
  form.set("sheet", new File([csv], "broken.csv", { type: "text/csv" }));
  return form;
}

describe("the supplier's other server-made texts in the page's language", () => {
  it("refuses a store design in Hindi on a Hindi page, the banner's title as it was typed", async () => {
    const hindi = await signUp("seller", "hi");
    const english = await signUp("seller", "en");
    const refusedHi = await hindi.post(`/stores/${await createStore(hindi)}/manage`, {
      intent: "save-design",
      payload: overlappingDesign(),
    });
    expect(refusedHi.status).toBe(400);
    // the answer rides in the page's data (the editor shows it as a toast), its quotes escaped there
    const answerHi = await textOf(refusedHi);
    expect(answerHi).toContain("स्टोर सहेजा नहीं जा सका: बैनर");
    expect(answerHi).toContain("Diwali sale");
    expect(answerHi).toContain("बिना शीर्षक");
    expect(answerHi).toContain("एक-दूसरे पर चढ़े हुए हैं (sections.0.banners.1)");
    expect(answerHi).not.toContain("overlap");
    const refusedEn = await english.post(`/stores/${await createStore(english)}/manage`, {
      intent: "save-design",
      payload: overlappingDesign(),
    });
    expect(refusedEn.status).toBe(400);
    const answerEn = await textOf(refusedEn);
    expect(answerEn).toContain("Failed to save store: Banners");
    expect(answerEn).toContain("Untitled");
    expect(answerEn).toContain("overlap (sections.0.banners.1)");
  });

  it("shows the import preview's refused rows with their reasons in Hindi on a Hindi page", async () => {
    const preview = async (client: HttpClient) => {
      const checked = await client.request("/products/import", {
        method: "POST",
        body: brokenSheet(),
        headers: { origin: baseUrl() },
      });
      expect(checked.status, await checked.clone().text()).toBe(302);
      const { response } = await client.follow(checked.headers.get("location")!);
      expect(response.status).toBe(200);
      return shown(await textOf(response));
    };
    const pageHi = await preview(await signUp("seller", "hi"));
    expect(pageHi).toContain("SKU नहीं दिया गया है: हर पंक्ति का अपना SKU होना चाहिए।");
    expect(pageHi).toContain('दाम संख्या नहीं है: "4.2x"। 4.20 जैसी राशि लिखें।');
    // the category the sheet should name is said as the sheet takes it, in English
    expect(pageHi).toContain('अनजान श्रेणी "Bath linnen"। क्या आपका मतलब "Towels & Bath Linen" था?');
    expect(pageHi).not.toContain("The SKU is missing");
    const pageEn = await preview(await signUp("seller", "en"));
    expect(pageEn).toContain("The SKU is missing: every row needs its own SKU.");
    expect(pageEn).toContain('The price is not a number: "4.2x". Write an amount like 4.20.');
  });

  it("draws a loader's refusal page in Hindi on a Hindi page, for a supplier and for a buyer", async () => {
    const missing = "/stores/00000000-0000-4000-8000-000000000000/manage";
    const sellerHi = shown(await textOf(await (await signUp("seller", "hi")).get(missing)));
    expect(sellerHi).toContain("स्टोर नहीं मिला");
    expect(sellerHi).toContain("स्टोर पर वापस जाएँ");
    expect(sellerHi).not.toContain("Store Not Found");
    const sellerEn = await (await signUp("seller", "en")).get(missing);
    expect(sellerEn.status).toBe(404);
    expect(shown(await textOf(sellerEn))).toContain("Store Not Found");

    const buyerHi = await (await signUp("buyer", "hi")).get("/products");
    expect(buyerHi.status).toBe(403);
    const pageHi = shown(await textOf(buyerHi));
    expect(pageHi).toContain("विक्रेता खाता ज़रूरी है");
    expect(pageHi).toContain("विक्रेता बनें");
    expect(pageHi).not.toContain("Seller Account Required");
    const buyerEn = shown(await textOf(await (await signUp("buyer", "en")).get("/products")));
    expect(buyerEn).toContain("Seller Account Required");
    expect(buyerEn).toContain("Become a seller");
  });
});

describe("a supplier's RFQ list and dashboard in the page's language", () => {
  /** The demo supplier, reading the site in `language` (the header switch's cookie). */
  async function demoSupplier(language: "en" | "hi") {
    const client = new HttpClient(baseUrl());
    client.cookies.set("lng", language);
    const signedIn = await client.post("/auth", {
      intent: "signin",
      email: "rajesh@shakti-textiles.example",
      password: "SetuDemo!2026",
    });
    expect(signedIn.status).toBe(302);
    return client;
  }

  it("says why each RFQ matched, when it closes and how the list is sorted in Hindi, in English otherwise", async () => {
    const hindi = shown(await textOf(await (await demoSupplier("hi")).get("/rfqs?matched=1")));
    expect(hindi).toContain("आपके प्रोडक्ट से मेल खाता है: ");
    expect(hindi).toContain("सबसे नए पहले");
    expect(hindi).toContain("बजट: ज़्यादा से कम");
    // the closing time in the buyer's zone and in India's, the months as India writes them in Hindi
    expect(hindi).toMatch(/\d{1,2} [\u0900-\u097F]+, \d{1,2}:\d{2} (am|pm) [A-Z]+ · \d{1,2} [\u0900-\u097F]+, /);
    for (const english of ["Matches your products", "Newest First", "Budget: High to Low"])
      expect(hindi).not.toContain(english);
    expect(hindi).not.toMatch(/\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), \d/);

    const english = shown(await textOf(await (await demoSupplier("en")).get("/rfqs?matched=1")));
    expect(english).toContain("Matches your products: ");
    expect(english).toContain("Newest First");
    expect(english).toMatch(
      /\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), \d{1,2}:\d{2} (AM|PM) [A-Z]+ · /,
    );
  });

  it("gives the dashboard's to-do lines and match reasons in Hindi, the order's title as it was typed", async () => {
    const hindi = shown(await textOf(await (await demoSupplier("hi")).get("/dashboard")));
    expect(hindi).toMatch(/पैकिंग लिस्ट के लिए "[^"]+" की पैकिंग जानकारी भरें/);
    expect(hindi).toContain("आपके प्रोडक्ट से मेल खाता है: ");
    expect(hindi).not.toContain("Enter the packing details of");
    expect(hindi).not.toContain("Matches your products");
    const english = shown(await textOf(await (await demoSupplier("en")).get("/dashboard")));
    expect(english).toMatch(/Enter the packing details of "[^"]+" for its packing list/);
    expect(english).toContain("Matches your products: ");
  });
});
