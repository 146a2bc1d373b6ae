CREATE TABLE "additional_duties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_country" text DEFAULT 'IN' NOT NULL,
	"hs_prefix" text,
	"excluded_hs_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_percent" numeric(8, 4) NOT NULL,
	"description" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"source" text NOT NULL,
	CONSTRAINT "additional_duties_prefix_check" CHECK ("additional_duties"."hs_prefix" is null or "additional_duties"."hs_prefix" ~ '^[0-9]{2,10}$'),
	CONSTRAINT "additional_duties_rate_check" CHECK ("additional_duties"."rate_percent" >= 0),
	CONSTRAINT "additional_duties_dates_check" CHECK ("additional_duties"."effective_to" is null or "additional_duties"."effective_to" > "additional_duties"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "duty_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hs_prefix" text NOT NULL,
	"description" text NOT NULL,
	"rate_percent" numeric(8, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	CONSTRAINT "duty_rates_prefix_check" CHECK ("duty_rates"."hs_prefix" ~ '^[0-9]{2,10}$'),
	CONSTRAINT "duty_rates_rate_check" CHECK ("duty_rates"."rate_percent" >= 0),
	CONSTRAINT "duty_rates_dates_check" CHECK ("duty_rates"."effective_to" is null or "duty_rates"."effective_to" > "duty_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "freight_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_port" text NOT NULL,
	"destination_port" text NOT NULL,
	"mode" text NOT NULL,
	"per_kg_cents" bigint,
	"per_container_cents" bigint,
	"container_payload_kg" integer,
	"transit_days" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "freight_rates_mode_check" CHECK ("freight_rates"."mode" in ('ocean', 'air')),
	CONSTRAINT "freight_rates_price_check" CHECK ("freight_rates"."per_kg_cents" is not null or "freight_rates"."per_container_cents" is not null),
	CONSTRAINT "freight_rates_amounts_check" CHECK (("freight_rates"."per_kg_cents" is null or "freight_rates"."per_kg_cents" >= 0) and ("freight_rates"."per_container_cents" is null or "freight_rates"."per_container_cents" >= 0) and ("freight_rates"."container_payload_kg" is null or "freight_rates"."container_payload_kg" > 0)),
	CONSTRAINT "freight_rates_transit_check" CHECK ("freight_rates"."transit_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_date" date NOT NULL,
	"inr_per_usd" numeric(12, 4) NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_rate_check" CHECK ("fx_rates"."inr_per_usd" > 0),
	CONSTRAINT "fx_rates_source_check" CHECK ("fx_rates"."source" in ('fbil', 'customs', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	CONSTRAINT "ports_code_check" CHECK ("ports"."code" ~ '^[A-Z]{2}[A-Z0-9]{3}$'),
	CONSTRAINT "ports_country_check" CHECK ("ports"."country" in ('IN', 'US')),
	CONSTRAINT "ports_kind_check" CHECK ("ports"."kind" in ('sea', 'air', 'inland'))
);
--> statement-breakpoint
CREATE TABLE "product_price_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_sku" text DEFAULT '' NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	CONSTRAINT "product_price_tiers_quantity_check" CHECK ("product_price_tiers"."min_quantity" > 0),
	CONSTRAINT "product_price_tiers_price_check" CHECK ("product_price_tiers"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"rate_percent" numeric(8, 4) NOT NULL,
	"min_cents" bigint,
	"max_cents" bigint,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"source" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_fees_kind_check" CHECK ("trade_fees"."kind" in ('mpf', 'hmf', 'insurance')),
	CONSTRAINT "trade_fees_rate_check" CHECK ("trade_fees"."rate_percent" >= 0),
	CONSTRAINT "trade_fees_bounds_check" CHECK (("trade_fees"."min_cents" is null or "trade_fees"."min_cents" >= 0) and ("trade_fees"."max_cents" is null or "trade_fees"."min_cents" is null or "trade_fees"."min_cents" <= "trade_fees"."max_cents"))
);
--> statement-breakpoint
CREATE TABLE "us_zip_ports" (
	"zip3_from" text NOT NULL,
	"zip3_to" text NOT NULL,
	"port_code" text NOT NULL,
	CONSTRAINT "us_zip_ports_range_check" CHECK ("us_zip_ports"."zip3_from" ~ '^[0-9]{3}$' and "us_zip_ports"."zip3_to" ~ '^[0-9]{3}$' and "us_zip_ports"."zip3_from" <= "us_zip_ports"."zip3_to")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_port" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "incoterm" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "incoterm_place" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "incoterm_port" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "ship_mode" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "unit_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "total_minor" bigint;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "fx_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "fx_inr_per_usd" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "fx_rate_date" date;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "payment_terms_other" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "sample_available" boolean;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "sample_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD COLUMN "unit_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "destination_port" text;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_origin_port_ports_code_fk" FOREIGN KEY ("origin_port") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_destination_port_ports_code_fk" FOREIGN KEY ("destination_port") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_tiers" ADD CONSTRAINT "product_price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_fees" ADD CONSTRAINT "trade_fees_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_zip_ports" ADD CONSTRAINT "us_zip_ports_port_code_ports_code_fk" FOREIGN KEY ("port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_rates_prefix_from_idx" ON "duty_rates" USING btree ("hs_prefix","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_rates_lane_idx" ON "freight_rates" USING btree ("origin_port","destination_port","mode","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_date_source_idx" ON "fx_rates" USING btree ("rate_date","source");--> statement-breakpoint
CREATE INDEX "fx_rates_date_idx" ON "fx_rates" USING btree ("rate_date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_price_tiers_product_variant_qty_idx" ON "product_price_tiers" USING btree ("product_id","variant_sku","min_quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_fees_kind_from_idx" ON "trade_fees" USING btree ("kind","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "us_zip_ports_from_idx" ON "us_zip_ports" USING btree ("zip3_from");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hs_code_check" CHECK ("products"."hs_code" is null or "products"."hs_code" ~ '^[0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_incoterm_check" CHECK ("rfq_responses"."incoterm" is null or "rfq_responses"."incoterm" in ('EXW', 'FCA', 'FOB', 'CIF', 'DAP', 'DDP'));--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_currency_check" CHECK ("rfq_responses"."currency" in ('USD', 'INR'));--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_ship_mode_check" CHECK ("rfq_responses"."ship_mode" is null or "rfq_responses"."ship_mode" in ('ocean', 'air'));--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_payment_terms_check" CHECK ("rfq_responses"."payment_terms" is null or "rfq_responses"."payment_terms" in ('advance_100', 'advance_30_bl_70', 'lc_at_sight', 'net_30', 'net_60', 'other'));--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_hs_code_check" CHECK ("rfq_responses"."hs_code" is null or "rfq_responses"."hs_code" ~ '^[0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_terms_amounts_check" CHECK (("rfq_responses"."unit_price_minor" is null or "rfq_responses"."unit_price_minor" > 0) and ("rfq_responses"."total_minor" is null or "rfq_responses"."total_minor" > 0) and ("rfq_responses"."sample_price_minor" is null or "rfq_responses"."sample_price_minor" >= 0) and ("rfq_responses"."lead_time_days" is null or "rfq_responses"."lead_time_days" > 0) and ("rfq_responses"."unit_weight_grams" is null or "rfq_responses"."unit_weight_grams" > 0) and ("rfq_responses"."fx_inr_per_usd" is null or "rfq_responses"."fx_inr_per_usd" > 0));--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_inr_rate_check" CHECK ("rfq_responses"."currency" = 'USD' or "rfq_responses"."fx_inr_per_usd" is not null);--> statement-breakpoint
-- RFQs made before time zones close at the end of their deadline day in UTC (decision record 0002).
UPDATE "rfqs" SET "closes_at" = ("deadline" + 1)::timestamp AT TIME ZONE 'UTC' WHERE "closes_at" IS NULL;
