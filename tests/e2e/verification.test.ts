import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday } from "../../seed/factories/rfqs";
import { signIn, signUpSeller } from "./support/accounts";
import { baseUrl, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const pdf = (title: string) => ({
  name: `${title}.pdf`,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`),
});

/**
 * A new supplier fills in its business details, uploads its documents and submits them; the administrator sees
 * the numbers with their checks and the documents, rejects with a reason; the supplier reads it, resubmits, and is
 * approved: its product card and store now say "Verified". Its new bank account then waits for an administrator (the
 * form and the review show old → new) until approved. A buyer posts an RFQ for verified suppliers only, and an
 * unverified supplier is shown why it cannot quote, and refused (403) if it posts anyway.
 */
describe("supplier verification with evidence", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let phone: Awaited<ReturnType<typeof openBrowser>>;
  const stamp = Date.now();
  const company = `Bagru Dyeworks ${stamp}`;
  const sellerEmail = `bagru-${stamp}@example.test`;
  const password = "Indigo-Vat-Dyeing-8";
  const product = `Bagru indigo table linen ${stamp}`;
  let storeUrl = "";

  beforeAll(async () => {
    browser = await openBrowser();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await phone?.close();
  });

  it("a new supplier's product and store say 'Unverified'; it saves business details (checked field by field) and submits its documents", async () => {
    const { page } = browser;
    await signUpSeller(page, { email: sellerEmail, company, password });
    await page.goto("/stores");
    await hydrated(page);
    await page.getByText("Create Store", { exact: true }).first().click();
    await page.getByLabel("Store Name").fill(company);
    await page.getByLabel("Description").fill("Natural-dye block prints from Bagru, Rajasthan.");
    await page.getByLabel("Apparel & Textiles").check();
    await page.getByRole("button", { name: "Create Store" }).last().click();
    await page.getByText("Store created successfully!").waitFor();
    storeUrl = (await page
      .locator("li", { hasText: company })
      .getByRole("link", { name: /^View/ })
      .first()
      .getAttribute("href"))!;
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Product" }).first().click();
    await page.getByLabel("Product Name", { exact: true }).fill(product);
    await page.getByLabel("Category", { exact: true }).selectOption("home-textiles");
    await page.getByLabel("Minimum Order Quantity", { exact: true }).fill("100");
    await page.getByLabel("Minimum Price (USD)", { exact: true }).fill("6");
    await page.getByLabel("Maximum Price (USD)", { exact: true }).fill("9");
    await page.getByRole("button", { name: "Add Product" }).last().click();
    await page.getByText("Product created successfully!").waitFor();
    await page.goto(`/browse?q=${encodeURIComponent(product)}`);
    const card = page.locator("main article", { hasText: product });
    await card.getByText("Unverified").waitFor();
    expect(await card.getByText("Verified", { exact: true }).count()).toBe(0);
    await screenshot(page, "product-card-unverified");

    await page.goto("/profile");
    await hydrated(page);
    const details = page.locator("form#business-details");
    await details.getByLabel("Legal name of the business").fill(`${company} Private Limited`);
    await details.getByLabel("Registered address").fill("Near Chhipa Mohalla, Bagru 303007, Rajasthan");
    // a typing mistake in the GSTIN's last character: its check character does not match
    await details.getByLabel("GSTIN").fill("08aabcb1234q1zq");
    await details.getByLabel("IEC (Importer-Exporter Code)").fill("AABCB1234Q");
    await details.getByLabel("Company registration number (CIN or LLPIN)").fill("U17299RJ2015PTC048765");
    await details.getByLabel("IFSC").fill("HDFC1001234");
    await details.getByRole("button", { name: "Save Business Details" }).click();
    await details.getByText("This GSTIN's last character does not match its check character").waitFor();
    await details.getByText("An IFSC is 11 characters").waitFor();
    await screenshot(page, "profile-business-details-errors");
    await details.getByLabel("GSTIN").fill("08AABCB1234Q1ZL");
    await details.getByLabel("IFSC").fill("hdfc0001234");
    await details.getByLabel("SWIFT / BIC").fill("HDFCINBB");
    await details.getByLabel("Bank account number").fill("50100234567890");
    await details.getByLabel("LUT valid until").fill("2027-03-31");
    await details.getByRole("button", { name: "Save Business Details" }).click();
    await page.getByText("Business details saved").first().waitFor();
    await expect(page.locator("form#business-details").getByLabel("IFSC").inputValue()).resolves.toBe("HDFC0001234");

    const panel = page.getByRole("heading", { name: "Supplier verification" }).locator("..");
    // the documents are checked in the browser by the schema the server reads them with: nothing is sent until
    // each is chosen, each field says so, and the first is focused
    const posts: string[] = [];
    const recordPost = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST") posts.push(request.url());
    };
    page.on("request", recordPost);
    await panel.getByRole("button", { name: "Submit for Verification" }).click();
    const missing = panel.getByText("Please upload this document (PDF or image)");
    await missing.first().waitFor();
    expect(await missing.count()).toBe(3);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("gstinCertificate");
    expect(await panel.getByLabel("GST registration certificate").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "profile-verification-missing-documents");
    await panel.getByLabel("GST registration certificate").setInputFiles(pdf("gst-certificate"));
    await panel.getByRole("button", { name: "Submit for Verification" }).click();
    await expect.poll(() => missing.count()).toBe(2);
    expect(posts).toEqual([]);
    page.off("request", recordPost);
    // without JavaScript the form posts as it is, and the server answers with the same message by each field
    const plain = await page.request.post("/profile", {
      headers: { origin: new URL(page.url()).origin },
      multipart: { intent: "verification-submit" },
    });
    expect(plain.status()).toBe(400);
    const fieldMessages = (await plain.text()).match(/-error"[^>]*>Please upload this document \(PDF or image\)</g);
    expect(fieldMessages).toHaveLength(3);

    await panel.getByLabel("IEC certificate").setInputFiles(pdf("iec-certificate"));
    await panel.getByLabel(/Company registration/).setInputFiles(pdf("incorporation"));
    await panel.getByRole("button", { name: "Submit for Verification" }).click();
    await page.getByText("Submitted for verification").first().waitFor();
    await panel.getByText("Waiting for review").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "profile-verification");
  });

  it("the administrator sees the numbers, their checks and the documents, and rejects with a reason", async () => {
    const { page } = browser;
    await signIn(page, "admin@setu.example");
    await page.goto("/admin/verifications");
    const entry = page.locator("li", { has: page.getByRole("heading", { name: company }) });
    await entry.getByText("08AABCB1234Q1ZL").waitFor();
    await entry.getByText("Format and check character valid").waitFor();
    await entry.getByText("Format valid; matches the PAN in the GSTIN").waitFor();
    await entry.getByText("Valid CIN format").waitFor();
    const link = entry.getByRole("link", { name: /IEC certificate: iec-certificate\.pdf/ });
    const href = (await link.getAttribute("href"))!;
    const document = await page.request.get(href);
    expect(document.status()).toBe(200);
    expect(document.headers()["content-type"]).toBe("application/pdf");
    expect((await document.body()).toString()).toContain("% iec-certificate");
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "admin-verifications");
    await phone.page.context().addCookies(await page.context().cookies());
    await phone.page.goto("/admin/verifications");
    await screenshot(phone.page, "admin-verifications-phone");

    // another supplier gets 404 for the document, as does a visitor
    await signIn(phone.page, "kavya@nandi-electronics.example");
    expect((await phone.page.request.get(href)).status()).toBe(404);
    await phone.page.context().clearCookies();
    expect((await phone.page.request.get(href)).status()).toBe(404);

    await entry.getByRole("button", { name: `Reject ${company}` }).click();
    await entry.getByText("Please give a reason for the rejection").waitFor();
    await entry.getByLabel(/Rejection reason/).fill("The IEC certificate is for another company");
    await entry.getByRole("button", { name: `Reject ${company}` }).click();
    await page.getByText(`${company} rejected`).first().waitFor();
  });

  it("the supplier reads the reason, replaces one document and resubmits; once approved its product card and store say 'Verified'", async () => {
    const { page } = browser;
    await signIn(page, sellerEmail, password);
    await page.goto("/profile");
    const panel = page.getByRole("heading", { name: "Supplier verification" }).locator("..");
    await panel.getByText("Reason: The IEC certificate is for another company").first().waitFor();
    await panel.getByLabel("IEC certificate").setInputFiles(pdf("iec-certificate-bagru"));
    await panel.getByRole("button", { name: "Resubmit for Verification" }).click();
    await page.getByText("Submitted for verification").first().waitFor();
    // the history keeps the rejected submission beside the new one
    await panel.getByText("Rejected", { exact: true }).waitFor();
    await panel.getByText("Waiting for review").waitFor();
    // the notice is in the bell's list
    await page.goto("/notifications");
    await page.getByText("Your verification was not approved").waitFor();

    await signIn(page, "admin@setu.example");
    await page.goto("/admin/verifications");
    const entry = page.locator("li", { has: page.getByRole("heading", { name: company }) });
    await entry.getByRole("link", { name: /iec-certificate-bagru\.pdf/ }).waitFor();
    await entry.getByText("rejected 1 time before").waitFor();
    await entry.getByRole("button", { name: `Verify ${company}` }).click();
    await page.getByText(`${company} verified`).first().waitFor();

    await signIn(page, sellerEmail, password);
    await page.goto("/profile");
    await page.getByText("Your company is verified").first().waitFor();
    await phone.page.context().addCookies(await page.context().cookies());
    await phone.page.goto("/profile");
    await screenshot(phone.page, "profile-verified-phone");
    await page.goto(`/browse?q=${encodeURIComponent(product)}`);
    const card = page.locator("main article", { hasText: product });
    await card.getByText("Verified", { exact: true }).waitFor();
    await screenshot(page, "product-card-verified");
    await page.goto(storeUrl);
    await page.getByText("Verified Seller").first().waitFor();
    await phone.page.goto("/browse");
    await screenshot(phone.page, "browse-badges-phone");
  });

  it("the verified supplier's new bank account waits for an administrator: its form shows the request and keeps the verified account", async () => {
    const { page } = browser;
    await signIn(page, sellerEmail, password);
    await page.goto("/profile");
    await hydrated(page);
    const details = page.locator("form#business-details");
    await page.getByText("Your legal name, address, registration numbers and bank account are verified").waitFor();
    await details.getByLabel("Bank account number").fill("50100999888777");
    await details.getByRole("button", { name: "Save Business Details" }).click();
    await page.getByText("Change sent for review").first().waitFor();
    const pending = page.getByRole("status").filter({ hasText: "Change waiting for review" });
    await pending.getByText("until an administrator approves it").waitFor();
    await pending.getByRole("row", { name: /Bank account number 50100234567890 .*50100999888777/ }).waitFor();
    // the verified account stays on the form, locked while the change is reviewed; the badge stays
    await expect(details.getByLabel("Bank account number").inputValue()).resolves.toBe("50100234567890");
    expect(await details.getByLabel("Bank account number").getAttribute("readonly")).not.toBeNull();
    await page.getByText("Verified", { exact: true }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "profile-change-pending");
  });

  it("the administrator is alerted, sees the change request beside first verifications with old → new, and approves it: the new account becomes the verified one", async () => {
    const { page } = browser;
    await signIn(page, "admin@setu.example");
    await page.goto("/notifications");
    await page.getByText(`${company} asks to change its verified details`).first().waitFor();
    await page.goto("/admin/verifications");
    const section = page.getByRole("region", { name: /Change requests/ });
    const entry = section.locator("li", { has: page.getByRole("heading", { name: company }) });
    await entry.getByRole("row", { name: /Bank account number 50100234567890 .*50100999888777/ }).waitFor();
    await entry.getByText("Change request").waitFor();
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "admin-verifications-change-request");
    await entry.getByRole("button", { name: `Approve the change of ${company}` }).click();
    await page.getByText(`${company}: change approved`).first().waitFor();

    await signIn(page, sellerEmail, password);
    await page.goto("/profile");
    await expect(page.locator("form#business-details").getByLabel("Bank account number").inputValue()).resolves.toBe(
      "50100999888777",
    );
    expect(await page.getByText("Change waiting for review").count()).toBe(0);
  });

  it("a buyer posts an RFQ for verified suppliers only; an unverified supplier is told why it cannot quote, and refused if it posts", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example");
    await page.goto("/create-rfq");
    const title = `Verified-only bath towels ${stamp}`;
    await page.getByLabel("RFQ Title").fill(title);
    await page.getByLabel("Category").selectOption("home-textiles");
    await page.getByLabel("Description").fill("600 GSM cotton bath towels, hotel grade.");
    await page.getByLabel("Quantity").fill("3000");
    await page.getByLabel("Delivery Location").fill("Brooklyn, NY");
    await page.getByLabel("Quote Submission Deadline").fill(dateFromToday(10));
    await page.getByLabel(/Verified suppliers only/).check();
    await page.getByRole("button", { name: "Create RFQ" }).click();
    await page.waitForURL(/\/rfqs$/);
    const own = page.locator("article", { hasText: title });
    await own.getByText("Verified suppliers only").waitFor();
    await own.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/rfqs\/[0-9a-f-]{36}$/);
    const rfqPath = new URL(page.url()).pathname;
    await page.getByText("Verified suppliers only").first().waitFor();

    // a supplier who has not been verified
    await signUpSeller(page, { email: `unverified-${stamp}@example.test`, company: `Unverified Mills ${stamp}` });
    // the GSTIN of a verified supplier (the seed's Shakti Textiles) is refused, by the field
    await page.goto("/profile");
    await hydrated(page);
    const details = page.locator("form#business-details");
    await details.getByLabel("GSTIN").fill("33aakcs4821m1z3");
    await details.getByRole("button", { name: "Save Business Details" }).click();
    await details
      .getByText("This GSTIN is already registered to a verified supplier on Setu. Contact support if it is yours.")
      .waitFor();
    await page.goto("/rfqs");
    const card = page.locator("article", { hasText: title });
    await card.getByText("Verified suppliers only").waitFor();
    await card.getByRole("link", { name: "View RFQ" }).waitFor();
    await page.goto(rfqPath);
    await page.getByText("This buyer accepts quotes from verified suppliers only").first().waitFor();
    await expect(page.getByRole("link", { name: "Get Verified" }).getAttribute("href")).resolves.toBe("/profile");
    expect(await page.getByText("Submit Your Quote", { exact: true }).count()).toBe(1);
    expect(await page.locator("form input[name='intent'][value='quote']").count()).toBe(0);
    const posted = await page.request.post(rfqPath, {
      form: { intent: "quote", price: "1500", quantity: "3000", deliveryTimeline: "30 days" },
      headers: { Origin: baseUrl() },
    });
    expect(posted.status()).toBe(403);
    expect(await posted.text()).toContain("This buyer accepts quotes from verified suppliers only");

    // the verified supplier can quote
    await signIn(page, sellerEmail, password);
    await page.goto(rfqPath);
    await page.getByText("Submit Your Quote").first().waitFor();
    expect(await page.getByRole("link", { name: "Get Verified" }).count()).toBe(0);
  });
});
