import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../seed/demo.server";
import { signIn } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const SELLER = DEMO_ACCOUNTS.find((account) => account.email === "rajesh@shakti-textiles.example")!;
const BUYER = DEMO_ACCOUNTS.find((account) => account.email === "sarah@brooklyn-home-goods.example")!;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The page in Hindi, drawn with its font, fitting the phone (no sideways scroll), axe clean; pictured on request. */
async function expectHindiPage(page: Page, name: string) {
  expect(await htmlLang(page), name).toBe("hi-IN");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, name).toBe(0);
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, `hindi-${name}-phone`);
}

/**
 * The shown elements whose own text has Devanagari letters that no Devanagari font draws: the fonts Chromium drew each
 * with (DevTools protocol). On Linux the system's sans-serif (DejaVu Sans) claims those letters and draws boxes.
 */
async function devanagariDrawnAsBoxes(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const count = await page.evaluate(() => {
    let n = 0;
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("");
      if (/[\u0900-\u097F]/.test(own) && element.checkVisibility()) element.dataset.devanagariProbe = String(n++);
    }
    return n;
  });
  expect(count).toBeGreaterThan(0);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    await cdp.send("CSS.enable");
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "[data-devanagari-probe]",
    });
    const boxes: string[] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      if (!fonts.some((font) => /devanagari/i.test(font.familyName))) {
        const { outerHTML } = await cdp.send("DOM.getOuterHTML", { nodeId });
        boxes.push(
          `${outerHTML.replace(/<[^>]+>/g, "").slice(0, 40)} (${fonts.map((font) => font.familyName).join(", ")})`,
        );
      }
    }
    return boxes;
  } finally {
    await cdp.detach();
  }
}

/** The header's switch: a form post; the page comes back in the other language. */
async function switchTo(page: Page, language: "हिन्दी" | "English") {
  await hydrated(page);
  // pressed from the keyboard: on a phone the sign-in's toast can lie over the header, and a pointer resting on
  // a toast holds it there (sonner pauses it while hovered), so a click would wait on it for ever
  await page.getByRole("button", { name: new RegExp(language) }).press("Enter");
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language === "English" ? "en" : "hi-IN");
  await hydrated(page);
  // Devanagari is drawn with the page's web font: wait for it before anything is measured or pictured
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Issue #43 item 1: a supplier's pages in Hindi on a phone, chosen with the header's switch and kept on the account. */
describe("Hindi and English", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ phone: true });
  });
  afterAll(() => browser?.close());

  it("gives a signed-out visitor whose browser asks for Hindi the sign-in page in Hindi, others English", async () => {
    const hindi = await openBrowser({ phone: true });
    try {
      await hindi.context.setExtraHTTPHeaders({ "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
      const response = await hindi.page.goto("/auth");
      expect(response?.status()).toBe(200);
      expect(await htmlLang(hindi.page)).toBe("hi-IN");
      await expect.poll(() => hindi.page.getByRole("heading", { name: "Setu में आपका स्वागत है" }).count()).toBe(1);
      await expect.poll(() => hindi.page.getByLabel("पासवर्ड", { exact: true }).count()).toBe(1);
      await hydrated(hindi.page);
      await hindi.page.getByRole("button", { name: "पासवर्ड दिखाएँ" }).click();
      await hindi.page.getByRole("button", { name: "पासवर्ड छिपाएँ" }).waitFor();
      expect(await seriousA11yViolations(hindi.page)).toEqual([]);
      // every Hindi word is drawn in letters, not boxes: the header, the form, the footer's bold headings
      expect(await devanagariDrawnAsBoxes(hindi.page)).toEqual([]);
    } finally {
      await hindi.close();
    }
    const { page } = browser;
    await page.goto("/auth");
    expect(await htmlLang(page)).toBe("en");
    await expect.poll(() => page.getByRole("heading", { name: "Welcome to Setu" }).count()).toBe(1);
    // the English page's one Hindi word, the header's switch, is a picture of the word named by it: no Devanagari text
    // to draw, so an English page never fetches the Devanagari web font
    await expect.poll(() => page.getByRole("button", { name: "Language: हिन्दी" }).getByRole("img").count()).toBe(1);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(
      await page.evaluate(() => [...document.fonts].filter((font) => font.status !== "unloaded").map((f) => f.family)),
    ).toEqual([]);
  });

  it("switches a supplier to Hindi from the header: dashboard and RFQs translated, <html lang>, axe clean, kept on the account", async () => {
    const { page } = browser;
    await signIn(page, SELLER.email);
    try {
      expect(await htmlLang(page)).toBe("en");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await switchTo(page, "हिन्दी");
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      await page.getByRole("heading", { level: 1, name: /स्वागत है/ }).waitFor();
      await page.getByRole("heading", { name: "झटपट काम" }).waitFor();
      // what the supplier typed stays as typed: the company name is not translated
      await page
        .getByText(/Shakti Textiles/)
        .first()
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "hindi-dashboard-phone");

      // a client-side navigation from the menu fetches the next area's texts: the page comes in Hindi
      await page.getByRole("group").or(page.locator("header summary")).first().click();
      await page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: "RFQ", exact: true }).click();
      await page.waitForURL(/\/rfqs$/);
      await page.getByRole("heading", { level: 1, name: "कोटेशन के लिए अनुरोध" }).waitFor();
      expect(await htmlLang(page)).toBe("hi-IN");
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "hindi-rfqs-phone");

      // an RFQ's page: the supplier's side translated, the buyer's text as the buyer wrote it
      await page.locator("main article h3 a").first().click();
      await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { level: 2, name: "ज़रूरतें" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "ख़रीदार की जानकारी" }).waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, "hindi-rfq-detail-phone");

      // the choice is the account's: a new sign-in (fresh cookies, an English browser) finds Hindi, the page
      // following the language the server now gives (its texts fetched as the sign-in lands)
      await signIn(page, SELLER.email);
      await page.waitForFunction(() => document.documentElement.lang === "hi-IN");
      await page.getByRole("heading", { name: "झटपट काम" }).waitFor();
      // a full page load is server-rendered in Hindi at once: no English first
      const html = await (await page.request.get("/dashboard")).text();
      expect(html).toContain('<html lang="hi-IN"');
      expect(html).toContain("झटपट काम");
    } finally {
      // back to English with the profile's choice (the other switch)
      await page.goto("/profile");
      await hydrated(page);
      if ((await htmlLang(page)) !== "en") {
        await page.getByRole("radio", { name: "English" }).check();
        await page.getByRole("button", { name: "भाषा सहेजें" }).click();
        await page.waitForFunction(() => document.documentElement.lang === "en");
      }
    }
    expect(new URL(page.url()).pathname).toBe("/profile");
    await page.getByRole("heading", { level: 2, name: "Language" }).waitFor();
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Quick Actions" }).waitFor();
  });

  it("lets a buyer choose Hindi without breaking their pages", async () => {
    const { page } = browser;
    await signIn(page, BUYER.email);
    try {
      await switchTo(page, "हिन्दी");
      for (const path of ["/dashboard", "/browse", "/rfqs", "/orders", "/messages", "/profile"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(await htmlLang(page), path).toBe("hi-IN");
      }
    } finally {
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    expect(await htmlLang(page)).toBe("en");
  });

  it("gives a supplier the store manager, the store editor, analytics, verification and the password pages in Hindi", async () => {
    const { page } = browser;
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");

      // My Stores with its QR codes; the store's name is as the supplier typed it
      await page.goto("/stores");
      await page.getByRole("heading", { level: 1, name: "मेरे स्टोर" }).waitFor();
      await page.getByText("अपने स्टोर और QR कोड सँभालें").waitFor();
      await expectHindiPage(page, "stores");

      // the store manager
      await page.getByRole("link", { name: "सँभालें" }).first().click();
      await page.waitForURL(/\/stores\/[0-9a-f-]{36}\/manage$/);
      await page.getByText("स्टोर मैनेजमेंट डैशबोर्ड").waitFor();
      const tabs = page.getByRole("navigation", { name: "स्टोर मैनेजमेंट" });
      await tabs.getByRole("link", { name: /^प्रोडक्ट \(\d+\)$/ }).waitFor();
      await page.getByRole("heading", { level: 2, name: "स्टोर के प्रोडक्ट" }).waitFor();
      await expectHindiPage(page, "store-manage");

      // the visual editor, in edit mode
      await tabs.getByRole("link", { name: "स्टोर का रूप" }).click();
      await page.getByRole("heading", { level: 2, name: "स्टोर एडिटर" }).waitFor();
      await hydrated(page);
      await page.getByRole("button", { name: "स्टोर एडिट करें" }).click();
      await page.getByText("साइज़ बदलने के लिए कोने खींचें").waitFor();
      await page.getByRole("button", { name: "हीरो बैनर बदलें" }).waitFor();
      await expectHindiPage(page, "store-editor");

      // settings: the store's details and its category tabs
      await tabs.getByRole("link", { name: "सेटिंग" }).click();
      await page.getByRole("heading", { level: 2, name: "स्टोर का विवरण" }).waitFor();
      await page.getByRole("group", { name: "कामकाज का समय" }).waitFor();
      await page.getByLabel("खुलता है (सोमवार)").waitFor();
      await page.getByRole("button", { name: "टैब सहेजें" }).waitFor();
      await expectHindiPage(page, "store-settings");

      // seller analytics
      await tabs.getByRole("link", { name: "एनालिटिक्स" }).click();
      await page.getByRole("heading", { level: 2, name: "इस स्टोर पर विज़िट" }).waitFor();
      await page.getByRole("navigation", { name: "अवधि" }).getByRole("link", { name: "पिछले 30 दिन" }).waitFor();
      await page.getByRole("figure", { name: "हर दिन के स्टोर पेज व्यू" }).waitFor();
      // the chart's summary for screen readers is Hindi too
      await page.getByRole("img", { name: /^हर दिन के स्टोर पेज व्यू: (अभी कुछ नहीं|कुल )/ }).waitFor();
      await page.getByRole("link", { name: "CSV डाउनलोड करें" }).waitFor();
      await expectHindiPage(page, "store-analytics");

      // the verification panel and business details of /profile
      await page.goto("/profile");
      await page.getByRole("heading", { level: 2, name: "सप्लायर सत्यापन" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "कारोबार का विवरण" }).waitFor();
      await page.getByLabel("कारोबार का कानूनी नाम").waitFor();
      await page.getByRole("button", { name: "कारोबार का विवरण सहेजें" }).waitFor();
      await expectHindiPage(page, "profile-verification");
    } finally {
      await page.goto("/profile");
      await hydrated(page);
      if ((await htmlLang(page)) !== "en") {
        await page.getByRole("radio", { name: "English" }).check();
        await page.getByRole("button", { name: "भाषा सहेजें" }).click();
        await page.waitForFunction(() => document.documentElement.lang === "en");
      }
    }

    // signed out, a browser that asks for Hindi: the forgot-password page in Hindi
    const visitor = await openBrowser({ phone: true });
    try {
      await visitor.context.setExtraHTTPHeaders({ "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
      const response = await visitor.page.goto("/auth/forgot-password");
      expect(response?.status()).toBe(200);
      await visitor.page.getByRole("heading", { level: 1, name: "पासवर्ड भूल गए?" }).waitFor();
      await visitor.page.getByLabel("ई-मेल", { exact: true }).waitFor();
      await visitor.page.getByRole("button", { name: "रीसेट लिंक भेजें" }).waitFor();
      await hydrated(visitor.page);
      await expectHindiPage(visitor.page, "forgot-password");
    } finally {
      await visitor.close();
    }
  });

  it("gives a supplier in Hindi on the phone the products page, the product forms, the import page and the quote form", async () => {
    const { page } = browser;
    const ready = async () => {
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    };
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");

      // the products page: the list, its actions, and the add form it opens
      await page.goto("/products");
      await ready();
      expect(await htmlLang(page)).toBe("hi-IN");
      await page.getByRole("heading", { level: 1, name: "मेरे प्रोडक्ट" }).waitFor();
      await page.getByRole("link", { name: "प्रोडक्ट इम्पोर्ट करें" }).waitFor();
      // a seeded product's status in Hindi, its minimum order in the reader's units
      await page.getByText("सक्रिय").first().waitFor();
      await page
        .getByText(/MOQ: [\d,]+ पीस$/)
        .first()
        .waitFor();
      expect(await page.getByText(/MOQ: [\d,]+ (pieces|sets|meters)$/).count()).toBe(0);
      await page.getByRole("link", { name: /^बदलें/ }).first().waitFor();
      await page.getByRole("button", { name: "प्रोडक्ट जोड़ें" }).click();
      await page.getByLabel("प्रोडक्ट का नाम", { exact: true }).waitFor();
      await page.getByLabel("न्यूनतम ऑर्डर मात्रा", { exact: true }).waitFor();
      await page.getByLabel("HTSUS कोड (वैकल्पिक)").waitFor();
      await page.getByRole("group", { name: "पूरे प्रोडक्ट पर मात्रा की छूट" }).waitFor();
      // the disclosure that opened it and the form's own submit button
      expect(await page.getByRole("button", { name: "प्रोडक्ट जोड़ें" }).count()).toBe(2);
      await expectHindiPage(page, "products");

      // the Create Product dialog: its tabs and fields, the picture uploader
      await page.getByRole("button", { name: "प्रोडक्ट बनाएँ" }).click();
      const dialog = page.getByRole("dialog", { name: "प्रोडक्ट बनाएँ" });
      await dialog.getByRole("tab", { name: "मूल जानकारी" }).waitFor();
      await dialog.getByLabel("प्रोडक्ट का नाम *").waitFor();
      await dialog.getByRole("tab", { name: "वेरिएंट और दाम" }).click();
      await dialog.getByLabel("न्यूनतम ऑर्डर मात्रा *").waitFor();
      await dialog.getByRole("tab", { name: "तस्वीरें" }).click();
      await dialog.getByLabel("प्रोडक्ट की मुख्य तस्वीरें").waitFor();
      await dialog.getByText("JPEG, PNG, WebP या GIF, हर फ़ाइल 5 MB तक।").waitFor();
      await expectHindiPage(page, "create-product");
      await dialog.getByRole("button", { name: "रद्द करें" }).click();
      await dialog.waitFor({ state: "detached" });

      // the catalogue import page
      await page.goto("/products/import");
      await ready();
      expect(await htmlLang(page)).toBe("hi-IN");
      await page.getByRole("heading", { level: 1, name: "प्रोडक्ट इम्पोर्ट करें" }).waitFor();
      await page.getByRole("heading", { name: "1. टेम्पलेट से शुरू करें" }).waitFor();
      await page.getByRole("link", { name: "टेम्पलेट (XLSX)" }).waitFor();
      await page.getByLabel("स्प्रेडशीट (CSV या XLSX, 10,000 पंक्तियों तक)").waitFor();
      await page.getByRole("button", { name: "फ़ाइल जाँचें" }).waitFor();
      await expectHindiPage(page, "import");

      // an open RFQ the supplier can quote on: the quote form in Hindi, codes (USD, FOB) as they are
      await page.goto("/rfqs");
      await ready();
      await page.getByRole("link", { name: "कोटेशन भेजें" }).first().click();
      await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
      await ready();
      await page.getByText("फ़ॉर्म खोलें", { exact: true }).click();
      await page.getByLabel("मुद्रा").waitFor();
      // the unit and the exchange rate's words in Hindi (the seeded rate is FBIL's)
      await page.getByLabel(/^मात्रा \((पीस|किलो|टन|लीटर|मीटर|सेट)\)$/).waitFor();
      await page
        .getByText(/₹[\d.]+ = \$1 \(\d{1,2} \S+ \d{4}, FBIL\) की दर से/)
        .first()
        .waitFor();
      const rfqTitle = await page.getByRole("heading", { level: 1 }).innerText();
      await page.getByLabel("प्रति इकाई दाम (USD)").fill("2.5");
      await page.getByText(/^\$2\.50 प्रति इकाई × [\d,]+ \S+ = \$/).waitFor();
      await page.getByLabel("Incoterm (Incoterms® 2020)").selectOption("FOB");
      await page.getByLabel("भारत में लोडिंग का पोर्ट").waitFor();
      await page.getByLabel("पेमेंट की शर्तें", { exact: true }).selectOption("advance_100");
      await page.getByText(/^Setu पर: 100% ऑर्डर कन्फ़र्म होने पर देय; .*एस्क्रो में/).waitFor();
      await page.getByRole("radio", { name: "हाँ" }).waitFor();
      await page.getByLabel("लीड टाइम (दिन)").waitFor();
      await page.getByRole("button", { name: "कोटेशन भेजें" }).waitFor();
      await expectHindiPage(page, "quote-form");

      // sent, the supplier's quote reads back in Hindi: its price, terms and the escrow schedule
      await page.getByLabel("भारत में लोडिंग का पोर्ट").selectOption({ index: 1 });
      await page.getByLabel("लीड टाइम (दिन)").fill("45");
      await page
        .getByLabel("कोटेशन कब तक मान्य है")
        .fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole("button", { name: "कोटेशन भेजें" }).click();
      const mine = page.locator("main li", { hasText: "लीड टाइम" }).first();
      await mine.getByText("कुल दाम").waitFor();
      await mine.getByText("45 दिन (उत्पादन + ट्रांज़िट)").waitFor();
      await mine.getByText("100 % एडवांस").waitFor();
      await mine.getByText(/^Setu पर: 100% ऑर्डर कन्फ़र्म होने पर देय/).waitFor();
      // the toasts' region is named in Hindi too
      await page.getByRole("region", { name: /^सूचनाएँ/ }).waitFor({ state: "attached" });
      await expectHindiPage(page, "quote-sent");

      // the dashboard's recent activity names the quote in Hindi, the RFQ's title as its buyer wrote it
      await page.goto("/dashboard");
      await page.getByRole("link", { name: `"${rfqTitle}" के लिए कोटेशन` }).waitFor();
    } finally {
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    expect(await htmlLang(page)).toBe("en");
  });

  it("shows a supplier its orders, an order's page, its export documents, the inbox and a thread in Hindi on the phone; a message sent stays as typed", async () => {
    const { page } = browser;
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");

      // the orders list: the seller's side translated, the buyer's company and the RFQ's title as written
      await page.goto("/orders");
      await page.getByRole("heading", { level: 1, name: "ऑर्डर" }).waitFor();
      await page.getByText("ख़रीदार के रूप में दिए और सप्लायर के रूप में मिले आपके ऑर्डर।").waitFor();
      const tote = page.getByRole("listitem").filter({ hasText: "Cotton canvas tote bags" });
      await tote.getByText(/^बिक्री · ऑर्डर [0-9A-F]{8}$/).waitFor();
      await tote.getByText("पक्का", { exact: true }).waitFor();
      // counts in hi-IN with the unit in Hindi; dollars as dollars
      await tote.getByText("2,000 पीस", { exact: true }).waitFor();
      await tote.getByText("$4,400.00", { exact: true }).waitFor();
      await tote.getByText("Brooklyn Home Goods").first().waitFor();
      await expectHindiPage(page, "orders");

      // an order confirmed and waiting for the buyer's advance: the next step, the schedule, the timeline, the papers
      await tote.getByRole("link", { name: /^ऑर्डर देखें [0-9A-F]{8}$/ }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
      const orderPath = new URL(page.url()).pathname;
      await page.getByRole("heading", { level: 2, name: "आप क्या कर सकते हैं" }).waitFor();
      await page.getByText("ख़रीदार के पहले भुगतान का इंतज़ार है: भुगतान जमा होते ही उत्पादन शुरू होगा।").waitFor();
      await page.getByRole("button", { name: "ऑर्डर रद्द करें" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "भुगतान शेड्यूल" }).waitFor();
      await page.getByText("30% एडवांस", { exact: true }).waitFor();
      await page.getByText("भुगतान का इंतज़ार", { exact: true }).first().waitFor();
      await page.getByRole("heading", { level: 2, name: "टाइमलाइन" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "एक्सपोर्ट दस्तावेज़" }).waitFor();
      await page.getByText("प्रोफ़ॉर्मा इनवॉइस", { exact: true }).waitFor();
      await page.getByRole("link", { name: "PDF डाउनलोड करें (प्रोफ़ॉर्मा इनवॉइस)" }).waitFor();
      await page.getByText("30 % एडवांस / 70 % बिल ऑफ़ लैडिंग पर").waitFor();
      // codes stay codes: the Incoterm and the HTSUS number are not translated
      await page
        .getByText(/^FOB\b/)
        .first()
        .waitFor();
      await page.getByText("45 दिन", { exact: true }).waitFor();
      await expectHindiPage(page, "order-detail");

      // the documents page: the seller's packing details form, in Hindi
      await page.goto(`${orderPath}/documents`);
      await page.getByRole("heading", { level: 1, name: /^ऑर्डर [0-9A-F]{8}: एक्सपोर्ट दस्तावेज़$/ }).waitFor();
      await page.getByRole("heading", { level: 3, name: "पैकिंग विवरण" }).waitFor();
      await page.getByLabel("पैकेज की संख्या").waitFor();
      await page.getByRole("button", { name: /पैकिंग विवरण (सहेजें|अपडेट करें)/ }).waitFor();
      await expectHindiPage(page, "order-documents");

      // the inbox
      await page.goto("/messages");
      await page.getByRole("heading", { level: 1, name: "मैसेज" }).waitFor();
      await page.getByRole("navigation", { name: "बातचीत" }).getByRole("link", { name: "जवाब बाक़ी" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "ब्लॉक किए ख़रीदार" }).waitFor();
      await expectHindiPage(page, "inbox");

      // a thread: the composer in Hindi; the message goes out exactly as typed
      await page.locator("main ul li a[href^='/messages/']").first().click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await hydrated(page);
      await page.getByRole("link", { name: "सभी मैसेज" }).waitFor();
      await page.getByRole("region", { name: "बातचीत का विषय" }).waitFor();
      const typed = `Namaste, samples ship on Monday (${Date.now()})`;
      await page.getByLabel(/^आपका मैसेज/).fill(typed);
      await page.getByRole("button", { name: "भेजें", exact: true }).click();
      const log = page.getByRole("log", { name: /से मैसेज$/ });
      await log.getByText(typed, { exact: true }).waitFor();
      await log
        .getByText(/^भेजने वाला: आप/)
        .last()
        .waitFor();
      await expect.poll(() => page.getByLabel(/^आपका मैसेज/).inputValue()).toBe("");
      await expectHindiPage(page, "message-thread");
    } finally {
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    expect(await htmlLang(page)).toBe("en");
    await page.goto("/orders");
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
  });

  it("gives a supplier the page titles in Hindi after a full load and client-side navigations, and the profile's e-mail and push cards", async () => {
    const { page } = browser;
    /** The `<title>`s in the head (a chart's SVG titles are no page title): exactly one, in the page's language. */
    const headTitles = () =>
      page.evaluate(() => [...document.head.querySelectorAll("title")].map((t) => t.textContent));
    const userMenu = () => page.locator("header button[aria-haspopup='menu']");
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");

      // the server's first render: its <head> carries the Hindi title, once
      const html = await (await page.request.get("/dashboard")).text();
      expect(html.slice(0, html.indexOf("</head>")).match(/<title>[^<]*<\/title>/g)).toEqual([
        "<title>डैशबोर्ड | Setu</title>",
      ]);
      await page.goto("/dashboard");
      await hydrated(page);
      expect(await page.title()).toBe("डैशबोर्ड | Setu");
      expect(await headTitles()).toEqual(["डैशबोर्ड | Setu"]);

      // client-side navigations (the page is never reloaded): each page's title follows, in Hindi
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));
      await userMenu().click();
      await page.getByRole("menuitem", { name: "मेरे RFQ" }).click();
      await page.waitForURL(/\/rfqs\?mine=1$/);
      await page.getByRole("heading", { level: 1, name: "मेरे RFQ" }).waitFor();
      await expect.poll(() => page.title()).toBe("मेरे RFQ | Setu");
      expect(await headTitles()).toEqual(["मेरे RFQ | Setu"]);

      await userMenu().click();
      await page.getByRole("menuitem", { name: "प्रोफ़ाइल" }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByRole("heading", { level: 2, name: "पुश सूचनाएँ" }).waitFor();
      await expect.poll(() => page.title()).toBe("प्रोफ़ाइल | Setu");
      expect(await headTitles()).toEqual(["प्रोफ़ाइल | Setu"]);
      expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);

      // the e-mail choices and the push card in Hindi
      await page.getByRole("heading", { level: 2, name: "ई-मेल सूचनाएँ" }).waitFor();
      await page.getByRole("checkbox", { name: "कोई नया RFQ मेरे प्रोडक्ट से मेल खाए" }).waitFor();
      await page.getByRole("checkbox", { name: "कोई नया संदेश आए" }).waitFor();
      await page
        .getByText(/^(अभी आपके खाते के किसी डिवाइस पर पुश सूचनाएँ नहीं आतीं।|आपके खाते के \d+ डिवाइस पर पुश सूचनाएँ आती हैं।)$/)
        .waitFor();
      await hydrated(page);
      await page
        .getByRole("button", { name: /^(पुश सूचनाएँ चालू करें|इस डिवाइस पर बंद करें)$/ })
        .or(page.getByText("यह ब्राउज़र पुश सूचनाएँ नहीं पा सकता।"))
        .waitFor();
      expect(await page.getByText(/push notifications|E-mail me|A new message arrives/i).count()).toBe(0);
      await expectHindiPage(page, "profile-notifications");
    } finally {
      await page.goto("/profile");
      await hydrated(page);
      if ((await htmlLang(page)) !== "en") {
        await page.getByRole("radio", { name: "English" }).check();
        await page.getByRole("button", { name: "भाषा सहेजें" }).click();
        await page.waitForFunction(() => document.documentElement.lang === "en");
      }
    }
    // English titles as they were, one each
    expect(await page.title()).toBe("Profile | Setu");
    await page.getByRole("heading", { level: 2, name: "Push notifications" }).waitFor();
    for (const [path, title] of [
      ["/dashboard", "Dashboard | Setu"],
      ["/products", "My Products | Setu"],
      ["/products/import", "Import products | Setu"],
      ["/rfqs?mine=1", "My RFQs | Setu"],
      ["/rfqs", "Requests for Quote from US Buyers | Setu"],
      ["/stores", "My Stores | Setu"],
      ["/orders", "Orders | Setu"],
      ["/messages", "Messages | Setu"],
      ["/notifications", "Notifications | Setu"],
    ]) {
      await page.goto(path!);
      expect(await headTitles(), path).toEqual([title]);
    }
  });

  it("checks a supplier's product form in the browser in Hindi, as the server answers it, and in English on an English page", async () => {
    const { page } = browser;
    /** The Add Product form opened, its name left empty: the browser's own check (the schema's chunk) speaks. */
    const emptyName = async (open: string, name: string) => {
      await page.goto("/products");
      await hydrated(page);
      await page.getByRole("button", { name: open }).click();
      const field = page.getByLabel(name, { exact: true });
      await field.fill("x");
      await field.fill("");
      await field.press("Tab");
    };
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");
      await emptyName("प्रोडक्ट जोड़ें", "प्रोडक्ट का नाम");
      await page.getByText("कृपया प्रोडक्ट का नाम भरें", { exact: true }).waitFor();
      expect(await page.getByText("Please enter the product name").count()).toBe(0);
    } finally {
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    await emptyName("Add Product", "Product Name");
    await page.getByText("Please enter the product name", { exact: true }).waitFor();
  });

  it("names categories, the dialog's close button and the e-mail kinds in Hindi on a Hindi page, in English on an English one", async () => {
    // (imported here: this test is the file's last and only it brings these)
    const [{ startTestServer }, { unsubscribeLink }, { default: hindiNames }] = await Promise.all([
      import("./support/test-server"),
      import("~/modules/notifications/notifications.server"),
      import("~/locales/hi/categories.json"),
    ]);
    const hindiTops = [hindiNames["home-textiles"], hindiNames.handicrafts, hindiNames["spices-and-food"]];
    const { page } = browser;
    const optionsOf = (selector: string) => page.locator(selector).locator("option").allTextContents();
    const productFormCategories = async (trigger: string) => {
      await page.goto("/products");
      await hydrated(page);
      await page.getByRole("button", { name: trigger }).first().click();
      return optionsOf("[role=dialog] select[name=category]");
    };
    await signIn(page, SELLER.email);
    try {
      await switchTo(page, "हिन्दी");

      // the product form's category select: the tree, top categories and their subcategories, in Hindi
      const options = await productFormCategories("प्रोडक्ट बनाएँ");
      expect(options).toContain("हस्तशिल्प");
      expect(options).toContain("\u00a0\u00a0\u00a0पीतल और धातु शिल्प");
      expect(options).toContain("होम टेक्सटाइल (घरेलू वस्त्र)");
      expect(options).not.toContain("Handicrafts");
      await page.keyboard.press("Escape");
      // the products list names each product's category in Hindi (the supplier's towels: home textiles)
      await page
        .getByText(/^होम टेक्सटाइल \(घरेलू वस्त्र\) · /)
        .first()
        .waitFor();

      // the RFQ list: its category filter and the cards' category badges
      await page.goto("/rfqs");
      await page.getByRole("heading", { level: 1, name: "कोटेशन के लिए अनुरोध" }).waitFor();
      const filter = await optionsOf("#rfq-category");
      expect(filter.slice(0, 3)).toEqual(["सभी श्रेणियाँ", "परिधान और वस्त्र", "होम टेक्सटाइल (घरेलू वस्त्र)"]);
      expect(filter).toHaveLength(16);
      const badges = await page.locator("main article").first().innerText();
      expect(
        Object.values(hindiNames).some((name) => badges.includes(name)),
        badges,
      ).toBe(true);
      expect(await page.locator("main article").getByText("Home Textiles", { exact: true }).count()).toBe(0);
      await expectHindiPage(page, "rfqs-categories");

      // a dialog's own close button (Radix's, record 0058's common texts): the report of a buyer's message
      await page.goto("/messages");
      await page.locator("main a[href^='/messages/']").first().click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await hydrated(page);
      await page
        .getByRole("button", { name: /के मैसेज के विकल्प$/ })
        .last()
        .click();
      await page.getByRole("menuitem", { name: "मैसेज की शिकायत करें" }).click();
      const dialog = page.getByRole("dialog", { name: "मैसेज की शिकायत करें" });
      await dialog.getByRole("button", { name: "बंद करें", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
    } finally {
      // from a page whose header is there whatever step failed (a dialog or menu may still be open)
      await page.goto("/dashboard");
      if ((await htmlLang(page)) !== "en") await switchTo(page, "English");
    }
    // English as it was
    const english = await productFormCategories("Create Product");
    expect(english).toContain("Handicrafts");
    expect(english).toContain("\u00a0\u00a0\u00a0Brass & Metal Crafts");
    expect(english.some((name) => hindiTops.includes(name))).toBe(false);
    await page.keyboard.press("Escape");
    await page.goto("/rfqs");
    expect((await optionsOf("#rfq-category")).slice(0, 3)).toEqual([
      "All Categories",
      "Apparel & Textiles",
      "Home Textiles",
    ]);

    // the unsubscribe page names the kind of e-mail with the profile's words, in the page's language (a server of
    // its own: the link is signed with the server's secret)
    const secret = "hindi-unsubscribe-test-secret-0123456789";
    const server = await startTestServer({ env: { DEMO_DATA: "off", BETTER_AUTH_SECRET: secret } });
    try {
      const link = unsubscribeLink({ publicUrl: server.url, secret }, crypto.randomUUID(), "newMessage");
      const inHindi = await fetch(link, { headers: { "Accept-Language": "hi-IN,hi;q=0.9" } });
      expect(inHindi.status).toBe(200);
      expect(await inHindi.text()).toContain("<strong>कोई नया संदेश आए</strong>");
      const inEnglish = await fetch(link, { headers: { "Accept-Language": "en-US" } });
      expect(await inEnglish.text()).toContain("<strong>a new message arrives</strong>");
    } finally {
      await server.stop();
      (await import("node:fs")).rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
