import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "../sql-helpers";
import { VERIFICATION_STATUSES } from "../../lib/status-lists";
import { user } from "./auth";

/**
 * A seller's request to be verified (issue #26): the business numbers as they stood when submitted, the documents
 * uploaded with it, and the administrator's decision. A rejected seller submits again: a new row, so the history
 * of submissions and reasons is kept. profiles.verification_status mirrors the latest decision.
 */
export const verificationSubmissions = pgTable(
  "verification_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending").$type<(typeof VERIFICATION_STATUSES)[number]>(),
    // the numbers checked, copied from seller_business_details at submission
    legalName: text("legal_name"),
    gstin: text("gstin"),
    iec: text("iec"),
    registrationNumber: text("registration_number"),
    reason: text("reason"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("verification_submissions_status_check", isOneOf(t.status, VERIFICATION_STATUSES)),
    check("verification_submissions_reason_check", sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    index("verification_submissions_user_idx").on(t.userId, t.submittedAt),
    // one submission under review per seller, whatever two tabs submit at once
    uniqueIndex("verification_submissions_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("verification_submissions_status_idx").on(t.status, t.submittedAt),
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
