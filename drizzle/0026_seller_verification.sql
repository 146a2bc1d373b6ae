CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_kind_check" CHECK ("verification_documents"."kind" in ('gstin_certificate', 'iec_certificate', 'company_registration')),
	CONSTRAINT "verification_documents_type_check" CHECK ("verification_documents"."content_type" in ('image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "verification_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"legal_name" text,
	"gstin" text,
	"iec" text,
	"registration_number" text,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "verification_submissions_status_check" CHECK ("verification_submissions"."status" in ('pending', 'verified', 'rejected')),
	CONSTRAINT "verification_submissions_reason_check" CHECK ("verification_submissions"."status" <> 'rejected' or "verification_submissions"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "verification" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "verified_suppliers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_submission_id_verification_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."verification_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_submission_idx" ON "verification_documents" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "verification_submissions_user_idx" ON "verification_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_submissions_one_pending_idx" ON "verification_submissions" USING btree ("user_id") WHERE "verification_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_submissions_status_idx" ON "verification_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_accepted', 'quote_declined', 'order_status', 'new_message', 'rfq_deadline', 'rfq_matched', 'verification_decided'));