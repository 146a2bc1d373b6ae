import { and, asc, desc, eq, inArray, ne, or, sql, type AnyColumn } from "drizzle-orm";
import type { z } from "zod";
import type { CommandRefusal, CommandResult } from "~/lib/command-result";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/postgres-errors";
import { user as userTable } from "~/db/schema/auth";
import { profiles, sellerBusinessDetails } from "~/db/schema/profiles";
import { verificationDocuments, verificationSubmissions } from "~/db/schema/verifications";
import { notify, type Notifier, type TranslatedEmail } from "~/modules/notifications/notifications.server";
import {
  discardPrivateFiles,
  PrivateFileRejected,
  privateFileResponse,
  storePrivateFile,
  thumbnailKey,
  type StoredPrivateFile,
} from "~/modules/uploads/private-files.server";
import { VERIFICATION_DOCUMENTS_PREFIX, type BlobStorage } from "~/modules/uploads/storage.server";
import { isUuid } from "~/lib/uuid";
import type { Actor, changeRequestDecisionSchema, SessionUser, verificationDecisionSchema } from "./accounts.schema";
import {
  checkBusinessNumbers,
  IDENTITY_NUMBER_FIELDS,
  IDENTITY_NUMBER_HELD_MESSAGES,
  MAX_VERIFICATION_DOCUMENT_BYTES,
  MISSING_NUMBER_MESSAGE,
  normalizeIdentityNumber,
  VERIFIED_DETAIL_FIELDS,
  VERIFIED_DETAIL_LABELS,
  type DetailChange,
  type IdentityNumberField,
  type VerifiedDetailField,
  VERIFICATION_DOCUMENT_FIELDS,
  VERIFICATION_DOCUMENT_KINDS,
  VERIFICATION_DOCUMENT_LABELS,
  VERIFICATION_DOCUMENT_MESSAGES,
  type BusinessDetailsInput,
  type NumberCheck,
  type VerificationDocumentFiles,
  type VerificationDocumentKind,
} from "./business-details.schema";

export type SellerBusinessDetails = typeof sellerBusinessDetails.$inferSelect;
export type VerificationResult = CommandResult;

export const VERIFICATION_MESSAGES = {
  sellersOnly: "Only supplier accounts have business details and verification",
  alreadyPending: "Your verification is already waiting for review",
  alreadyVerified: "Your company is already verified",
  missingNumber: MISSING_NUMBER_MESSAGE,
  ...VERIFICATION_DOCUMENT_MESSAGES,
  submitted: "Submitted for verification: an administrator will review your documents",
  underReview:
    "Your details are under review: legal name, address, registration numbers and bank account can change once an administrator has decided",
  changePending:
    "A change to your verified details is already waiting for review: you can send another once it is decided",
  changeSent:
    "Change sent for review: buyers and your documents keep your verified details until an administrator approves it",
  requestGone: "This change request is no longer pending",
};

/** A seller's business details (GSTIN, IEC, registration, LUT, bank), or null before they are first saved. */
export async function getSellerBusinessDetails(db: Db, sellerUserId: string): Promise<SellerBusinessDetails | null> {
  const [row] = await db
    .select()
    .from(sellerBusinessDetails)
    .where(eq(sellerBusinessDetails.userId, sellerUserId))
    .limit(1);
  return row ?? null;
}

/**
 * Only a seller has business details and verification: a buyer is told so (403) before the form is read, so the
 * route asks this first.
 */
export function refuseNonSellerVerification(actor: Actor): CommandRefusal | null {
  return actor.profile.isSeller
    ? null
    : { ok: false, status: 403, message: VERIFICATION_MESSAGES.sellersOnly, fieldErrors: {} };
}

/** The verified details of a row of seller_business_details or of a submission, field by field. */
function verifiedDetailsOf(row: Partial<Record<VerifiedDetailField, string | null>> | null) {
  return Object.fromEntries(VERIFIED_DETAIL_FIELDS.map((k) => [k, row?.[k] ?? null])) as Record<
    VerifiedDetailField,
    string | null
  >;
}

/** The verified details a request changes: each field whose requested value differs from the verified one. */
export function detailChanges(
  verified: Partial<Record<VerifiedDetailField, string | null>> | null,
  requested: Partial<Record<VerifiedDetailField, string | null>>,
): DetailChange[] {
  return VERIFIED_DETAIL_FIELDS.filter((k) => (verified?.[k] ?? null) !== (requested[k] ?? null)).map((field) => ({
    field,
    label: VERIFIED_DETAIL_LABELS[field],
    from: verified?.[field] ?? null,
    to: requested[field] ?? null,
  }));
}

/** `upper(btrim(column))`: an identity number as the indexes compare it. */
const normalized = (column: AnyColumn) => sql`upper(btrim(${column}))`;

/**
 * The identity numbers (GSTIN, IEC, company registration) of `numbers` that another, verified supplier holds, as the
 * field messages the seller reads: such a number is refused wherever a seller gives it (issue #38).
 */
export async function numbersHeldByVerifiedSuppliers(
  db: Db,
  sellerUserId: string,
  numbers: Partial<Record<IdentityNumberField, string | null>>,
): Promise<Record<string, string>> {
  const given = IDENTITY_NUMBER_FIELDS.flatMap((field) => {
    const value = normalizeIdentityNumber(numbers[field]);
    return value ? [{ field, value }] : [];
  });
  if (given.length === 0) return {};
  const rows = await db
    .select({
      gstin: normalized(sellerBusinessDetails.gstin).mapWith(String),
      iec: normalized(sellerBusinessDetails.iec).mapWith(String),
      registrationNumber: normalized(sellerBusinessDetails.registrationNumber).mapWith(String),
    })
    .from(sellerBusinessDetails)
    .innerJoin(profiles, eq(profiles.userId, sellerBusinessDetails.userId))
    .where(
      and(
        ne(sellerBusinessDetails.userId, sellerUserId),
        eq(profiles.verificationStatus, "verified"),
        or(...given.map(({ field, value }) => eq(normalized(sellerBusinessDetails[field]), value))),
      ),
    );
  const errors: Record<string, string> = {};
  for (const { field, value } of given)
    if (rows.some((r) => r[field] === value)) errors[field] = IDENTITY_NUMBER_HELD_MESSAGES[field];
  return errors;
}

/** Alerts every administrator to a request waiting on /admin/verifications (a notification and an e-mail), in `tx`. */
async function alertAdministrators(
  tx: Db,
  notifier: Notifier,
  request: { submissionId: string; companyName: string; changes: DetailChange[] | null },
): Promise<void> {
  const admins = await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.role, "admin"));
  const title = request.changes
    ? `${request.companyName} asks to change its verified details`
    : `${request.companyName} asks to be verified`;
  const body = request.changes
    ? `Requested changes: ${request.changes.map((c) => c.label).join(", ")}. The supplier stays verified on its current details until you approve or reject the change.`
    : "Its GSTIN, IEC, company registration and documents are waiting for your review.";
  for (const admin of admins)
    await notify(tx, notifier, {
      userId: admin.id,
      kind: "verification_requested",
      title,
      body,
      href: "/admin/verifications",
      eventKey: `verification-request:${request.submissionId}`,
      email: { subject: title, text: body },
    });
}

const refusal = (status: number, message: string, fieldErrors: Record<string, string> = {}): CommandRefusal => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

/**
 * Saves the acting seller's business details, as businessDetailsSchema read them from the form. What verification
 * binds (VERIFIED_DETAIL_FIELDS) is locked once verified: a change to it becomes a change request (a submission of
 * kind 'change', every administrator alerted) and the verified details stay as they are, printed on documents, until
 * an administrator approves it; while any submission waits, it cannot change at all. An identity number a verified
 * supplier holds is refused. The LUT is saved as given.
 */
export async function saveOwnBusinessDetails(
  db: Db,
  actor: Actor,
  input: BusinessDetailsInput,
  notifier: Notifier,
  now = new Date(),
): Promise<VerificationResult> {
  const refused = refuseNonSellerVerification(actor);
  if (refused) return refused;
  const held = await numbersHeldByVerifiedSuppliers(db, actor.id, input);
  if (Object.keys(held).length > 0) return refusal(409, Object.values(held)[0]!, held);
  const unlocked = { lutReference: input.lutReference, lutValidUntil: input.lutValidUntil };
  try {
    return await db.transaction(async (tx): Promise<VerificationResult> => {
      // the profile's row, locked: a decision committing meanwhile is seen (decideVerification updates it)
      const [profile] = await tx
        .select({ status: profiles.verificationStatus, companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.userId, actor.id))
        .for("update");
      const [current] = await tx
        .select()
        .from(sellerBusinessDetails)
        .where(eq(sellerBusinessDetails.userId, actor.id))
        .limit(1);
      const [pending] = await tx
        .select({ id: verificationSubmissions.id })
        .from(verificationSubmissions)
        .where(and(eq(verificationSubmissions.userId, actor.id), eq(verificationSubmissions.status, "pending")))
        .limit(1);
      const verified = profile?.status === "verified";
      const changes = detailChanges(current ?? null, input);
      if (changes.length > 0 && pending)
        return refusal(409, verified ? VERIFICATION_MESSAGES.changePending : VERIFICATION_MESSAGES.underReview);
      if (!verified) {
        await tx
          .insert(sellerBusinessDetails)
          .values({ userId: actor.id, ...input, updatedAt: now })
          .onConflictDoUpdate({ target: sellerBusinessDetails.userId, set: { ...input, updatedAt: now } });
        return { ok: true, message: "Business details saved", value: undefined };
      }
      // verified: the LUT is saved; the verified details change only when an administrator approves
      await tx
        .insert(sellerBusinessDetails)
        .values({ userId: actor.id, ...unlocked, updatedAt: now })
        .onConflictDoUpdate({ target: sellerBusinessDetails.userId, set: { ...unlocked, updatedAt: now } });
      if (changes.length === 0) return { ok: true, message: "Business details saved", value: undefined };
      const [request] = await tx
        .insert(verificationSubmissions)
        .values({ userId: actor.id, kind: "change", status: "pending", ...verifiedDetailsOf(input), submittedAt: now })
        .returning({ id: verificationSubmissions.id });
      await alertAdministrators(tx, notifier, {
        submissionId: request!.id,
        companyName: profile.companyName,
        changes,
      });
      return { ok: true, message: VERIFICATION_MESSAGES.changeSent, value: undefined };
    });
  } catch (error) {
    // two tabs at once: the partial unique index lets one request through
    if (isUniqueViolation(error)) return refusal(409, VERIFICATION_MESSAGES.changePending);
    throw error;
  }
}

export type VerificationDocumentView = {
  id: string;
  kind: VerificationDocumentKind;
  label: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
};
export type SubmissionView = {
  id: string;
  /** a first verification (or resubmission), or a verified seller's change request */
  kind: "verification" | "change";
  status: "pending" | "verified" | "rejected";
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  numbers: NumberCheck[];
  documents: VerificationDocumentView[];
};

async function documentsOf(db: Db, submissionIds: string[]): Promise<Map<string, VerificationDocumentView[]>> {
  const out = new Map<string, VerificationDocumentView[]>();
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select({
      id: verificationDocuments.id,
      submissionId: verificationDocuments.submissionId,
      kind: verificationDocuments.kind,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      sizeBytes: verificationDocuments.sizeBytes,
    })
    .from(verificationDocuments)
    .where(inArray(verificationDocuments.submissionId, submissionIds))
    .orderBy(asc(verificationDocuments.createdAt), asc(verificationDocuments.kind));
  for (const { submissionId, ...doc } of rows) {
    out.set(submissionId, [
      ...(out.get(submissionId) ?? []),
      { ...doc, label: VERIFICATION_DOCUMENT_LABELS[doc.kind] },
    ]);
  }
  return out;
}

function toSubmissionView(
  row: typeof verificationSubmissions.$inferSelect,
  documents: VerificationDocumentView[],
): SubmissionView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    numbers: checkBusinessNumbers(row),
    documents,
  };
}

/**
 * Why the verified details cannot be edited on the form now: a submission waits ('under-review', 'change-pending'),
 * or null (free to edit; a verified seller's edit is sent for review).
 */
export type DetailsLock = "under-review" | "change-pending" | null;

/**
 * The acting seller's business details (for a verified seller, the verified ones: what documents print), its
 * verification submissions newest first (history kept), and a change request waiting for review, field by field.
 */
export async function getOwnVerification(
  db: Db,
  actor: Actor,
): Promise<{
  details: SellerBusinessDetails | null;
  submissions: SubmissionView[];
  lock: DetailsLock;
  pendingChange: { submittedAt: string; changes: DetailChange[] } | null;
} | null> {
  if (!actor.profile.isSeller) return null;
  const [details, rows] = await Promise.all([
    getSellerBusinessDetails(db, actor.id),
    db
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.userId, actor.id))
      .orderBy(desc(verificationSubmissions.submittedAt), desc(verificationSubmissions.id)),
  ]);
  const docs = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  const pending = rows.find((r) => r.status === "pending");
  return {
    details,
    submissions: rows.map((r) => toSubmissionView(r, docs.get(r.id) ?? [])),
    lock: !pending ? null : pending.kind === "change" ? "change-pending" : "under-review",
    pendingChange:
      pending?.kind === "change"
        ? { submittedAt: pending.submittedAt.toISOString(), changes: detailChanges(details, pending) }
        : null,
  };
}

/**
 * The documents the verification form may leave out (verificationSubmissionSchema's `kept`): those the last
 * submission sent. Every kind while a submission waits or once the company is verified, so that whatever was
 * posted the command answers that (409), as it did before the form was checked.
 */
export async function keptVerificationDocuments(db: Db, actor: Actor): Promise<VerificationDocumentKind[]> {
  if (actor.profile.verificationStatus === "verified") return [...VERIFICATION_DOCUMENT_KINDS];
  const [latest] = await db
    .select({ id: verificationSubmissions.id, status: verificationSubmissions.status })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.userId, actor.id))
    .orderBy(desc(verificationSubmissions.submittedAt), desc(verificationSubmissions.id))
    .limit(1);
  if (!latest) return [];
  if (latest.status === "pending") return [...VERIFICATION_DOCUMENT_KINDS];
  return ((await documentsOf(db, [latest.id])).get(latest.id) ?? []).map((d) => d.kind);
}

/**
 * A seller asks to be verified: the numbers saved in Business details (legal name, GSTIN, IEC, registration) and the
 * three documents, each a newly uploaded file (`documents`, verificationSubmissionSchema's reading of the form) or, on a
 * resubmission, the one sent last time. The files are stored privately first; the submission, its document rows
 * and the profile's 'pending' state commit together, and files of a refused or failed submission are removed again.
 */
export async function submitForVerification(
  db: Db,
  storage: BlobStorage,
  actor: Actor,
  documents: VerificationDocumentFiles,
  notifier: Notifier,
  now = new Date(),
): Promise<VerificationResult> {
  const refused = refuseNonSellerVerification(actor);
  if (refused) return refused;
  const [details, [latest], [pending]] = await Promise.all([
    getSellerBusinessDetails(db, actor.id),
    db
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.userId, actor.id))
      .orderBy(desc(verificationSubmissions.submittedAt), desc(verificationSubmissions.id))
      .limit(1),
    db
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(and(eq(verificationSubmissions.userId, actor.id), eq(verificationSubmissions.status, "pending")))
      .limit(1),
  ]);
  if (actor.profile.verificationStatus === "verified")
    return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyVerified, fieldErrors: {} };
  if (pending) return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyPending, fieldErrors: {} };

  const errors: Record<string, string> = {};
  for (const key of ["legalName", "gstin", "iec", "registrationNumber"] as const)
    if (!details?.[key]) errors[key] = VERIFICATION_MESSAGES.missingNumber;
  const previous = latest ? ((await documentsOf(db, [latest.id])).get(latest.id) ?? []) : [];
  const files = new Map<VerificationDocumentKind, File>();
  for (const kind of VERIFICATION_DOCUMENT_KINDS) {
    const file = documents[kind];
    if (file) {
      if (file.size > MAX_VERIFICATION_DOCUMENT_BYTES)
        errors[VERIFICATION_DOCUMENT_FIELDS[kind]] = VERIFICATION_MESSAGES.tooLarge;
      else files.set(kind, file);
    } else if (!previous.some((d) => d.kind === kind))
      errors[VERIFICATION_DOCUMENT_FIELDS[kind]] = VERIFICATION_MESSAGES.missingDocument;
  }
  if (Object.keys(errors).length > 0)
    return { ok: false, status: 400, message: Object.values(errors)[0]!, fieldErrors: errors };
  const held = await numbersHeldByVerifiedSuppliers(db, actor.id, details!);
  if (Object.keys(held).length > 0) return refusal(409, Object.values(held)[0]!, held);

  const stored: (StoredPrivateFile & { kind: VerificationDocumentKind })[] = [];
  try {
    for (const [kind, file] of files) {
      try {
        stored.push({
          kind,
          ...(await storePrivateFile(
            storage,
            `${VERIFICATION_DOCUMENTS_PREFIX}${actor.id.replace(/[^A-Za-z0-9_-]/g, "_")}`,
            file,
            { maxBytes: MAX_VERIFICATION_DOCUMENT_BYTES, fallbackName: kind },
          )),
        });
      } catch (error) {
        if (error instanceof PrivateFileRejected) {
          await discardPrivateFiles(storage, stored);
          const field = VERIFICATION_DOCUMENT_FIELDS[kind];
          // an image with too many pixels is told why (its own message names the size), not "wrong type"
          const message =
            error.reason === "pixels"
              ? error.message
              : error.reason === "tooLarge"
                ? VERIFICATION_MESSAGES.tooLarge
                : VERIFICATION_MESSAGES.wrongType;
          return { ok: false, status: error.status, message, fieldErrors: { [field]: message } };
        }
        throw error;
      }
    }
    // the documents carried over from the last submission keep their stored file: only the record is new
    const carried = previous.length
      ? await db
          .select()
          .from(verificationDocuments)
          .where(
            and(
              eq(verificationDocuments.submissionId, latest!.id),
              inArray(
                verificationDocuments.kind,
                VERIFICATION_DOCUMENT_KINDS.filter((k) => !files.has(k)),
              ),
            ),
          )
      : [];
    await db.transaction(async (tx) => {
      const [submission] = await tx
        .insert(verificationSubmissions)
        .values({ userId: actor.id, status: "pending", ...verifiedDetailsOf(details), submittedAt: now })
        .returning({ id: verificationSubmissions.id });
      const rows = [
        ...stored.map((s) => ({
          kind: s.kind,
          storageKey: s.storageKey,
          fileName: s.fileName,
          contentType: s.contentType,
          sizeBytes: s.sizeBytes,
        })),
        ...carried.map((c) => ({
          kind: c.kind,
          storageKey: c.storageKey,
          fileName: c.fileName,
          contentType: c.contentType,
          sizeBytes: c.sizeBytes,
        })),
      ];
      await tx
        .insert(verificationDocuments)
        .values(rows.map((r) => ({ ...r, submissionId: submission!.id, uploadedBy: actor.id, createdAt: now })));
      await tx
        .update(profiles)
        .set({ verificationStatus: "pending", verificationNote: null, updatedAt: now })
        .where(eq(profiles.userId, actor.id));
      await alertAdministrators(tx, notifier, {
        submissionId: submission!.id,
        companyName: actor.profile.companyName,
        changes: null,
      });
    });
  } catch (error) {
    await discardPrivateFiles(storage, stored);
    // a second submission at the same moment: the partial unique index let only one through
    if (isUniqueViolation(error))
      return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyPending, fieldErrors: {} };
    throw error;
  }
  return { ok: true, message: VERIFICATION_MESSAGES.submitted, value: undefined };
}

/** Another account that holds one of a submission's identity numbers, as the administrator's review flags it. */
export type NumberHolder = {
  companyName: string;
  email: string;
  /** 'verified': a verified supplier's verified number; 'pending': in a submission waiting for review; 'saved': only saved in its details */
  state: "verified" | "pending" | "saved";
  /** the holder's store page, or a mail link when it has no store */
  href: string;
};
export type NumberFlag = { label: string; value: string; holders: NumberHolder[] };

const NUMBER_LABELS: Record<IdentityNumberField, string> = {
  gstin: "GSTIN",
  iec: "IEC",
  registrationNumber: "Company registration",
};

/**
 * What accounts needs of a seller's stores (record 0049): a link to a seller's store, and the stores' badge following
 * the seller's verification. Stores sits above accounts and keeps them, so the pages give it (stores'
 * `sellerStoresForAccounts`).
 */
export type SellerStores = {
  /** each of these sellers' first store (the oldest), by seller id */
  firstStoreIds(db: Db, sellerIds: readonly string[]): Promise<Map<string, string>>;
  /** the seller's stores take its verification decision, in the decision's transaction */
  followVerification(tx: Db, sellerId: string, status: "verified" | "pending", now: Date): Promise<void>;
};

/**
 * For each seller's numbers, the other accounts holding any of them: in their saved details (verified or not) or in
 * a submission waiting for review. Numbers are compared trimmed and upper case, through the expression indexes.
 * Three queries, whatever the number of sellers.
 */
export async function identityNumberFlags(
  db: Db,
  sellers: { userId: string; numbers: Partial<Record<IdentityNumberField, string | null>> }[],
  sellerStores: Pick<SellerStores, "firstStoreIds">,
): Promise<Map<string, NumberFlag[]>> {
  const out = new Map<string, NumberFlag[]>();
  const values = Object.fromEntries(
    IDENTITY_NUMBER_FIELDS.map((field) => [
      field,
      [...new Set(sellers.flatMap((s) => normalizeIdentityNumber(s.numbers[field]) ?? []))],
    ]),
  ) as Record<IdentityNumberField, string[]>;
  const matches = (columns: Record<IdentityNumberField, AnyColumn>) =>
    or(
      ...IDENTITY_NUMBER_FIELDS.filter((f) => values[f].length > 0).map((f) =>
        inArray(normalized(columns[f]), values[f]),
      ),
    );
  if (IDENTITY_NUMBER_FIELDS.every((f) => values[f].length === 0)) return out;
  const holderColumns = {
    userId: profiles.userId,
    companyName: profiles.companyName,
    profileStatus: profiles.verificationStatus,
    email: userTable.email,
  };
  const [saved, submitted] = await Promise.all([
    db
      .select({
        ...holderColumns,
        gstin: sellerBusinessDetails.gstin,
        iec: sellerBusinessDetails.iec,
        registrationNumber: sellerBusinessDetails.registrationNumber,
      })
      .from(sellerBusinessDetails)
      .innerJoin(profiles, eq(profiles.userId, sellerBusinessDetails.userId))
      .innerJoin(userTable, eq(userTable.id, profiles.userId))
      .where(matches(sellerBusinessDetails)),
    db
      .select({
        ...holderColumns,
        gstin: verificationSubmissions.gstin,
        iec: verificationSubmissions.iec,
        registrationNumber: verificationSubmissions.registrationNumber,
      })
      .from(verificationSubmissions)
      .innerJoin(profiles, eq(profiles.userId, verificationSubmissions.userId))
      .innerJoin(userTable, eq(userTable.id, profiles.userId))
      .where(and(eq(verificationSubmissions.status, "pending"), matches(verificationSubmissions))),
  ]);
  const holderIds = [...new Set([...saved, ...submitted].map((r) => r.userId))];
  const storeOf = await sellerStores.firstStoreIds(db, holderIds);
  for (const seller of sellers) {
    const flags: NumberFlag[] = [];
    for (const field of IDENTITY_NUMBER_FIELDS) {
      const value = normalizeIdentityNumber(seller.numbers[field]);
      if (!value) continue;
      const holders = new Map<string, NumberHolder>();
      const rank = { verified: 0, pending: 1, saved: 2 } as const;
      const add = (row: (typeof saved)[number], state: NumberHolder["state"]) => {
        if (row.userId === seller.userId || normalizeIdentityNumber(row[field]) !== value) return;
        const known = holders.get(row.userId);
        if (known && rank[known.state] <= rank[state]) return;
        const store = storeOf.get(row.userId);
        holders.set(row.userId, {
          companyName: row.companyName,
          email: row.email,
          state,
          href: store ? `/stores/${store}` : `mailto:${row.email}`,
        });
      };
      for (const row of saved) add(row, row.profileStatus === "verified" ? "verified" : "saved");
      for (const row of submitted) add(row, "pending");
      if (holders.size > 0)
        flags.push({
          label: NUMBER_LABELS[field],
          value,
          holders: [...holders.values()].sort((a, b) => rank[a.state] - rank[b.state]),
        });
    }
    if (flags.length > 0) out.set(seller.userId, flags);
  }
  return out;
}

export type PendingProfile = {
  id: string;
  fullName: string;
  companyName: string;
  isBuyer: boolean;
  isSeller: boolean;
  email: string;
  phone: string | null;
  createdAt: string;
  /** a seller's evidence: the pending submission, or null when the seller has not submitted any yet */
  submission: SubmissionView | null;
  /** how many earlier submissions (of this kind) were rejected */
  rejectedBefore: number;
  /** a verified seller's change request: its id and each verified detail it changes (verified → requested) */
  changeRequest: { id: string; changes: DetailChange[] } | null;
  /** the submission's identity numbers that other accounts hold */
  numberFlags: NumberFlag[];
};

/**
 * What waits for an administrator (administrators only): verified sellers' change requests, oldest first, then profiles
 * awaiting verification, oldest first, each with a seller's pending submission, its documents and the identity
 * numbers other accounts hold.
 */
export async function listPendingVerifications(
  db: Db,
  actor: SessionUser,
  sellerStores: Pick<SellerStores, "firstStoreIds">,
  limit = 100,
): Promise<PendingProfile[]> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const profileColumns = {
    id: profiles.id,
    userId: profiles.userId,
    fullName: profiles.fullName,
    companyName: profiles.companyName,
    isBuyer: profiles.isBuyer,
    isSeller: profiles.isSeller,
    phone: profiles.phone,
    createdAt: profiles.createdAt,
    email: userTable.email,
  };
  const [rows, changeRows] = await Promise.all([
    db
      .select(profileColumns)
      .from(profiles)
      .innerJoin(userTable, eq(userTable.id, profiles.userId))
      .where(eq(profiles.verificationStatus, "pending"))
      .orderBy(asc(profiles.createdAt))
      .limit(limit),
    db
      .select({ ...profileColumns, request: verificationSubmissions, verified: sellerBusinessDetails })
      .from(verificationSubmissions)
      .innerJoin(profiles, eq(profiles.userId, verificationSubmissions.userId))
      .innerJoin(userTable, eq(userTable.id, profiles.userId))
      .leftJoin(sellerBusinessDetails, eq(sellerBusinessDetails.userId, verificationSubmissions.userId))
      .where(
        and(
          eq(verificationSubmissions.status, "pending"),
          eq(verificationSubmissions.kind, "change"),
          eq(profiles.verificationStatus, "verified"),
        ),
      )
      .orderBy(asc(verificationSubmissions.submittedAt))
      .limit(limit),
  ]);
  const userIds = [...rows.filter((r) => r.isSeller).map((r) => r.userId), ...changeRows.map((r) => r.userId)];
  const submissions = userIds.length
    ? await db
        .select()
        .from(verificationSubmissions)
        .where(inArray(verificationSubmissions.userId, userIds))
        .orderBy(desc(verificationSubmissions.submittedAt))
    : [];
  const pendingByUser = new Map(
    submissions.filter((s) => s.status === "pending" && s.kind === "verification").map((s) => [s.userId, s]),
  );
  const [docs, flags] = await Promise.all([
    documentsOf(
      db,
      [...pendingByUser.values()].map((s) => s.id),
    ),
    identityNumberFlags(
      db,
      [
        ...[...pendingByUser.values()].map((s) => ({ userId: s.userId, numbers: s })),
        ...changeRows.map((r) => ({ userId: r.userId, numbers: r.request })),
      ],
      sellerStores,
    ),
  ]);
  const rejected = (userId: string, kind: "verification" | "change") =>
    submissions.filter((s) => s.userId === userId && s.kind === kind && s.status === "rejected").length;
  const changes: PendingProfile[] = changeRows.map(({ userId, request, verified, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    submission: toSubmissionView(request, []),
    rejectedBefore: rejected(userId, "change"),
    changeRequest: { id: request.id, changes: detailChanges(verified, request) },
    numberFlags: flags.get(userId) ?? [],
  }));
  return [
    ...changes,
    ...rows.map(({ userId, ...r }) => {
      const pending = pendingByUser.get(userId);
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        submission: pending ? toSubmissionView(pending, docs.get(pending.id) ?? []) : null,
        rejectedBefore: rejected(userId, "verification"),
        changeRequest: null,
        numberFlags: pending ? (flags.get(userId) ?? []) : [],
      };
    }),
  ];
}

/**
 * Marks a pending profile verified, or rejected with a reason the user reads on /profile (administrators only), as
 * verificationDecisionSchema read the form. A seller's pending submission is decided with it (an approval makes its
 * numbers the verified ones), and the seller's stores follow the decision; the user is notified (and e-mailed,
 * through the job queue). All in one transaction.
 */
export async function decideVerification(
  db: Db,
  actor: SessionUser,
  { profileId, decision, reason }: z.output<typeof verificationDecisionSchema>,
  notifier: Notifier,
  sellerStores: Pick<SellerStores, "followVerification">,
  now = new Date(),
): Promise<VerificationResult> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const decided = await db.transaction(async (tx) => {
    const [profile] = await tx
      .update(profiles)
      .set({ verificationStatus: decision, verificationNote: reason, updatedAt: now })
      .where(and(eq(profiles.id, profileId), eq(profiles.verificationStatus, "pending")))
      .returning({ userId: profiles.userId, companyName: profiles.companyName, isSeller: profiles.isSeller });
    if (!profile) return null;
    const [submission] = await tx
      .update(verificationSubmissions)
      .set({ status: decision, reason, decidedAt: now, decidedBy: actor.id })
      .where(
        and(
          eq(verificationSubmissions.userId, profile.userId),
          eq(verificationSubmissions.status, "pending"),
          eq(verificationSubmissions.kind, "verification"),
        ),
      )
      .returning();
    if (submission && decision === "verified") {
      // what was verified is what the submission holds (details are locked while it waits; this makes it so for
      // submissions from before that lock)
      await tx
        .update(sellerBusinessDetails)
        .set({
          legalName: submission.legalName,
          gstin: submission.gstin,
          iec: submission.iec,
          registrationNumber: submission.registrationNumber,
          updatedAt: now,
        })
        .where(eq(sellerBusinessDetails.userId, profile.userId));
    }
    if (profile.isSeller) {
      await sellerStores.followVerification(tx, profile.userId, decision === "verified" ? "verified" : "pending", now);
    }
    const title = decision === "verified" ? "Your company is verified" : "Your verification was not approved";
    const body =
      decision === "verified"
        ? `${profile.companyName} now shows the green Verified badge on its products, stores and quotes.`
        : `Reason: ${reason}. Correct your details or documents on your profile and submit again.`;
    const translated: TranslatedEmail =
      decision === "verified"
        ? {
            subject: "emails:verification.verified.title",
            text: "emails:verification.verified.body",
            params: { company: profile.companyName },
          }
        : {
            subject: "emails:verification.rejected.title",
            text: "emails:verification.rejected.body",
            params: { reason: reason ?? "" },
          };
    await notify(tx, notifier, {
      userId: profile.userId,
      kind: "verification_decided",
      title,
      body,
      href: "/profile",
      eventKey: `verification:${submission?.id ?? `${profileId}:${now.getTime()}`}`,
      // in the supplier's language (record 0058); the company's name and the administrator's reason as written
      translated: { title: translated.subject, body: translated.text, params: translated.params },
      email: { subject: title, text: body, translated },
    });
    return profile;
  });
  if (!decided) return { ok: false, status: 409, message: "This profile is no longer pending", fieldErrors: {} };
  return {
    ok: true,
    message: `${decided.companyName} ${decision === "verified" ? "verified" : "rejected"}`,
    value: undefined,
  };
}

/** An approved change of a seller's verified details, as what depends on them (issued documents) is told of it. */
export type ApprovedDetailsChange = {
  requestId: string;
  sellerId: string;
  companyName: string;
  changes: DetailChange[];
  approvedAt: Date;
};

/**
 * An administrator approves a verified seller's change request (its details become the verified ones, printed on
 * every document issued from now on) or rejects it with a reason (the verified details stay). The seller stays
 * verified either way and is notified; an approval also calls `onApproved` in the same transaction, for what was
 * issued under the earlier details (the route passes the export documents' notice). Administrators only.
 */
export async function decideChangeRequest(
  db: Db,
  actor: SessionUser,
  { requestId, decision, reason }: z.output<typeof changeRequestDecisionSchema>,
  notifier: Notifier,
  onApproved: (tx: Db, change: ApprovedDetailsChange) => Promise<void> = async () => {},
  now = new Date(),
): Promise<VerificationResult> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const decided = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(verificationSubmissions)
      .set({ status: decision, reason, decidedAt: now, decidedBy: actor.id })
      .where(
        and(
          eq(verificationSubmissions.id, requestId),
          eq(verificationSubmissions.kind, "change"),
          eq(verificationSubmissions.status, "pending"),
        ),
      )
      .returning();
    if (!request) return null;
    const [profile] = await tx
      .select({ companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.userId, request.userId))
      .for("update");
    const [verified] = await tx
      .select()
      .from(sellerBusinessDetails)
      .where(eq(sellerBusinessDetails.userId, request.userId))
      .for("update");
    const changes = detailChanges(verified ?? null, request);
    const companyName = profile?.companyName ?? "The supplier";
    if (decision === "verified") {
      const details = verifiedDetailsOf(request);
      await tx
        .insert(sellerBusinessDetails)
        .values({ userId: request.userId, ...details, updatedAt: now })
        .onConflictDoUpdate({ target: sellerBusinessDetails.userId, set: { ...details, updatedAt: now } });
      if (changes.length > 0)
        await onApproved(tx, { requestId, sellerId: request.userId, companyName, changes, approvedAt: now });
    }
    const changed = changes.map((c) => c.label).join(", ") || "no detail";
    const title =
      decision === "verified"
        ? "Your new business details are verified"
        : "Your change of business details was not approved";
    const body =
      decision === "verified"
        ? `Approved: ${changed}. Export documents issued from now on print the new details; documents issued before keep the earlier ones, and you and the buyer of each open order with such documents have been told.`
        : `Reason: ${reason}. Your verified details stay as they were (${changed} unchanged); you can send a corrected change from your profile.`;
    // in the supplier's language (record 0058): the fields changed by their names there, the reason as written
    const translated: TranslatedEmail = {
      subject:
        decision === "verified" ? "emails:detailsDecided.approved.title" : "emails:detailsDecided.rejected.title",
      text: decision === "verified" ? "emails:detailsDecided.approved.body" : "emails:detailsDecided.rejected.body",
      params: {
        changed: changes.length
          ? { list: changes.map((c) => ({ key: `emails:detail.${c.field}` as const })), separator: ", " }
          : { key: "emails:detail.none" },
        reason: reason ?? "",
      },
    };
    await notify(tx, notifier, {
      userId: request.userId,
      kind: "verification_decided",
      title,
      body,
      href: "/profile",
      eventKey: `verification:${request.id}`,
      translated: { title: translated.subject, body: translated.text, params: translated.params },
      email: { subject: title, text: body, translated },
    });
    return { companyName };
  });
  if (!decided) return refusal(409, VERIFICATION_MESSAGES.requestGone);
  return {
    ok: true,
    message: `${decided.companyName}: change ${decision === "verified" ? "approved" : "rejected"}`,
    value: undefined,
  };
}

/**
 * A verification document, to the seller who uploaded it and to administrators only; null (404) to anyone else and
 * for anything that does not exist.
 */
export async function serveVerificationDocument(
  db: Db,
  storage: BlobStorage,
  viewer: SessionUser | null,
  documentId: string,
  variant: "full" | "thumbnail" = "full",
): Promise<Response | null> {
  if (!viewer || !isUuid(documentId)) return null;
  const [row] = await db
    .select({
      storageKey: verificationDocuments.storageKey,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      ownerId: verificationSubmissions.userId,
    })
    .from(verificationDocuments)
    .innerJoin(verificationSubmissions, eq(verificationSubmissions.id, verificationDocuments.submissionId))
    .where(
      and(
        eq(verificationDocuments.id, documentId),
        viewer.isAdmin ? sql`true` : eq(verificationSubmissions.userId, viewer.id),
      ),
    )
    .limit(1);
  if (!row) return null;
  const key =
    variant === "thumbnail" && row.contentType === "image/webp" ? thumbnailKey(row.storageKey) : row.storageKey;
  const object = await storage.get(key);
  if (!object) return null;
  return privateFileResponse(object.bytes, row);
}
