ALTER TABLE "rfq_responses" DROP CONSTRAINT "rfq_responses_status_check";--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "supersedes_id" uuid;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_supersedes_id_rfq_responses_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."rfq_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- a seller who quoted twice before this rule keeps its newest quote live; the older ones become its history
UPDATE "rfq_responses" AS older SET "status" = 'superseded'
WHERE older."status" = 'submitted'
  AND EXISTS (
    SELECT 1 FROM "rfq_responses" AS newer
    WHERE newer."rfq_id" = older."rfq_id" AND newer."seller_id" = older."seller_id" AND newer."status" = 'submitted'
      AND (newer."created_at", newer."id") > (older."created_at", older."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_responses_one_live_idx" ON "rfq_responses" USING btree ("rfq_id","seller_id") WHERE "rfq_responses"."status" = 'submitted';--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_status_check" CHECK ("rfq_responses"."status" in ('submitted', 'accepted', 'declined', 'withdrawn', 'superseded'));