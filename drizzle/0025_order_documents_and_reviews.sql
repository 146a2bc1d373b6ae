CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_number" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_documents_order_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "order_documents_seller_number_unique" UNIQUE("seller_id","kind","document_number"),
	CONSTRAINT "order_documents_kind_check" CHECK ("order_documents"."kind" in ('proforma_invoice', 'commercial_invoice', 'packing_list')),
	CONSTRAINT "order_documents_sha256_check" CHECK ("order_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "order_packing_details" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"packages" integer NOT NULL,
	"net_weight_grams" integer NOT NULL,
	"gross_weight_grams" integer NOT NULL,
	"length_cm" numeric(7, 1) NOT NULL,
	"width_cm" numeric(7, 1) NOT NULL,
	"height_cm" numeric(7, 1) NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_packing_details_packages_check" CHECK ("order_packing_details"."packages" > 0),
	CONSTRAINT "order_packing_details_weight_check" CHECK ("order_packing_details"."net_weight_grams" > 0 and "order_packing_details"."gross_weight_grams" >= "order_packing_details"."net_weight_grams"),
	CONSTRAINT "order_packing_details_size_check" CHECK ("order_packing_details"."length_cm" > 0 and "order_packing_details"."width_cm" > 0 and "order_packing_details"."height_cm" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"product_quality" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"on_time_delivery" smallint NOT NULL,
	"body" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_ratings_check" CHECK ("reviews"."product_quality" between 1 and 5 and "reviews"."communication" between 1 and 5 and "reviews"."on_time_delivery" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 1 and 2000),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply" is null and "reviews"."replied_at" is null) or (char_length("reviews"."reply") between 1 and 2000 and "reviews"."replied_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packing_details" ADD CONSTRAINT "order_packing_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packing_details" ADD CONSTRAINT "order_packing_details_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_seller_created_idx" ON "order_documents" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_seller_created_idx" ON "reviews" USING btree ("seller_id","created_at","id");