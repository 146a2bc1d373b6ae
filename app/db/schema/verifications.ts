import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import { VERIFICATION_STATUSES, VERIFICATION_SUBMISSION_KINDS } from "../../lib/status-lists";
import { user } from "./auth";

/**
 * A seller's request to be verified (issue #26): the business numbers as they stood when submitted, the documents
 * uploaded with it, and the administrator's decision. A rejected seller submits again: a new row, so the history
 * of submissions and reasons is kept. profiles.verification_status mirrors the latest first verification's decision.
 *
 * A verified seller's change to its verified details (issue #38) is a submission of kind 'change': it holds the
 * proposed details, while seller_business_details keeps the verified ones (and the seller stays verified on them)
 * until an administrator approves it.
 */
export const verificationSubmissions = pgTable(
  "verification_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending").$type<(typeof VERIFICATION_STATUSES)[number]>(),
    // 'verification': a first verification (or a resubmission); 'change': a verified seller's change request
    kind: text("kind").notNull().default("verification").$type<(typeof VERIFICATION_SUBMISSION_KINDS)[number]>(),
    // the numbers checked, copied from seller_business_details at submission (a change request: the new ones)
    legalName: text("legal_name"),
    gstin: text("gstin"),
    iec: text("iec"),
    registrationNumber: text("registration_number"),
    // the rest of the verified details (issue #38), null on submissions from before it
    registeredAddress: text("registered_address"),
    bankAccountName: text("bank_account_name"),
    bankName: text("bank_name"),
    bankAccountNumber: text("bank_account_number"),
    bankIfsc: text("bank_ifsc"),
    bankSwift: text("bank_swift"),
    reason: text("reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("verification_submissions_status_check", isOneOf(t.status, VERIFICATION_STATUSES)),
    check("verification_submissions_kind_check", isOneOf(t.kind, VERIFICATION_SUBMISSION_KINDS)),
    check("verification_submissions_reason_check", sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    index("verification_submissions_user_idx").on(t.userId, t.submittedAt),
    // one submission under review per seller, whatever two tabs submit at once
    uniqueIndex("verification_submissions_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("verification_submissions_status_idx").on(t.status, t.submittedAt),
    // another seller's pending numbers, flagged on the administrator's review (compared as saved: trimmed, upper case)
    index("verification_submissions_pending_gstin_idx")
      .on(sql`upper(btrim(${t.gstin}))`)
      .where(sql`${t.status} = 'pending'`),
    index("verification_submissions_pending_iec_idx")
      .on(sql`upper(btrim(${t.iec}))`)
      .where(sql`${t.status} = 'pending'`),
    index("verification_submissions_pending_registration_idx")
      .on(sql`upper(btrim(${t.registrationNumber}))`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A document uploaded with a submission: stored privately, shown only to its seller and administrators. */
export const verificationDocuments = pgTable(
  "verification_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => verificationSubmissions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<"gstin_certificate" | "iec_certificate" | "company_registration">(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull().$type<"image/webp" | "application/pdf">(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "verification_documents_kind_check",
      sql`${t.kind} in ('gstin_certificate', 'iec_certificate', 'company_registration')`,
    ),
    check("verification_documents_type_check", sql`${t.contentType} in ('image/webp', 'application/pdf')`),
    index("verification_documents_submission_idx").on(t.submissionId),
  ],
);
