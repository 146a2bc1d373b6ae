import { describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { baseUrl, ownDemoServer } from "./support/test-server";
import { postRfqOverHttp, textOf } from "./support/rfqs-over-http";
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
