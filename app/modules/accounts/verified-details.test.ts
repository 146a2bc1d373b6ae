import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { notifications } from "~/db/schema/notifications";
import { verificationSubmissions } from "~/db/schema/verifications";
import { formValues, parseInput } from "~/lib/command-result";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import {
  generateOrderDocuments,
  noticeDocumentsIssuedUnderEarlierDetails,
  readOrderDocument,
} from "~/modules/order-documents/order-documents.server";
import { localDiskStorage, type BlobStorage } from "~/modules/uploads/storage.server";
import { createExportOrder, createSellerBusinessDetails } from "../../../tests/factories/export-orders";
import { createStore } from "../../../seed/factories/stores";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { changeRequestDecisionSchema, type Actor, type SessionUser } from "./accounts.schema";
import {
  BUSINESS_DETAIL_FIELDS,
  businessDetailsSchema,
  IDENTITY_NUMBER_HELD_MESSAGES,
  readVerificationDocuments,
} from "./business-details.schema";
import { findProfile } from "./profiles.server";
import {
  decideChangeRequest,
  getOwnVerification,
  getSellerBusinessDetails,
  listPendingVerifications,
  refuseNonSellerVerification,
  saveOwnBusinessDetails,
  submitForVerification,
  VERIFICATION_MESSAGES,
} from "./verification.server";
import { sellerStoresForAccounts } from "~/modules/stores/store-owner.server";

/**
 * Issue #38: verification is bound to what was verified (a verified seller's change of its legal name, numbers,
 * address or bank account waits for an administrator, and documents print the verified details meanwhile), and an
 * identity number is one seller's (refused when a verified supplier holds it, flagged when anyone else does).
 */

function form(values: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** /profile's "business-details" intent. */
async function saveDetails(db: Db, actor: Actor, values: Record<string, string>, notifier: Notifier) {
  const input =
    refuseNonSellerVerification(actor) ??
    parseInput(businessDetailsSchema, formValues(form(values), BUSINESS_DETAIL_FIELDS));
  return input.ok ? saveOwnBusinessDetails(db, actor, input.value, notifier) : input;
}

/** /admin/verifications' action for a change request, with the export documents' notice as the route passes it. */
async function decideChange(db: Db, admin: SessionUser, values: Record<string, string>, notifier: Notifier) {
  const input = parseInput(changeRequestDecisionSchema, formValues(form(values), ["requestId", "decision", "reason"]));
  return input.ok
    ? decideChangeRequest(db, admin, input.value, notifier, (tx, change) =>
        noticeDocumentsIssuedUnderEarlierDetails(tx, notifier, change),
      )
    : input;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/**
 * The form as createSellerBusinessDetails' Karur Terry Mills saved it, with a GSTIN whose check character is right
 * (the factory's is not, and the form checks it).
 */
const karur = {
  legalName: "Karur Terry Mills Private Limited",
  registeredAddress: "14 Mill Road, Karur\nTamil Nadu 639001, India",
  gstin: "33AABCK1234M1ZR",
  iec: "AABCK1234M",
  registrationNumber: "U17111TZ2009PTC015432",
  lutReference: "AD330324012345X",
  lutValidUntil: "2099-03-31",
  bankAccountName: "Karur Terry Mills Private Limited",
  bankName: "State Bank of India",
  bankAccountNumber: "30012345678",
  bankIfsc: "SBIN0000123",
  bankSwift: "SBININBB123",
};

/** Numbers of other companies: GSTINs whose check characters are right. */
const bagru = { gstin: "08AABCB1234Q1ZL", iec: "AABCB1234Q", registrationNumber: "U17299RJ2015PTC048765" };
const bengaluru = { gstin: "29AAGCB7383J1Z4", iec: "AAGCB7383J", registrationNumber: "U17111KA2012PTC065432" };
const delhi = { gstin: "07AAGFF2194N1Z1", iec: "AAGFF2194N", registrationNumber: "U17111DL2011PTC012345" };
const chennai = { gstin: "33AAACH7409R1Z8", iec: "AAACH7409R", registrationNumber: "U17111TN2008PTC054321" };

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const documents = () =>
  readVerificationDocuments(
    form({
      gstinCertificate: new File([pdf], "gst.pdf"),
      iecCertificate: new File([pdf], "iec.pdf"),
      companyRegistration: new File([pdf], "incorporation.pdf"),
    }),
  );

describe.each(testEngines())("verified details and identity numbers on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let storageDir: string;
  let storage: BlobStorage;
  let buyer: Account;
  const admins: Account[] = [];
  let admin: SessionUser;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-verified-details-"));
    storage = localDiskStorage(storageDir);
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods LLC" });
    for (const name of ["Setu Ops", "Setu Trust"]) {
      const account = await createBuyer(database.db, { companyName: name });
      await database.db.update(userTable).set({ role: "admin" }).where(eq(userTable.id, account.user.id));
      admins.push(account);
    }
    admin = { ...actorOf(admins[0]!), isAdmin: true };
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const fresh = async (account: Account): Promise<Actor> => ({
    ...actorOf(account),
    profile: (await findProfile(database.db, account.user.id))!,
  });
  const proformaText = async (seller: Account) => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
    });
    await generateOrderDocuments(database.db, storage, order.id, "confirmed");
    const doc = await readOrderDocument(database.db, storage, actorOf(buyer), order.id, "proforma_invoice");
    return { order, text: await pdfText(doc!.bytes) };
  };
  const noticesOf = (userId: string, kind: (typeof notifications.$inferSelect)["kind"]) =>
    database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it("a verified seller's new bank account waits for approval: the proforma and the verified view keep the old one; approving switches it and tells the parties of documents issued before", async () => {
    const seller = await createSeller(database.db, {
      companyName: "Karur Terry Mills",
      verificationStatus: "verified",
    });
    await createSellerBusinessDetails(database.db, seller.user.id, { gstin: karur.gstin });
    const before = await proformaText(seller);
    expect(before.text).toContain("A/c 30012345678");

    const hijacked = { ...karur, bankAccountNumber: "50100999888777", bankIfsc: "hdfc0004321", bankName: "HDFC Bank" };
    expect(await saveDetails(database.db, await fresh(seller), hijacked, notifier)).toEqual({
      ok: true,
      message: VERIFICATION_MESSAGES.changeSent,
      value: undefined,
    });
    // the verified details, which documents print, are unchanged; the seller stays verified
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toMatchObject({
      bankAccountNumber: "30012345678",
      bankIfsc: "SBIN0000123",
      bankName: "State Bank of India",
    });
    expect((await fresh(seller)).profile.verificationStatus).toBe("verified");
    const own = (await getOwnVerification(database.db, await fresh(seller)))!;
    expect(own.details).toMatchObject({ bankAccountNumber: "30012345678" });
    expect(own.lock).toBe("change-pending");
    expect(own.pendingChange!.changes).toEqual([
      { field: "bankName", label: "Bank name", from: "State Bank of India", to: "HDFC Bank" },
      { field: "bankAccountNumber", label: "Bank account number", from: "30012345678", to: "50100999888777" },
      { field: "bankIfsc", label: "IFSC", from: "SBIN0000123", to: "HDFC0004321" },
    ]);
    const during = await proformaText(seller);
    expect(during.text).toContain("A/c 30012345678");
    expect(during.text).not.toContain("50100999888777");

    // every administrator is alerted, once each
    for (const a of admins) {
      const alerts = await noticesOf(a.user.id, "verification_requested");
      expect(alerts.map((n) => [n.title, n.href])).toEqual([
        ["Karur Terry Mills asks to change its verified details", "/admin/verifications"],
      ]);
      expect(alerts[0]!.body).toContain("Bank name, Bank account number, IFSC");
    }
    // one request at a time; the LUT is the seller's to renew meanwhile
    expect(
      await saveDetails(database.db, await fresh(seller), { ...hijacked, legalName: "Someone Else Ltd" }, notifier),
    ).toMatchObject({ ok: false, status: 409, message: VERIFICATION_MESSAGES.changePending });
    expect(
      await saveDetails(database.db, await fresh(seller), { ...karur, lutReference: "AD330325099999X" }, notifier),
    ).toMatchObject({ ok: true, message: "Business details saved" });
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toMatchObject({
      lutReference: "AD330325099999X",
      bankAccountNumber: "30012345678",
    });

    // the administrator sees it beside first verifications, verified → requested
    const entry = (await listPendingVerifications(database.db, admin, sellerStoresForAccounts)).find(
      (p) => p.changeRequest && p.companyName === "Karur Terry Mills",
    )!;
    expect(entry.changeRequest!.changes.map((c) => [c.label, c.from, c.to])).toEqual([
      ["Bank name", "State Bank of India", "HDFC Bank"],
      ["Bank account number", "30012345678", "50100999888777"],
      ["IFSC", "SBIN0000123", "HDFC0004321"],
    ]);

    expect(
      await decideChange(database.db, admin, { requestId: entry.changeRequest!.id, decision: "verified" }, notifier),
    ).toMatchObject({ ok: true, message: "Karur Terry Mills: change approved" });
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toMatchObject({
      bankAccountNumber: "50100999888777",
      bankIfsc: "HDFC0004321",
      lutReference: "AD330325099999X",
    });
    expect((await fresh(seller)).profile.verificationStatus).toBe("verified");
    expect((await getOwnVerification(database.db, await fresh(seller)))!).toMatchObject({
      lock: null,
      pendingChange: null,
    });
    const after = await proformaText(seller);
    expect(after.text).toContain("A/c 50100999888777");
    // an issued document is never regenerated: it keeps the details it was issued with
    const issued = await readOrderDocument(database.db, storage, actorOf(buyer), before.order.id, "proforma_invoice");
    expect(await pdfText(issued!.bytes)).toContain("A/c 30012345678");
    // both parties of each order whose documents were issued under the earlier details are told
    for (const userId of [buyer.user.id, seller.user.id]) {
      const told = await noticesOf(userId, "order_status");
      expect(told.map((n) => n.href).sort()).toEqual(
        [`/orders/${before.order.id}`, `/orders/${during.order.id}`].sort(),
      );
      expect(told[0]!.body).toContain("bank account for payment on its proforma invoice is no longer the verified one");
    }
    expect((await noticesOf(seller.user.id, "verification_decided")).map((n) => n.title)).toEqual([
      "Your new business details are verified",
    ]);
    // a decided request cannot be decided again
    expect(
      await decideChange(
        database.db,
        admin,
        { requestId: entry.changeRequest!.id, decision: "rejected", reason: "x" },
        notifier,
      ),
    ).toMatchObject({ ok: false, status: 409, message: VERIFICATION_MESSAGES.requestGone });
  });

  it("rejecting a change keeps the verified details; the seller reads why and may send another", async () => {
    const seller = await createSeller(database.db, { companyName: "Bengaluru Looms", verificationStatus: "verified" });
    await createSellerBusinessDetails(database.db, seller.user.id, { ...bengaluru, legalName: "Bengaluru Looms LLP" });
    const verified = { ...karur, ...bengaluru, legalName: "Bengaluru Looms LLP" };
    expect(
      await saveDetails(
        database.db,
        await fresh(seller),
        { ...verified, legalName: "Bengaluru Looms Trading", bankAccountNumber: "123456789012" },
        notifier,
      ),
    ).toMatchObject({ ok: true, message: VERIFICATION_MESSAGES.changeSent });
    const entry = (await listPendingVerifications(database.db, admin, sellerStoresForAccounts)).find(
      (p) => p.changeRequest && p.companyName === "Bengaluru Looms",
    )!;
    expect(
      await decideChange(
        database.db,
        admin,
        { requestId: entry.changeRequest!.id, decision: "rejected", reason: " " },
        notifier,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { reason: "Please give a reason for the rejection" } });
    expect(
      await decideChange(
        database.db,
        admin,
        {
          requestId: entry.changeRequest!.id,
          decision: "rejected",
          reason: "Send a cancelled cheque of the new account",
        },
        notifier,
      ),
    ).toMatchObject({ ok: true, message: "Bengaluru Looms: change rejected" });
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toMatchObject({
      legalName: "Bengaluru Looms LLP",
      bankAccountNumber: "30012345678",
    });
    const { text } = await proformaText(seller);
    expect(text).toContain("Bengaluru Looms LLP");
    expect(text).toContain("A/c 30012345678");
    expect(text).not.toContain("123456789012");
    const own = (await getOwnVerification(database.db, await fresh(seller)))!;
    expect(own).toMatchObject({ lock: null, pendingChange: null });
    expect(own.submissions[0]).toMatchObject({ kind: "change", status: "rejected" });
    expect((await fresh(seller)).profile.verificationStatus).toBe("verified");
    const [notice] = await noticesOf(seller.user.id, "verification_decided");
    expect(notice).toMatchObject({ title: "Your change of business details was not approved" });
    expect(notice!.body).toContain("Send a cancelled cheque of the new account");
    // nothing was issued under other details: nobody is told about documents
    expect(await noticesOf(buyer.user.id, "order_status")).toHaveLength(2);
    expect(
      await saveDetails(database.db, await fresh(seller), { ...verified, bankAccountNumber: "123456789012" }, notifier),
    ).toMatchObject({ ok: true, message: VERIFICATION_MESSAGES.changeSent });
  });

  it("a submission waiting for review locks the details it holds (the LUT stays editable)", async () => {
    const seller = await createSeller(database.db, { companyName: "Delhi Crafts", verificationStatus: "pending" });
    const mine = { ...karur, ...delhi, legalName: "Delhi Crafts Private Limited" };
    expect(await saveDetails(database.db, await fresh(seller), mine, notifier)).toMatchObject({ ok: true });
    expect(await submitForVerification(database.db, storage, await fresh(seller), documents(), notifier)).toMatchObject(
      { ok: true },
    );
    for (const a of admins)
      expect((await noticesOf(a.user.id, "verification_requested")).map((n) => n.title)).toContain(
        "Delhi Crafts asks to be verified",
      );
    expect(
      await saveDetails(database.db, await fresh(seller), { ...mine, bankAccountNumber: "999988887777" }, notifier),
    ).toMatchObject({ ok: false, status: 409, message: VERIFICATION_MESSAGES.underReview });
    expect((await getOwnVerification(database.db, await fresh(seller)))!.lock).toBe("under-review");
    expect(
      await saveDetails(database.db, await fresh(seller), { ...mine, lutValidUntil: "2028-03-31" }, notifier),
    ).toMatchObject({ ok: true });
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toMatchObject({
      bankAccountNumber: "30012345678",
      lutValidUntil: "2028-03-31",
    });
    // the submission holds every detail it verifies, the bank account included
    const [submission] = await database.db
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.userId, seller.user.id));
    expect(submission).toMatchObject({ kind: "verification", gstin: delhi.gstin, bankAccountNumber: "30012345678" });
  });

  it("refuses a GSTIN, IEC or CIN a verified supplier holds, compared trimmed and in upper case, wherever it is given", async () => {
    // Karur Terry Mills (first test) is verified with karur's numbers
    const copycat = await createSeller(database.db, { companyName: "Copycat Exports", verificationStatus: "pending" });
    const refused = await saveDetails(
      database.db,
      await fresh(copycat),
      {
        ...karur,
        gstin: " 33aabck1234m1zr ",
        iec: "aabck1234m",
        registrationNumber: "u17111tz2009ptc015432",
        legalName: "Copycat Exports",
      },
      notifier,
    );
    expect(refused).toEqual({
      ok: false,
      status: 409,
      message: IDENTITY_NUMBER_HELD_MESSAGES.gstin,
      fieldErrors: {
        gstin: "This GSTIN is already registered to a verified supplier on Setu. Contact support if it is yours.",
        iec: IDENTITY_NUMBER_HELD_MESSAGES.iec,
        registrationNumber: IDENTITY_NUMBER_HELD_MESSAGES.registrationNumber,
      },
    });
    expect(await getSellerBusinessDetails(database.db, copycat.user.id)).toBeNull();

    // saved while nobody was verified with it; a supplier is verified with it before the copy is submitted
    const early = await createSeller(database.db, { companyName: "Early Bird Mills", verificationStatus: "pending" });
    expect(
      await saveDetails(database.db, await fresh(early), { ...karur, ...chennai, legalName: "Early Bird" }, notifier),
    ).toMatchObject({ ok: true });
    const owner = await createSeller(database.db, { companyName: "Chennai Handlooms", verificationStatus: "verified" });
    await createSellerBusinessDetails(database.db, owner.user.id, { ...chennai, legalName: "Chennai Handlooms Ltd" });
    expect(await submitForVerification(database.db, storage, await fresh(early), documents(), notifier)).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { gstin: IDENTITY_NUMBER_HELD_MESSAGES.gstin, iec: IDENTITY_NUMBER_HELD_MESSAGES.iec },
    });
    // a verified supplier cannot ask to change to another's number either
    expect(
      await saveDetails(
        database.db,
        await fresh(owner),
        { ...karur, ...chennai, legalName: "Chennai Handlooms Ltd", gstin: karur.gstin },
        notifier,
      ),
    ).toMatchObject({ ok: false, status: 409, fieldErrors: { gstin: IDENTITY_NUMBER_HELD_MESSAGES.gstin } });
  });

  it("flags on the administrator's review a number another account holds, pending or verified, with a link to it", async () => {
    const first = await createSeller(database.db, { companyName: "Bagru Dyeworks", verificationStatus: "pending" });
    const second = await createSeller(database.db, { companyName: "Bagru Copy", verificationStatus: "pending" });
    for (const [account, name] of [
      [first, "Bagru Dyeworks Pvt Ltd"],
      [second, "Bagru Copy"],
    ] as const) {
      expect(
        await saveDetails(database.db, await fresh(account), { ...karur, ...bagru, legalName: name }, notifier),
      ).toMatchObject({ ok: true });
      expect(
        await submitForVerification(database.db, storage, await fresh(account), documents(), notifier),
      ).toMatchObject({ ok: true });
    }
    const queue = await listPendingVerifications(database.db, admin, sellerStoresForAccounts);
    const flagsOf = (company: string) => queue.find((p) => p.companyName === company)!.numberFlags;
    expect(flagsOf("Bagru Copy")).toEqual([
      {
        label: "GSTIN",
        value: bagru.gstin,
        holders: [
          {
            companyName: "Bagru Dyeworks",
            email: first.user.email,
            state: "pending",
            href: `mailto:${first.user.email}`,
          },
        ],
      },
      expect.objectContaining({ label: "IEC", value: bagru.iec }),
      expect.objectContaining({ label: "Company registration", value: bagru.registrationNumber }),
    ]);
    expect(flagsOf("Bagru Dyeworks")[0]!.holders.map((h) => h.companyName)).toEqual(["Bagru Copy"]);
    // a supplier verified meanwhile with the number is flagged first, as verified; a store is linked
    const verified = await createSeller(database.db, { companyName: "Bagru Original", verificationStatus: "verified" });
    await createSellerBusinessDetails(database.db, verified.user.id, { ...bagru, legalName: "Bagru Original" });
    const store = await createStore(database.db, { sellerId: verified.user.id });
    const again = await listPendingVerifications(database.db, admin, sellerStoresForAccounts);
    expect(again.find((p) => p.companyName === "Bagru Copy")!.numberFlags[0]!.holders.slice(0, 1)).toEqual([
      { companyName: "Bagru Original", email: verified.user.email, state: "verified", href: `/stores/${store.id}` },
    ]);
    // a submission with numbers of its own is not flagged
    expect(again.find((p) => p.companyName === "Delhi Crafts")!.numberFlags).toEqual([]);
  });
});
