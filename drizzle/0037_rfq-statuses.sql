-- 'draft' and 'expired' are no RFQ statuses any more (issue #39): nothing wrote them, but a row holding one is closed first
UPDATE "rfqs" SET "status" = 'closed', "updated_at" = now() WHERE "status" IN ('draft', 'expired');--> statement-breakpoint
ALTER TABLE "rfqs" DROP CONSTRAINT "rfqs_status_check";--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('published', 'awarded', 'closed'));
