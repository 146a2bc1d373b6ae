import { describe, expect, it } from "vitest";
import english from "~/locales/en/profile.json";
import hindi from "~/locales/hi/profile.json";
import { EMAIL_KIND_LABELS, EMAIL_KINDS } from "./notifications.schema";

/**
 * The profile's e-mail choices read their words from `profile:email.kinds` (record 0058); the unsubscribe page still
 * names a kind with EMAIL_KIND_LABELS. Both say the same in English, and every kind has its words in Hindi.
 */
describe("e-mail kinds' labels", () => {
  it("are the same English on the profile and the unsubscribe page, and every kind has one in Hindi", () => {
    expect(english.email.kinds).toEqual(EMAIL_KIND_LABELS);
    expect(Object.keys(hindi.email.kinds).sort()).toEqual([...EMAIL_KINDS].sort());
  });
});
