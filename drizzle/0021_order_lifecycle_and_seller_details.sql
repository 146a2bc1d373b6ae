CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_business_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"legal_name" text,
	"registered_address" text,
	"gstin" text,
	"iec" text,
	"registration_number" text,
	"lut_reference" text,
	"lut_valid_until" date,
	"bank_account_name" text,
	"bank_name" text,
	"bank_account_number" text,
	"bank_ifsc" text,
	"bank_swift" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_business_details_gstin_check" CHECK ("seller_business_details"."gstin" is null or "seller_business_details"."gstin" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
	CONSTRAINT "seller_business_details_iec_check" CHECK ("seller_business_details"."iec" is null or "seller_business_details"."iec" ~ '^[0-9A-Z]{10}$'),
	CONSTRAINT "seller_business_details_ifsc_check" CHECK ("seller_business_details"."bank_ifsc" is null or "seller_business_details"."bank_ifsc" ~ '^[A-Z]{4}0[0-9A-Z]{6}$')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "incoterm" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "incoterm_place" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "incoterm_port" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_mode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fx_inr_per_usd" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fx_rate_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms_other" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_of_lading" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_arrival" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_business_details" ADD CONSTRAINT "seller_business_details_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_created_idx" ON "order_events" USING btree ("order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_delivered_idx" ON "orders" USING btree ("status","delivered_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('USD', 'INR'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_minor_check" CHECK ("orders"."total_minor" is null or "orders"."total_minor" >= 0);--> statement-breakpoint
-- Orders from before the lifecycle: 'received' (the buyer confirmed receipt) is now 'completed'; each order takes its
-- quote's trade terms and a timeline of what is known (placed, then its current status at its last change).
UPDATE "orders" SET "status" = 'completed', "delivered_at" = "updated_at", "completed_at" = "updated_at" WHERE "status" = 'received';--> statement-breakpoint
UPDATE "orders" o SET "incoterm" = q."incoterm", "incoterm_place" = q."incoterm_place", "incoterm_port" = q."incoterm_port", "ship_mode" = q."ship_mode", "currency" = q."currency", "total_minor" = q."total_minor", "fx_inr_per_usd" = q."fx_inr_per_usd", "fx_rate_date" = q."fx_rate_date", "payment_terms" = q."payment_terms", "payment_terms_other" = q."payment_terms_other", "lead_time_days" = q."lead_time_days", "hs_code" = q."hs_code", "unit_weight_grams" = q."unit_weight_grams" FROM "rfq_responses" q WHERE q."id" = o."quote_id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "actor_id", "from_status", "to_status", "created_at") SELECT "id", "buyer_id", NULL, 'placed', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "actor_id", "from_status", "to_status", "note", "created_at")
SELECT "id", CASE "status" WHEN 'cancelled' THEN "cancelled_by" WHEN 'shipped' THEN "seller_id" ELSE "buyer_id" END, 'placed', "status", CASE WHEN "status" = 'cancelled' THEN "cancel_reason" END, "updated_at" FROM "orders" WHERE "status" <> 'placed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('placed', 'confirmed', 'declined', 'in_production', 'ready_to_ship', 'shipped', 'delivered', 'completed', 'cancelled', 'disputed'));