ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "kind" text DEFAULT 'verification' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "registered_address" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "bank_swift" text;--> statement-breakpoint
CREATE INDEX "seller_business_details_gstin_idx" ON "seller_business_details" USING btree (upper(btrim("gstin")));--> statement-breakpoint
CREATE INDEX "seller_business_details_iec_idx" ON "seller_business_details" USING btree (upper(btrim("iec")));--> statement-breakpoint
CREATE INDEX "seller_business_details_registration_idx" ON "seller_business_details" USING btree (upper(btrim("registration_number")));--> statement-breakpoint
CREATE INDEX "verification_submissions_pending_gstin_idx" ON "verification_submissions" USING btree (upper(btrim("gstin"))) WHERE "verification_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_submissions_pending_iec_idx" ON "verification_submissions" USING btree (upper(btrim("iec"))) WHERE "verification_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_submissions_pending_registration_idx" ON "verification_submissions" USING btree (upper(btrim("registration_number"))) WHERE "verification_submissions"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_accepted', 'quote_declined', 'order_status', 'new_message', 'rfq_deadline', 'rfq_matched', 'verification_decided', 'verification_requested'));--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_kind_check" CHECK ("verification_submissions"."kind" in ('verification', 'change'));