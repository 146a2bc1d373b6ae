import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "~/locales/en/feedback.json";
import { checkRow } from "~/modules/catalogue-import/row-checks";
import { postedStoreDesignSchema } from "~/modules/stores/store-design.schema";
import { storeDetailsSchema } from "~/modules/stores/store-form.schema";
import { readStoreForm } from "~/modules/stores/store-form-values";
import { addProductSchema, readProductForm } from "~/modules/products/product-form.schema";
import { quoteSchema } from "~/modules/rfqs/quote.schema";
import { checkForm } from "~/components/forms/validated-form-check";
import { parseInput } from "~/lib/command-result";
import { sourceFiles } from "../../tests/support/source-files";
import { answerIn, feedbackIn } from "./feedback";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const PRODUCT = {
  name: "Towels",
  description: "",
  category: "home-textiles",
  minimumOrderQuantity: "100",
  unit: "pieces",
  priceMin: "2",
  priceMax: "3",
};

describe("server-made texts in the reader's language (issue #43 item 1)", () => {
  it("leaves English as it is, byte for byte, listed or not", () => {
    for (const text of ["Product created successfully!", "Please enter the product name", "Anything else"])
      expect(feedbackIn("en", text)).toBe(text);
  });

  it("gives a listed text in Hindi, and an unlisted one unchanged", () => {
    expect(feedbackIn("hi", "Product created successfully!")).toBe("प्रोडक्ट बन गया!");
    expect(feedbackIn("hi", "Quote submitted successfully!")).toBe("कोटेशन भेज दिया गया!");
    expect(feedbackIn("hi", "A text no one listed")).toBe("A text no one listed");
  });

  it("fills a text's varying parts, translating a part that is itself listed and regrouping a count", () => {
    expect(feedbackIn("hi", "Minimum price must be an amount in US dollars, like 12.50")).toBe(
      "न्यूनतम दाम अमेरिकी डॉलर में राशि होनी चाहिए, जैसे 12.50",
    );
    expect(feedbackIn("hi", "Manufacturer must be at most 300 characters")).toBe(
      "निर्माता अधिकतम 300 अक्षर का हो सकता है",
    );
    expect(
      feedbackIn("hi", "The first price break must start at the minimum order quantity (100,000 pieces) or above"),
    ).toBe("पहली मात्रा-छूट न्यूनतम ऑर्डर मात्रा (1,00,000 पीस) या उससे ऊपर से शुरू होनी चाहिए");
    expect(feedbackIn("hi", "The net weight must be at most 2,000,000")).toBe("शुद्ध वज़न अधिकतम 20,00,000 हो सकता है");
    expect(feedbackIn("hi", "This order cannot be shipped now")).toBe("यह ऑर्डर अभी भेजा हुआ नहीं किया जा सकता");
  });

  it("gives a supplier's notices in Hindi: signing out, payments, notifications, messages", () => {
    const notices: [string, string][] = [
      ["You have been signed out.", "आप साइन आउट हो गए हैं।"],
      ["All notifications marked as read", "सभी सूचनाएँ पढ़ी हुई मार्क की गईं"],
      ["Import discarded", "इम्पोर्ट रद्द किया गया"],
      [
        "Payment of $1,250.00 submitted. It shows as held in escrow once the payment provider confirms it.",
        "$1,250.00 का भुगतान भेजा गया। भुगतान सेवा की पुष्टि के बाद यह एस्क्रो में रखा हुआ दिखेगा।",
      ],
      ["A message can have at most 5,000 characters", "एक मैसेज में अधिकतम 5,000 अक्षर हो सकते हैं"],
      ["Acme Exports unblocked", "Acme Exports अनब्लॉक किया गया"],
      ["User unblocked", "उपयोगकर्ता अनब्लॉक किया गया"],
    ];
    for (const [english, hindi] of notices) {
      expect(feedbackIn("hi", english)).toBe(hindi);
      expect(feedbackIn("en", english)).toBe(english);
    }
  });

  it("translates an action's messages, never the values a user posted", () => {
    const answer = {
      ok: false,
      message: "Please enter the product name",
      fieldErrors: { name: "Please enter the product name" },
      reply: {
        status: "error" as const,
        initialValue: { name: "Please enter the product name" },
        error: { name: ["Please enter the product name"], "": null },
      },
    };
    const hindi = answerIn("hi", answer);
    expect(hindi.message).toBe("कृपया प्रोडक्ट का नाम भरें");
    expect(hindi.fieldErrors).toEqual({ name: "कृपया प्रोडक्ट का नाम भरें" });
    expect(hindi.reply.error).toEqual({ name: ["कृपया प्रोडक्ट का नाम भरें"], "": null });
    expect(hindi.reply.initialValue).toEqual({ name: "Please enter the product name" });
    expect(answerIn("en", answer)).toBe(answer);
  });

  it("lists the product and quote schemas' messages as they write them", () => {
    const product = parseInput(addProductSchema, readProductForm(form({ ...PRODUCT, name: "", priceMax: "1" })));
    expect(product.ok).toBe(false);
    if (product.ok) return;
    expect(Object.values(product.fieldErrors).map((m) => feedbackIn("hi", m))).toEqual([
      "कृपया प्रोडक्ट का नाम भरें",
      "न्यूनतम दाम अधिकतम दाम से ज़्यादा नहीं हो सकता",
    ]);
    const quote = parseInput(quoteSchema, { price: "0", quantity: "2500", deliveryTimeline: "30 days" });
    expect(quote.ok).toBe(false);
    if (quote.ok) return;
    expect(feedbackIn("hi", quote.message)).toBe("दाम अमेरिकी डॉलर में 0 से ज़्यादा की राशि होना चाहिए");
  });

  it("checks a form in the browser in the page's language, with the server's English on an English page", () => {
    const posted = form({ ...PRODUCT, name: "" });
    const hindi = checkForm(posted, addProductSchema, readProductForm, "hi");
    expect(hindi.status).toBe("error");
    expect(hindi.status === "error" && hindi.error?.name).toEqual(["कृपया प्रोडक्ट का नाम भरें"]);
    const english = checkForm(posted, addProductSchema, readProductForm);
    expect(english.status === "error" && english.error?.name).toEqual(["Please enter the product name"]);
  });

  it("gives the store editor's refusals in Hindi, the banner's title as it was typed", () => {
    const banner = { id: "b1", title: "Diwali sale", width: 400, height: 200, x: 0, y: 0 };
    const design = (banners: object[], extra: object = {}) =>
      JSON.stringify({
        name: "Shakti",
        sections: [{ id: "s1", type: "banner-section", order: 0, banners, section_height: 400 }],
        ...extra,
      });
    const refusal = (payload: string) => {
      const parsed = postedStoreDesignSchema.safeParse(payload);
      expect(parsed.success).toBe(false);
      return parsed.success ? "" : parsed.error.issues[0]!.message;
    };
    const overlap = refusal(design([banner, { ...banner, id: "b2", title: "" }]));
    expect(overlap).toBe('Failed to save store: Banners "Diwali sale" and "Untitled" overlap (sections.0.banners.1)');
    expect(feedbackIn("hi", overlap)).toBe(
      'स्टोर सहेजा नहीं जा सका: बैनर "Diwali sale" और "बिना शीर्षक" एक-दूसरे पर चढ़े हुए हैं (sections.0.banners.1)',
    );
    expect(feedbackIn("hi", refusal(design([], { primary_color: "blue" })))).toBe(
      "स्टोर सहेजा नहीं जा सका: रंग हेक्स मान में दें, जैसे #3b82f6 (primary_color)",
    );
    expect(feedbackIn("hi", refusal("{"))).toBe("स्टोर सहेजा नहीं जा सका: डिज़ाइन पढ़ा नहीं जा सका");
  });

  it("gives zod's own messages, where a schema has none, in Hindi", () => {
    const store = parseInput(
      storeDetailsSchema,
      readStoreForm(form({ name: "Shakti", description: "x".repeat(2001) })),
    );
    expect(store.ok).toBe(false);
    if (store.ok) return;
    expect(store.fieldErrors.description).toBe("Too big: expected string to have <=2000 characters");
    expect(feedbackIn("hi", store.fieldErrors.description!)).toBe("बहुत लंबा है: अधिकतम 2000 अक्षर हो सकते हैं");
    expect(feedbackIn("hi", "Invalid input: expected number, received NaN")).toBe(
      "यह मान सही नहीं है: संख्या चाहिए, अमान्य संख्या मिला",
    );
  });

  it("lists zod's own messages as zod writes them, and every one a supplier's form can meet", () => {
    const messages = (
      [
        [z.string(), undefined],
        [z.string(), null],
        [z.number(), Number.NaN],
        [z.number(), "1"],
        [z.boolean(), 1],
        [z.array(z.string()), {}],
        [z.object({}), []],
        [z.literal("a"), "b"],
        [z.enum(["a", "b"]), "c"],
        [z.string().max(3), "abcd"],
        [z.string().min(2), "a"],
        [z.array(z.string()).max(1), ["a", "b"]],
        [z.array(z.string()).min(1), []],
        [z.number().max(5), 6],
        [z.number().lt(5), 5],
        [z.number().min(1), 0],
        [z.number().gt(0), 0],
        [z.string().regex(/^a$/), "b"],
        [z.email(), "x"],
        [z.url(), "x"],
        [z.iso.date(), "x"],
        [z.uuid(), "x"],
        [z.union([z.string(), z.number()]), true],
      ] as [z.ZodType, unknown][]
    ).map(([schema, value]) => schema.safeParse(value).error!.issues[0]!.message);
    for (const message of messages) {
      expect(feedbackIn("hi", message), message).not.toBe(message);
      expect(feedbackIn("hi", message), message).not.toMatch(/[a-z]{4}/);
    }
    const written = (text: string) => {
      const fixed = text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      const pattern = new RegExp(`^${fixed.join(".+?")}$`);
      return messages.some((message) => pattern.test(message));
    };
    const sentences = Object.values(en.zod).filter((text) => /\s/.test(text));
    expect(sentences.filter((text) => !written(text))).toEqual([]);
  });

  it("gives the catalogue import's reasons for a refused row in Hindi, the category it suggests by the English name a sheet takes", () => {
    const context = { sellerId: "s", inrPerUsd: null, pictures: null };
    const checked = checkRow(
      2,
      { sku: "", category: "Bath linnen", unit: "boxes", price: "4,2x", pictures: "towel.jpg", weight: "heavy" },
      context,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.refusals.map((r) => feedbackIn("hi", r.reason))).toEqual([
      "SKU नहीं दिया गया है: हर पंक्ति का अपना SKU होना चाहिए।",
      'अनजान श्रेणी "Bath linnen"। क्या आपका मतलब "Towels & Bath Linen" था?',
      "इकाई इनमें से एक होनी चाहिए: pieces, kg, tons, liters, meters, sets।",
      'दाम संख्या नहीं है: "4,2x"। 4.20 जैसी राशि लिखें।',
      'वज़न संख्या नहीं है: "heavy"।',
      'तस्वीर "towel.jpg" का नाम दिया गया है, पर शीट के साथ तस्वीरों की कोई ZIP अपलोड नहीं हुई।',
    ]);
  });

  it("gives a category named in a notice by its Hindi name", () => {
    expect(feedbackIn("hi", "You will no longer be matched to Towels & Bath Linen RFQs")).toBe(
      "अब आपको तौलिये और बाथ लिनन के RFQ से नहीं जोड़ा जाएगा",
    );
    expect(feedbackIn("hi", "You will be matched to Some Old Category RFQs again")).toBe(
      "आपको फिर से Some Old Category के RFQ से जोड़ा जाएगा",
    );
  });

  it("gives a supplier's dashboard lines in Hindi, what they name as it was typed", () => {
    expect(feedbackIn("hi", 'Confirm or decline "Jute bags, 2,000 pieces"')).toBe(
      '"Jute bags, 2,000 pieces" की पुष्टि करें या उसे अस्वीकार करें',
    );
    expect(feedbackIn("hi", "Ship order 1A2B3C4D with its bill of lading")).toBe(
      "ऑर्डर 1A2B3C4D को उसके बिल ऑफ़ लैडिंग के साथ भेजें",
    );
    expect(feedbackIn("hi", "Matches your products: Cotton Towels, Jute Bags")).toBe(
      "आपके प्रोडक्ट से मेल खाता है: Cotton Towels, Jute Bags",
    );
    expect(feedbackIn("hi", "Direct inquiry: a buyer asks you for a quote on Jute Bags")).toBe(
      "सीधी पूछताछ: एक ख़रीदार आपसे Jute Bags के लिए कोटेशन माँग रहा है",
    );
  });

  it("gives a loader's refusal page in Hindi", () => {
    expect(feedbackIn("hi", "Store Not Found")).toBe("स्टोर नहीं मिला");
    expect(feedbackIn("hi", "Seller Account Required")).toBe("विक्रेता खाता ज़रूरी है");
    expect(feedbackIn("hi", "Back to RFQs")).toBe("RFQ पर वापस जाएँ");
  });

  it("lists only texts the code writes: each text's fixed parts are in the app's source", () => {
    const source = [...sourceFiles("app")]
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n")
      .toLowerCase();
    const missing: string[] = [];
    const visit = (value: unknown, key: string) => {
      if (typeof value === "string") {
        for (const part of value.split(/\{\{\s*\w+\s*\}\}/))
          // a text composed at run time ("one ${cent} per unit", "up to ${1} decimal") is found by its pieces
          if (part.trim().length > 3 && !source.includes(part.toLowerCase()))
            for (const piece of part.split(/\b(?:cent|paisa|1)\b/))
              if (piece.trim().length > 3 && !source.includes(piece.toLowerCase())) missing.push(`${key}: ${piece}`);
      } else if (value && typeof value === "object")
        for (const [inner, text] of Object.entries(value)) visit(text, key ? `${key}.${inner}` : inner);
    };
    // zod's own messages are zod's (checked against zod above)
    visit({ ...en, zod: {} }, "");
    expect(missing).toEqual([]);
  });
});
