ALTER TABLE "stores" ADD COLUMN "year_founded" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "certifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "production_capacity" text;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_year_founded_check" CHECK ("stores"."year_founded" is null or "stores"."year_founded" between 1800 and 2100);