DROP INDEX "message_reports_status_created_idx";--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "reported_user_id" text;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
UPDATE "message_reports" AS r SET "reported_user_id" = m."sender_id", "conversation_id" = m."conversation_id" FROM "messages" AS m WHERE m."id" = r."message_id";--> statement-breakpoint
ALTER TABLE "message_reports" ALTER COLUMN "reported_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_reports" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "message_reports_status_reported_idx" ON "message_reports" USING btree ("status","reported_user_id","created_at");
