import { IDBFactory } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  clearAllDrafts,
  deleteDraft,
  draftKey,
  draftsGeneration,
  keepsField,
  parseDraft,
  readDraft,
  sameFields,
  saveDraft,
  worthKeeping,
  type Draft,
} from "./drafts";

// the browser's IndexedDB, in memory, for this file only (unit files share a worker: vitest.config.ts)
beforeAll(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const draft = (fields: Draft["fields"], unsent = false): Draft => ({ fields, savedAt: 1_795_000_000_000, unsent });

describe("which fields a draft may keep", () => {
  it("keeps text, numbers, choices and long text", () => {
    for (const type of ["text", "number", "date", "email", "tel", "textarea", "select-one", "radio", "checkbox"])
      expect(keepsField({ name: "terms", type }), type).toBe(true);
  });

  it("never passwords, card data, files, or hidden fields", () => {
    expect(keepsField({ name: "secret", type: "password" })).toBe(false);
    expect(keepsField({ name: "pw", type: "PASSWORD" })).toBe(false);
    expect(keepsField({ name: "attachments", type: "file" })).toBe(false);
    expect(keepsField({ name: "intent", type: "hidden" })).toBe(false);
    // by the browser's autofill names
    expect(keepsField({ name: "x", type: "text", autocomplete: "cc-number" })).toBe(false);
    expect(keepsField({ name: "x", type: "text", autocomplete: "billing cc-csc" })).toBe(false);
    expect(keepsField({ name: "x", type: "text", autocomplete: "one-time-code" })).toBe(false);
    expect(keepsField({ name: "x", type: "text", autocomplete: "new-password" })).toBe(false);
    // by name, whatever the type says
    for (const name of ["password", "confirmPassword", "cardNumber", "card_cvc", "cvv", "iban", "otp", "apiToken"])
      expect(keepsField({ name, type: "text" }), name).toBe(false);
    expect(keepsField({ name: "", type: "text" })).toBe(false);
  });

  it("keeps a hidden field only when the form names it, and never a secret one", () => {
    const images = (name: string) => name === "main_images" || name === "sessionToken";
    expect(keepsField({ name: "main_images", type: "hidden" }, images)).toBe(true);
    expect(keepsField({ name: "intent", type: "hidden" }, images)).toBe(false);
    expect(keepsField({ name: "sessionToken", type: "hidden" }, images)).toBe(false);
    expect(keepsField({ name: "main_images", type: "file" }, images)).toBe(false);
  });
});

describe("whether a form holds a draft worth keeping", () => {
  const initial: Draft["fields"] = [
    ["currency", "USD"],
    ["quantity", "100"],
    ["terms", ""],
  ];

  it("is something typed that the form did not start with", () => {
    expect(worthKeeping([...initial.slice(0, 2), ["terms", "FOB Chennai"]], initial)).toBe(true);
    expect(worthKeeping(initial, initial)).toBe(false);
    // typed and emptied again, or only spaces: nothing
    expect(worthKeeping([["body", "   "]], [["body", ""]])).toBe(false);
    expect(worthKeeping([["body", "Hello"]], [])).toBe(true);
  });

  it("compares names, values and order", () => {
    expect(sameFields([["a", "1"]], [["a", "1"]])).toBe(true);
    expect(sameFields([["a", "1"]], [["a", "2"]])).toBe(false);
    expect(
      sameFields(
        [
          ["a", "1"],
          ["b", "2"],
        ],
        [
          ["b", "2"],
          ["a", "1"],
        ],
      ),
    ).toBe(false);
    expect(sameFields([["a", "1"]], [])).toBe(false);
  });
});

describe("reading a stored value back", () => {
  it("takes a draft as saved", () => {
    expect(parseDraft({ fields: [["body", "Hi"]], savedAt: 5, unsent: true })).toEqual({
      fields: [["body", "Hi"]],
      savedAt: 5,
      unsent: true,
    });
    expect(parseDraft({ fields: [], savedAt: 5 })).toEqual({ fields: [], savedAt: 5, unsent: false });
  });

  it("takes anything else for no draft", () => {
    for (const value of [
      null,
      undefined,
      "text",
      42,
      [],
      { fields: "body=Hi", savedAt: 5 },
      { fields: [["body", "Hi"]] },
      { fields: [["body", 3]], savedAt: 5 },
      { fields: [["body"]], savedAt: 5 },
      { fields: [["body", "Hi", "extra"]], savedAt: 5 },
    ])
      expect(parseDraft(value), JSON.stringify(value)).toBeNull();
  });
});

describe("drafts on the device", () => {
  it("are kept per account: another account reading the same form finds nothing", async () => {
    const asha = draftKey("user-asha", "quote:rfq-1");
    const ravi = draftKey("user-ravi", "quote:rfq-1");
    expect(asha).not.toBe(ravi);
    await saveDraft(asha, draft([["terms", "Asha's terms"]]));
    expect(await readDraft(asha)).toEqual(draft([["terms", "Asha's terms"]]));
    expect(await readDraft(ravi)).toBeNull();
    await deleteDraft(asha);
    expect(await readDraft(asha)).toBeNull();
  });

  it("keep a post that could not leave as unsent, and replace an older draft of the same form", async () => {
    const key = draftKey("user-asha", "message:thread-1");
    await saveDraft(key, draft([["body", "first"]]));
    await saveDraft(key, draft([["body", "second"]], true));
    expect(await readDraft(key)).toEqual(draft([["body", "second"]], true));
    await deleteDraft(key);
  });

  it("drop a secret field even when one is handed to them", async () => {
    const key = draftKey("user-asha", "product:new");
    await saveDraft(
      key,
      draft([
        ["name", "Cushion"],
        ["password", "hunter2"],
        ["cardNumber", "4242424242424242"],
      ]),
    );
    expect((await readDraft(key))?.fields).toEqual([["name", "Cushion"]]);
    await deleteDraft(key);
  });

  it("are all deleted at sign-out, of every account, and a save begun before it does not land after it", async () => {
    const asha = draftKey("user-asha", "quote:rfq-2");
    const ravi = draftKey("user-ravi", "product:new");
    await saveDraft(asha, draft([["terms", "a"]]));
    await saveDraft(ravi, draft([["name", "b"]]));
    const before = draftsGeneration();
    await clearAllDrafts();
    expect(await readDraft(asha)).toBeNull();
    expect(await readDraft(ravi)).toBeNull();
    // typed just before the sign-out, saved a moment later
    await saveDraft(asha, draft([["terms", "late"]]), before);
    expect(await readDraft(asha)).toBeNull();
    // typed after it: kept
    await saveDraft(asha, draft([["terms", "new"]]), draftsGeneration());
    expect(await readDraft(asha)).toEqual(draft([["terms", "new"]]));
    await clearAllDrafts();
  });
});
