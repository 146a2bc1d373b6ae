CREATE TABLE "muted_categories" (
	"seller_id" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "muted_categories_seller_id_category_pk" PRIMARY KEY("seller_id","category"),
	CONSTRAINT "muted_categories_category_check" CHECK (length("muted_categories"."category") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "rfq_matches" (
	"rfq_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"score" real NOT NULL,
	"product_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_matches_rfq_id_seller_id_pk" PRIMARY KEY("rfq_id","seller_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "rfq_matched" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "muted_categories" ADD CONSTRAINT "muted_categories_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_matches" ADD CONSTRAINT "rfq_matches_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_matches" ADD CONSTRAINT "rfq_matches_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfq_matches_seller_created_idx" ON "rfq_matches" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('quote_received', 'quote_accepted', 'quote_declined', 'order_status', 'new_message', 'rfq_deadline', 'rfq_matched'));