import fs from "node:fs";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/feedback.json";
import { addProductSchema, readProductForm } from "~/modules/products/product-form.schema";
import { quoteSchema } from "~/modules/rfqs/quote.schema";
import { checkForm, readersTexts } from "~/components/forms/validated-form-check";
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

  it("checks a form in the browser in the page's language, with the server's English on an English page", async () => {
    await readersTexts("hi");
    const posted = form({ ...PRODUCT, name: "" });
    const hindi = checkForm(posted, addProductSchema, readProductForm, "hi");
    expect(hindi.status).toBe("error");
    expect(hindi.status === "error" && hindi.error?.name).toEqual(["कृपया प्रोडक्ट का नाम भरें"]);
    const english = checkForm(posted, addProductSchema, readProductForm);
    expect(english.status === "error" && english.error?.name).toEqual(["Please enter the product name"]);
  });

  it("lists only texts the code writes: each text's fixed parts are in the app's source", () => {
    const source = [...sourceFiles("app")].map((file) => fs.readFileSync(file, "utf8")).join("\n");
    const missing: string[] = [];
    const visit = (value: unknown, key: string) => {
      if (typeof value === "string") {
        for (const part of value.split(/\{\{\s*\w+\s*\}\}/))
          // a text composed at run time ("one ${cent} per unit", "up to ${1} decimal") is found by its pieces
          if (part.trim().length > 3 && !source.toLowerCase().includes(part.toLowerCase()))
            for (const piece of part.split(/\b(?:cent|paisa|1)\b/))
              if (piece.trim().length > 3 && !source.toLowerCase().includes(piece.toLowerCase()))
                missing.push(`${key}: ${piece}`);
      } else if (value && typeof value === "object")
        for (const [inner, text] of Object.entries(value)) visit(text, key ? `${key}.${inner}` : inner);
    };
    visit(en, "");
    expect(missing).toEqual([]);
  });
});
