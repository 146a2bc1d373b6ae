CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"store_id" uuid,
	"status" text DEFAULT 'checked' NOT NULL,
	"file_name" text NOT NULL,
	"zip_path" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"left_unchanged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_status_check" CHECK ("catalogue_imports"."status" in ('checked', 'queued', 'running', 'done', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_seller_created_idx" ON "catalogue_imports" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_imports_one_running_idx" ON "catalogue_imports" USING btree ("seller_id") WHERE "catalogue_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "products_seller_sku_idx" ON "products" USING btree ("seller_id",("specifications" ->> 'base_sku'));