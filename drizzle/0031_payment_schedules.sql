ALTER TABLE "disputes" DROP CONSTRAINT "disputes_decision_check";--> statement-breakpoint
ALTER TABLE "payment_milestones" DROP CONSTRAINT "payment_milestones_condition_check";--> statement-breakpoint
ALTER TABLE "payment_milestones" DROP CONSTRAINT "payment_milestones_state_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "settlement_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD COLUMN "due_days" integer;--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD COLUMN "off_platform_reference" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_settlement_check" CHECK ("disputes"."settlement_cents" is null or "disputes"."settlement_cents" >= 0);--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decision_check" CHECK ("disputes"."decision" is null or "disputes"."decision" in ('release', 'partial_refund', 'full_refund', 'settled_off_platform'));--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_due_days_check" CHECK ("payment_milestones"."due_days" is null or "payment_milestones"."due_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_condition_check" CHECK ("payment_milestones"."condition" in ('on_confirmation', 'against_bill_of_lading', 'on_delivery', 'net_after_delivery', 'letter_of_credit'));--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_state_check" CHECK ("payment_milestones"."state" in ('awaiting_funds', 'processing', 'held', 'released', 'refunded', 'void', 'off_platform'));