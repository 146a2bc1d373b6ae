CREATE TABLE "simulator_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_charges_status_check" CHECK ("simulator_charges"."status" in ('succeeded', 'failed', 'void'))
);
--> statement-breakpoint
CREATE INDEX "payment_charges_pending_idx" ON "payment_charges" USING btree ("created_at") WHERE "payment_charges"."status" = 'pending';