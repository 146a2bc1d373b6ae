import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "~/db/schema/notifications";
import { stores } from "~/db/schema/stores";
import { verificationDocuments, verificationSubmissions } from "~/db/schema/verifications";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { getRfqDetail } from "~/modules/rfqs/rfqs.server";
import { postQuote, postRfq } from "../../../tests/support/rfq-form";
import { localDiskStorage, type BlobStorage } from "~/modules/uploads/storage.server";
import { serveUpload } from "~/modules/uploads/uploads.server";
import { createRfq, dateFromToday } from "../../../seed/factories/rfqs";
import { createStore } from "../../../seed/factories/stores";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import type { Db } from "~/db/client.server";
import { formValues, parseInput } from "~/lib/command-result";
import { verificationDecisionSchema, type Actor, type SessionUser } from "./accounts.schema";
import {
  BUSINESS_DETAIL_FIELDS,
  BUSINESS_MESSAGES,
  businessDetailsSchema,
  checkBusinessNumbers,
  gstinCheckCharacter,
  isValidGstin,
  MAX_VERIFICATION_DOCUMENT_BYTES,
  readVerificationDocuments,
  readVerificationForm,
  verificationSubmissionSchema,
} from "./business-details.schema";
import { findProfile } from "./profiles.server";
import {
  decideVerification,
  getOwnVerification,
  getSellerBusinessDetails,
  listPendingVerifications,
  refuseNonSellerVerification,
  saveOwnBusinessDetails,
  serveVerificationDocument,
  keptVerificationDocuments,
  submitForVerification,
  VERIFICATION_MESSAGES,
} from "./verification.server";
import { sellerStoresForAccounts } from "~/modules/stores/store-owner.server";

function form(values: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** /profile's "business-details" intent: a buyer is refused before the form is read by its schema. */
async function saveDetails(db: Db, actor: Actor, posted: FormData, notifier: Notifier) {
  const input =
    refuseNonSellerVerification(actor) ?? parseInput(businessDetailsSchema, formValues(posted, BUSINESS_DETAIL_FIELDS));
  return input.ok ? saveOwnBusinessDetails(db, actor, input.value, notifier) : input;
}

/** /profile's "verification-submit" intent: the files chosen on the form. */
function submit(db: Db, storage: BlobStorage, actor: Actor, posted: FormData, notifier: Notifier) {
  return submitForVerification(db, storage, actor, readVerificationDocuments(posted), notifier);
}

/** /admin/verifications' action: the decision read by its schema. */
async function decide(db: Db, admin: SessionUser, posted: FormData, notifier: Notifier) {
  const input = parseInput(verificationDecisionSchema, formValues(posted, ["profileId", "decision", "reason"]));
  return input.ok ? decideVerification(db, admin, input.value, notifier, sellerStoresForAccounts) : input;
}

const blank = {
  legalName: "",
  registeredAddress: "",
  gstin: "",
  iec: "",
  registrationNumber: "",
  lutReference: "",
  lutValidUntil: "",
  bankAccountName: "",
  bankName: "",
  bankAccountNumber: "",
  bankIfsc: "",
  bankSwift: "",
};
const valid = {
  legalName: "Tiruppur Knits Private Limited",
  registeredAddress: "12 Avinashi Road\nTiruppur 641603, Tamil Nadu",
  gstin: " 27aapfu0939f1zv ",
  iec: "aapfu0939f",
  registrationNumber: "u17111tz2010ptc012345",
  lutReference: "ad3303240123456",
  lutValidUntil: "2027-03-31",
  bankAccountName: "Tiruppur Knits Pvt Ltd",
  bankName: "HDFC Bank",
  bankAccountNumber: "5010 0123 4567 89",
  bankIfsc: "hdfc0001234",
  bankSwift: "hdfcinbbxxx",
};

describe("business details schema", () => {
  it("checks the GSTIN's check character as GST Network publishes it", () => {
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "07AAGFF2194N1Z1", "33AAACH7409R1Z8"]) {
      expect(isValidGstin(gstin)).toBe(true);
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    }
    // one typed character off: the shape still fits, the check character does not
    expect(isValidGstin("27AAPFU0938F1ZV")).toBe(false);
    expect(isValidGstin("27AAPFU0939F1ZW")).toBe(false);
  });

  it("normalises codes to upper case without spaces, stores empty fields as null", () => {
    const parsed = businessDetailsSchema.parse(valid);
    expect(parsed).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      iec: "AAPFU0939F",
      registrationNumber: "U17111TZ2010PTC012345",
      bankAccountNumber: "50100123456789",
      bankIfsc: "HDFC0001234",
      bankSwift: "HDFCINBBXXX",
    });
    expect(parsed.legalName).toBe("Tiruppur Knits Private Limited");
    expect(businessDetailsSchema.parse(blank)).toEqual(Object.fromEntries(Object.keys(blank).map((k) => [k, null])));
  });

  it("says what is wrong, field by field", () => {
    const result = businessDetailsSchema.safeParse({
      ...blank,
      gstin: "27AAPFU0939F1Z",
      iec: "ABC",
      bankIfsc: "HDFC1001234",
      bankSwift: "HDFCIN",
      bankAccountNumber: "12345",
      lutValidUntil: "2027-02-30",
      registrationNumber: "<script>",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      gstin: BUSINESS_MESSAGES.gstinShape,
      iec: BUSINESS_MESSAGES.iec,
      bankIfsc: BUSINESS_MESSAGES.ifsc,
      bankSwift: BUSINESS_MESSAGES.swift,
      bankAccountNumber: BUSINESS_MESSAGES.accountNumber,
      lutValidUntil: BUSINESS_MESSAGES.date,
      registrationNumber: BUSINESS_MESSAGES.registration,
    });
    expect(businessDetailsSchema.safeParse({ ...blank, gstin: "27AAPFU0939F1ZW" }).error?.issues[0]?.message).toBe(
      BUSINESS_MESSAGES.gstinChecksum,
    );
    // an LLPIN and a SWIFT of 8 are fine
    expect(
      businessDetailsSchema.safeParse({ ...blank, registrationNumber: "aab-1234", bankSwift: "HDFCINBB" }).success,
    ).toBe(true);
  });

  it("tells the administrator what the numbers' formats say", () => {
    const checks = checkBusinessNumbers({
      legalName: "X",
      gstin: "27AAPFU0939F1ZV",
      iec: "AAPFU0939F",
      registrationNumber: "AAB-1234",
    });
    expect(checks.map((c) => [c.label, c.ok, c.note])).toEqual([
      ["GSTIN", true, "Format and check character valid"],
      ["IEC", true, "Format valid; matches the PAN in the GSTIN"],
      ["Company registration", true, "Valid LLPIN format"],
    ]);
    expect(
      checkBusinessNumbers({ legalName: null, gstin: "27AAPFU0939F1ZW", iec: null, registrationNumber: null }).map(
        (c) => c.ok,
      ),
    ).toEqual([false, false, false]);
  });
});

describe("the verification forms as their routes read them", () => {
  it("reads a decision: a known profile, verify or reject, and a reason only for a rejection", () => {
    const id = "0b7e6c1e-2f7a-4c59-9a53-2d1f4a8e9c10";
    expect(parseInput(verificationDecisionSchema, { profileId: "x", decision: "verified", reason: "" })).toMatchObject({
      ok: false,
      status: 400,
      message: "Unknown profile",
    });
    expect(parseInput(verificationDecisionSchema, { profileId: id, decision: "maybe", reason: "" })).toMatchObject({
      ok: false,
      message: "Choose verify or reject",
      fieldErrors: { decision: "Choose verify or reject" },
    });
    expect(parseInput(verificationDecisionSchema, { profileId: id, decision: "rejected", reason: " " })).toEqual({
      ok: false,
      status: 400,
      message: "Please give a reason for the rejection",
      fieldErrors: { reason: "Please give a reason for the rejection" },
    });
    expect(parseInput(verificationDecisionSchema, { profileId: id, decision: "verified", reason: "ignored" })).toEqual({
      ok: true,
      value: { profileId: id, decision: "verified", reason: null },
    });
    expect(
      parseInput(verificationDecisionSchema, { profileId: id, decision: "rejected", reason: ` ${"x".repeat(600)} ` }),
    ).toEqual({ ok: true, value: { profileId: id, decision: "rejected", reason: "x".repeat(500) } });
  });

  it("takes only chosen files: an empty file input or text is no document", () => {
    const posted = form({
      gstinCertificate: new File(["%PDF"], "gst.pdf"),
      iecCertificate: new File([], ""),
      companyRegistration: "not a file",
    });
    const files = readVerificationDocuments(posted);
    expect(Object.keys(files)).toEqual(["gstin_certificate"]);
    expect(files.gstin_certificate!.name).toBe("gst.pdf");
  });

  it("checks the verification form as the browser does: each document chosen or kept, none over 10 MB", () => {
    const read = (kept: Parameters<typeof verificationSubmissionSchema>[0], values: Record<string, string | File>) =>
      parseInput(verificationSubmissionSchema(kept), readVerificationForm(form(values)));
    expect(read([], { iecCertificate: new File([], "") })).toEqual({
      ok: false,
      status: 400,
      message: VERIFICATION_MESSAGES.missingDocument,
      fieldErrors: {
        gstinCertificate: VERIFICATION_MESSAGES.missingDocument,
        iecCertificate: VERIFICATION_MESSAGES.missingDocument,
        companyRegistration: VERIFICATION_MESSAGES.missingDocument,
      },
    });
    const huge = new File([new Uint8Array(MAX_VERIFICATION_DOCUMENT_BYTES + 1)], "huge.pdf");
    expect(read(["gstin_certificate", "company_registration"], { iecCertificate: huge })).toMatchObject({
      ok: false,
      fieldErrors: { iecCertificate: VERIFICATION_MESSAGES.tooLarge },
    });
    const chosen = read(["gstin_certificate", "company_registration"], { iecCertificate: new File(["%PDF"], "i.pdf") });
    expect(chosen.ok && Object.keys(chosen.value)).toEqual(["iec_certificate"]);
  });
});

// on both engines (test-database.ts): one submission when two tabs submit at once: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("seller verification on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let storageDir: string;
  let storage: ReturnType<typeof localDiskStorage>;
  let seller: Account;
  let otherSeller: Account;
  let buyer: Account;
  const admin: SessionUser = {
    id: "",
    email: "admin@setu.test",
    name: "Admin",
    emailVerified: true,
    isAdmin: true,
    profile: null,
  };
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  let png: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-verification-"));
    storage = localDiskStorage(storageDir);
    seller = await createSeller(database.db, { companyName: "Tiruppur Knits", verificationStatus: "pending" });
    otherSeller = await createSeller(database.db, { companyName: "Erode Weavers", verificationStatus: "pending" });
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    const adminAccount = await createBuyer(database.db, { companyName: "Setu" });
    admin.id = adminAccount.user.id;
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const fresh = async (account: Account) => ({
    ...actorOf(account),
    profile: (await findProfile(database.db, account.user.id))!,
  });

  it("saves business details for sellers only; bad input changes nothing", async () => {
    expect(await getSellerBusinessDetails(database.db, seller.user.id)).toBeNull();
    expect(await saveDetails(database.db, actorOf(buyer), form(valid), notifier)).toMatchObject({
      ok: false,
      status: 403,
    });
    // a buyer is told so before the form is read
    expect(await saveDetails(database.db, actorOf(buyer), form({ ...valid, gstin: "bad" }), notifier)).toMatchObject({
      ok: false,
      status: 403,
      message: VERIFICATION_MESSAGES.sellersOnly,
    });
    expect(await saveDetails(database.db, actorOf(seller), form(valid), notifier)).toMatchObject({ ok: true });
    const saved = await getSellerBusinessDetails(database.db, seller.user.id);
    expect(saved).toMatchObject({
      userId: seller.user.id,
      gstin: "27AAPFU0939F1ZV",
      iec: "AAPFU0939F",
      lutValidUntil: "2027-03-31",
      bankIfsc: "HDFC0001234",
      bankAccountNumber: "50100123456789",
    });

    const refused = await saveDetails(
      database.db,
      actorOf(seller),
      form({ ...valid, gstin: "27AAPFU0939F1ZW", bankName: "Another Bank" }),
      notifier,
    );
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { gstin: BUSINESS_MESSAGES.gstinChecksum } });
    expect((await getSellerBusinessDetails(database.db, seller.user.id))!.bankName).toBe("HDFC Bank");
  });

  it("submission → rejection with a reason → resubmission → approval, with history, notifications and stores", async () => {
    const store = await createStore(database.db, { sellerId: seller.user.id, verificationStatus: "pending" });
    // every document is needed the first time
    const missing = await submit(
      database.db,
      storage,
      await fresh(seller),
      form({ gstinCertificate: new File([pdf], "gst.pdf") }),
      notifier,
    );
    expect(missing).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        iecCertificate: VERIFICATION_MESSAGES.missingDocument,
        companyRegistration: VERIFICATION_MESSAGES.missingDocument,
      },
    });
    // numbers must be saved first
    await saveDetails(database.db, actorOf(otherSeller), form({ ...blank, legalName: "Erode Weavers LLP" }), notifier);
    const noNumbers = await submit(
      database.db,
      storage,
      await fresh(otherSeller),
      form({
        gstinCertificate: new File([pdf], "a.pdf"),
        iecCertificate: new File([pdf], "b.pdf"),
        companyRegistration: new File([pdf], "c.pdf"),
      }),
      notifier,
    );
    expect(noNumbers).toMatchObject({
      ok: false,
      fieldErrors: { gstin: VERIFICATION_MESSAGES.missingNumber, iec: VERIFICATION_MESSAGES.missingNumber },
    });
    // a file that is neither PDF nor image is refused, and nothing is kept
    const wrong = await submit(
      database.db,
      storage,
      await fresh(seller),
      form({
        gstinCertificate: new File([pdf], "gst.pdf"),
        iecCertificate: new File(["hello"], "iec.txt"),
        companyRegistration: new File([pdf], "c.pdf"),
      }),
      notifier,
    );
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { iecCertificate: VERIFICATION_MESSAGES.wrongType } });
    expect(
      await database.db
        .select()
        .from(verificationSubmissions)
        .where(eq(verificationSubmissions.userId, seller.user.id)),
    ).toHaveLength(0);

    const first = await submit(
      database.db,
      storage,
      await fresh(seller),
      form({
        gstinCertificate: new File([pdf], "GST certificate.pdf"),
        iecCertificate: new File([new Uint8Array(png)], "iec.png"),
        companyRegistration: new File([pdf], "incorporation.pdf"),
      }),
      notifier,
    );
    expect(first).toMatchObject({ ok: true });
    // while it waits the form asks for nothing: the command answers that it is waiting
    expect(await keptVerificationDocuments(database.db, await fresh(seller))).toEqual([
      "gstin_certificate",
      "iec_certificate",
      "company_registration",
    ]);
    expect(await submit(database.db, storage, await fresh(seller), form({}), notifier)).toMatchObject({
      ok: false,
      status: 409,
      message: VERIFICATION_MESSAGES.alreadyPending,
    });

    const queue = await listPendingVerifications(database.db, admin, sellerStoresForAccounts);
    const entry = queue.find((p) => p.companyName === "Tiruppur Knits")!;
    expect(entry.submission!.numbers.map((n) => [n.value, n.ok])).toEqual([
      ["27AAPFU0939F1ZV", true],
      ["AAPFU0939F", true],
      ["U17111TZ2010PTC012345", true],
    ]);
    expect(entry.submission!.documents.map((d) => [d.kind, d.fileName, d.contentType])).toEqual(
      expect.arrayContaining([
        ["gstin_certificate", "GST certificate.pdf", "application/pdf"],
        ["iec_certificate", "iec.webp", "image/webp"],
        ["company_registration", "incorporation.pdf", "application/pdf"],
      ]),
    );
    // a seller who has not submitted is listed without evidence
    expect(queue.find((p) => p.companyName === "Erode Weavers")!.submission).toBeNull();

    expect(
      await decide(
        database.db,
        admin,
        form({ profileId: seller.profile.id, decision: "rejected", reason: " " }),
        notifier,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { reason: "Please give a reason for the rejection" } });
    expect(
      await decide(
        database.db,
        admin,
        form({ profileId: seller.profile.id, decision: "rejected", reason: "The IEC certificate is unreadable" }),
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const rejected = await fresh(seller);
    expect(rejected.profile).toMatchObject({
      verificationStatus: "rejected",
      verificationNote: "The IEC certificate is unreadable",
    });
    expect((await keptVerificationDocuments(database.db, rejected)).sort()).toEqual(
      ["company_registration", "gstin_certificate", "iec_certificate"].sort(),
    );
    expect(await keptVerificationDocuments(database.db, await fresh(otherSeller))).toEqual([]);
    const afterReject = await getOwnVerification(database.db, rejected);
    expect(afterReject!.submissions[0]).toMatchObject({
      status: "rejected",
      reason: "The IEC certificate is unreadable",
    });

    // resubmit with a new IEC certificate only: the other two documents are carried over
    const second = await submit(
      database.db,
      storage,
      rejected,
      form({ iecCertificate: new File([pdf], "iec-clear.pdf") }),
      notifier,
    );
    expect(second).toMatchObject({ ok: true });
    expect((await fresh(seller)).profile.verificationStatus).toBe("pending");
    expect(
      await decide(database.db, admin, form({ profileId: seller.profile.id, decision: "verified" }), notifier),
    ).toMatchObject({ ok: true });

    const verified = await fresh(seller);
    expect(verified.profile.verificationStatus).toBe("verified");
    const history = (await getOwnVerification(database.db, verified))!.submissions;
    expect(history.map((s) => s.status)).toEqual(["verified", "rejected"]);
    expect(history[0]!.documents.map((d) => d.fileName).sort()).toEqual([
      "GST certificate.pdf",
      "iec-clear.pdf",
      "incorporation.pdf",
    ]);
    const [decided] = await database.db
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, history[0]!.id));
    expect(decided).toMatchObject({ decidedBy: admin.id });
    expect((await database.db.select().from(stores).where(eq(stores.id, store.id)))[0]!.verificationStatus).toBe(
      "verified",
    );
    expect(await submit(database.db, storage, verified, form({}), notifier)).toMatchObject({
      ok: false,
      status: 409,
      message: VERIFICATION_MESSAGES.alreadyVerified,
    });

    const notices = await database.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(notices.map((n) => [n.kind, n.title, n.href]).sort()).toEqual([
      ["verification_decided", "Your company is verified", "/profile"],
      ["verification_decided", "Your verification was not approved", "/profile"],
    ]);
    expect(notices.find((n) => n.title.includes("not approved"))!.body).toContain("The IEC certificate is unreadable");
    const mails = (await queuedEmails(database.db)).filter((m) => m.to === seller.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Your company is verified",
      "Your verification was not approved",
    ]);
  });

  it("serves documents to their seller and administrators only; never through /uploads", async () => {
    const [doc] = await database.db
      .select({
        id: verificationDocuments.id,
        storageKey: verificationDocuments.storageKey,
        contentType: verificationDocuments.contentType,
      })
      .from(verificationDocuments)
      .innerJoin(verificationSubmissions, eq(verificationSubmissions.id, verificationDocuments.submissionId))
      .where(eq(verificationSubmissions.userId, seller.user.id))
      .limit(1);
    const own = await serveVerificationDocument(database.db, storage, actorOf(seller), doc!.id);
    expect(own!.status).toBe(200);
    expect(own!.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect((await serveVerificationDocument(database.db, storage, admin, doc!.id))!.status).toBe(200);
    expect(await serveVerificationDocument(database.db, storage, actorOf(otherSeller), doc!.id)).toBeNull();
    expect(await serveVerificationDocument(database.db, storage, actorOf(buyer), doc!.id)).toBeNull();
    expect(await serveVerificationDocument(database.db, storage, null, doc!.id)).toBeNull();
    expect(await serveVerificationDocument(database.db, storage, admin, "not-a-uuid")).toBeNull();
    const viaUploads = await serveUpload(doc!.storageKey, { storage });
    expect(viaUploads.status).toBe(404);
  });

  it("refuses an unverified seller's quote on a verified-suppliers-only RFQ (403), takes a verified one's", async () => {
    const rfq = await createRfq(database.db, {
      buyerId: buyer.user.id,
      verifiedSuppliersOnly: true,
      deadline: dateFromToday(10),
    });
    const quote = form({ price: "1200", quantity: "100", deliveryTimeline: "30 days", terms: "" });
    const refused = await postQuote(database.db, await fresh(otherSeller), rfq.id, quote, notifier);
    expect(refused).toMatchObject({
      ok: false,
      status: 403,
      message: "This buyer accepts quotes from verified suppliers only. Get verified from your profile to quote.",
    });
    const accepted = await postQuote(database.db, await fresh(seller), rfq.id, quote, notifier);
    expect(accepted).toMatchObject({ ok: true });

    // the buyer ticks the box on Create RFQ; the page tells an unverified seller why it cannot quote
    const posted = await postRfq(
      database.db,
      actorOf(buyer),
      form({
        title: "Towels",
        category: "home-textiles",
        description: "Bath towels",
        quantity: "500",
        unit: "pieces",
        deliveryLocation: "Newark, NJ",
        deadline: dateFromToday(5),
        verifiedSuppliersOnly: "on",
      }),
    );
    expect(posted.ok).toBe(true);
    const id = posted.ok ? posted.value.id : "";
    expect(await getRfqDetail(database.db, id, await fresh(otherSeller))).toMatchObject({
      verifiedSuppliersOnly: true,
      canQuote: false,
      needsVerification: true,
    });
    expect(await getRfqDetail(database.db, id, await fresh(seller))).toMatchObject({
      canQuote: true,
      needsVerification: false,
    });
    const open = await postRfq(
      database.db,
      actorOf(buyer),
      form({
        title: "Mugs",
        category: "spices-and-food",
        description: "Mugs",
        quantity: "50",
        unit: "pieces",
        deliveryLocation: "Newark, NJ",
        deadline: dateFromToday(5),
      }),
    );
    expect(await getRfqDetail(database.db, open.ok ? open.value.id : "", await fresh(otherSeller))).toMatchObject({
      verifiedSuppliersOnly: false,
      canQuote: true,
    });
    // the buyer sees each quote's supplier verification
    const detail = await getRfqDetail(database.db, rfq.id, actorOf(buyer));
    expect(detail!.quotes.map((q) => [q.supplierCompany, q.supplierVerified])).toEqual([["Tiruppur Knits", true]]);
  });

  it("takes one submission when two tabs submit at once; the other is told it is already waiting", async () => {
    const twice = await createSeller(database.db, { companyName: "Two Tabs Exports", verificationStatus: "pending" });
    // its own numbers: those of `valid` belong to the verified Tiruppur Knits by now
    expect(
      await saveDetails(
        database.db,
        actorOf(twice),
        form({ ...valid, gstin: "29AAGCB7383J1Z4", iec: "AAGCB7383J", registrationNumber: "U17111KA2012PTC065432" }),
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const docs = () =>
      form({
        gstinCertificate: new File([pdf], "a.pdf"),
        iecCertificate: new File([pdf], "b.pdf"),
        companyRegistration: new File([pdf], "c.pdf"),
      });
    const both = await Promise.all([
      submit(database.db, storage, await fresh(twice), docs(), notifier),
      submit(database.db, storage, await fresh(twice), docs(), notifier),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ status: 409, message: VERIFICATION_MESSAGES.alreadyPending });
    expect(
      await database.db.select().from(verificationSubmissions).where(eq(verificationSubmissions.userId, twice.user.id)),
    ).toHaveLength(1);
  });
});
