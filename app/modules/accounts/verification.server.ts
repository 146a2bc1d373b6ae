import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CommandRefusal, CommandResult } from "~/lib/command-result";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/postgres-errors";
import { user as userTable } from "~/db/schema/auth";
import { profiles, sellerBusinessDetails } from "~/db/schema/profiles";
import { stores } from "~/db/schema/stores";
import { verificationDocuments, verificationSubmissions } from "~/db/schema/verifications";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
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
import type { Actor, SessionUser, verificationDecisionSchema } from "./accounts.schema";
import {
  checkBusinessNumbers,
  MAX_VERIFICATION_DOCUMENT_BYTES,
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
  missingNumber: "Fill in and save this in Business details before submitting",
  ...VERIFICATION_DOCUMENT_MESSAGES,
  submitted: "Submitted for verification: an administrator will review your documents",
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
  return actor.profile.userType === "seller"
    ? null
    : { ok: false, status: 403, message: VERIFICATION_MESSAGES.sellersOnly, fieldErrors: {} };
}

/** Saves the acting seller's business details, as businessDetailsSchema read them from the form. */
export async function saveOwnBusinessDetails(
  db: Db,
  actor: Actor,
  input: BusinessDetailsInput,
  now = new Date(),
): Promise<VerificationResult> {
  const refused = refuseNonSellerVerification(actor);
  if (refused) return refused;
  await db
    .insert(sellerBusinessDetails)
    .values({ userId: actor.id, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: sellerBusinessDetails.userId, set: { ...input, updatedAt: now } });
  return { ok: true, message: "Business details saved", value: undefined };
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
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    numbers: checkBusinessNumbers(row),
    documents,
  };
}

/** The acting seller's business details and verification submissions, newest first (history kept). */
export async function getOwnVerification(
  db: Db,
  actor: Actor,
): Promise<{ details: SellerBusinessDetails | null; submissions: SubmissionView[] } | null> {
  if (actor.profile.userType !== "seller") return null;
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
  return { details, submissions: rows.map((r) => toSubmissionView(r, docs.get(r.id) ?? [])) };
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
          const message =
            error.reason === "tooLarge" ? VERIFICATION_MESSAGES.tooLarge : VERIFICATION_MESSAGES.wrongType;
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
        .values({
          userId: actor.id,
          status: "pending",
          legalName: details!.legalName,
          gstin: details!.gstin,
          iec: details!.iec,
          registrationNumber: details!.registrationNumber,
          submittedAt: now,
        })
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

export type PendingProfile = {
  id: string;
  fullName: string;
  companyName: string;
  userType: string;
  email: string;
  phone: string | null;
  createdAt: string;
  /** a seller's evidence: the pending submission, or null when the seller has not submitted any yet */
  submission: SubmissionView | null;
  /** how many earlier submissions were rejected */
  rejectedBefore: number;
};

/** Profiles awaiting verification, oldest first, with a seller's pending submission and documents (administrators only). Three queries. */
export async function listPendingVerifications(db: Db, actor: SessionUser, limit = 100): Promise<PendingProfile[]> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const rows = await db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      userType: profiles.userType,
      phone: profiles.phone,
      createdAt: profiles.createdAt,
      email: userTable.email,
    })
    .from(profiles)
    .innerJoin(userTable, eq(userTable.id, profiles.userId))
    .where(eq(profiles.verificationStatus, "pending"))
    .orderBy(asc(profiles.createdAt))
    .limit(limit);
  const userIds = rows.filter((r) => r.userType === "seller").map((r) => r.userId);
  const submissions = userIds.length
    ? await db
        .select()
        .from(verificationSubmissions)
        .where(inArray(verificationSubmissions.userId, userIds))
        .orderBy(desc(verificationSubmissions.submittedAt))
    : [];
  const pendingByUser = new Map(submissions.filter((s) => s.status === "pending").map((s) => [s.userId, s]));
  const docs = await documentsOf(
    db,
    [...pendingByUser.values()].map((s) => s.id),
  );
  return rows.map(({ userId, ...r }) => {
    const pending = pendingByUser.get(userId);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      submission: pending ? toSubmissionView(pending, docs.get(pending.id) ?? []) : null,
      rejectedBefore: submissions.filter((s) => s.userId === userId && s.status === "rejected").length,
    };
  });
}

/**
 * Marks a pending profile verified, or rejected with a reason the user reads on /profile (administrators only), as
 * verificationDecisionSchema read the form. A seller's pending submission is decided with it, and the seller's
 * stores follow the decision; the user is notified (and e-mailed, through the job queue). All in one transaction.
 */
export async function decideVerification(
  db: Db,
  actor: SessionUser,
  { profileId, decision, reason }: z.output<typeof verificationDecisionSchema>,
  notifier: Notifier,
  now = new Date(),
): Promise<VerificationResult> {
  if (!actor.isAdmin) throw new Error("not an administrator");
  const decided = await db.transaction(async (tx) => {
    const [profile] = await tx
      .update(profiles)
      .set({ verificationStatus: decision, verificationNote: reason, updatedAt: now })
      .where(and(eq(profiles.id, profileId), eq(profiles.verificationStatus, "pending")))
      .returning({ userId: profiles.userId, companyName: profiles.companyName, userType: profiles.userType });
    if (!profile) return null;
    const [submission] = await tx
      .update(verificationSubmissions)
      .set({ status: decision, reason, decidedAt: now, decidedBy: actor.id })
      .where(and(eq(verificationSubmissions.userId, profile.userId), eq(verificationSubmissions.status, "pending")))
      .returning({ id: verificationSubmissions.id });
    if (profile.userType === "seller") {
      await tx
        .update(stores)
        .set({ verificationStatus: decision === "verified" ? "verified" : "pending", updatedAt: now })
        .where(eq(stores.sellerId, profile.userId));
    }
    const title = decision === "verified" ? "Your company is verified" : "Your verification was not approved";
    const body =
      decision === "verified"
        ? `${profile.companyName} now shows the green Verified badge on its products, stores and quotes.`
        : `Reason: ${reason}. Correct your details or documents on your profile and submit again.`;
    await notify(tx, notifier, {
      userId: profile.userId,
      kind: "verification_decided",
      title,
      body,
      href: "/profile",
      eventKey: `verification:${submission?.id ?? `${profileId}:${now.getTime()}`}`,
      email: { subject: title, text: body },
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
