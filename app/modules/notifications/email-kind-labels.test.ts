import { describe, expect, it } from "vitest";
import english from "~/locales/en/profile.json";
import hindi from "~/locales/hi/profile.json";
import { EMAIL_KINDS } from "./notifications.schema";

/**
 * The profile's e-mail choices and the unsubscribe page name a kind with the same words, `profile:email.kinds`
 * (record 0058; the unsubscribe page's loader reads them in the page's language), so the two never differ. The
 * English words are the ones the pages have always shown; every kind has its words in Hindi.
 */
describe("e-mail kinds' labels", () => {
  it("are the English the profile and the unsubscribe page have always shown, and every kind has one in Hindi", () => {
    expect(english.email.kinds).toEqual({
      quoteReceived: "A supplier quotes on my RFQ",
      quoteDecided: "A buyer accepts or declines my quote",
      orderStatus: "An order's status changes",
      newMessage: "A new message arrives",
      rfqDeadline: "My RFQ's deadline is 24 hours away with no quote accepted",
      rfqMatched: "A new RFQ matches my products",
      messageDigest: "A digest of messages left unread for 10 minutes",
      verification: "Setu approves or rejects my supplier verification",
    });
    expect(Object.keys(hindi.email.kinds).sort()).toEqual([...EMAIL_KINDS].sort());
  });
});
