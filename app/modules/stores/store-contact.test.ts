import { describe, expect, it } from "vitest";
import { sellerContact } from "./store-contact";

describe("Contact Seller", () => {
  const store = { name: "Sanganer Prints & Co." };

  it("e-mails the store when it has an address, with a subject naming the store", () => {
    expect(
      sellerContact({
        ...store,
        email: "orders@sanganer.example",
        phone: "+91 141 555 0199",
        website: "https://sanganer.example",
      }),
    ).toEqual({
      href: "mailto:orders@sanganer.example?subject=Enquiry%20via%20Setu%3A%20Sanganer%20Prints%20%26%20Co.",
      label: "Email orders@sanganer.example",
      external: false,
    });
  });

  it("calls the store's phone, else opens its website, else offers nothing", () => {
    expect(
      sellerContact({ ...store, email: "", phone: "+91 (141) 555-0199", website: "https://sanganer.example" }),
    ).toMatchObject({ href: "tel:+911415550199", label: "Call +91 (141) 555-0199" });
    expect(sellerContact({ ...store, email: null, phone: null, website: "https://sanganer.example" })).toEqual({
      href: "https://sanganer.example",
      label: "Visit https://sanganer.example",
      external: true,
    });
    expect(
      sellerContact({ ...store, email: "not an address", phone: "call me", website: "javascript:alert(1)" }),
    ).toBeNull();
    expect(sellerContact(store)).toBeNull();
  });
});
