CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_topic_check" CHECK ("contact_messages"."topic" in ('general', 'sales', 'demo', 'support', 'partnership'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"rfq_id" uuid,
	"quote_id" uuid,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."unit_price_cents" >= 0 and "orders"."total_cents" >= 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('placed', 'shipped', 'received', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_min_cents" bigint NOT NULL,
	"price_max_cents" bigint NOT NULL,
	"minimum_order_quantity" integer DEFAULT 1 NOT NULL,
	"unit" text DEFAULT 'pieces' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_min_cents" >= 0 and "products"."price_min_cents" <= "products"."price_max_cents"),
	CONSTRAINT "products_moq_check" CHECK ("products"."minimum_order_quantity" > 0),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'inactive')),
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('electronics', 'machinery', 'textiles', 'chemicals', 'automotive', 'food')),
	CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"company_name" text NOT NULL,
	"phone" text,
	"user_type" text DEFAULT 'buyer' NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"verification_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "profiles_user_type_check" CHECK ("profiles"."user_type" in ('buyer', 'seller')),
	CONSTRAINT "profiles_verification_status_check" CHECK ("profiles"."verification_status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rfq_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"delivery_timeline" text NOT NULL,
	"terms" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_responses_price_check" CHECK ("rfq_responses"."price_cents" > 0),
	CONSTRAINT "rfq_responses_quantity_check" CHECK ("rfq_responses"."quantity" > 0),
	CONSTRAINT "rfq_responses_status_check" CHECK ("rfq_responses"."status" in ('submitted', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'pieces' NOT NULL,
	"budget_min_cents" bigint,
	"budget_max_cents" bigint,
	"deadline" date NOT NULL,
	"delivery_location" text NOT NULL,
	"specifications" jsonb,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_quantity_check" CHECK ("rfqs"."quantity" > 0),
	CONSTRAINT "rfqs_budget_check" CHECK (("rfqs"."budget_min_cents" is null or "rfqs"."budget_min_cents" >= 0) and ("rfqs"."budget_max_cents" is null or "rfqs"."budget_max_cents" >= 0) and ("rfqs"."budget_min_cents" is null or "rfqs"."budget_max_cents" is null or "rfqs"."budget_min_cents" <= "rfqs"."budget_max_cents")),
	CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('draft', 'published', 'awarded', 'closed', 'expired')),
	CONSTRAINT "rfqs_category_check" CHECK ("rfqs"."category" in ('electronics', 'machinery', 'automotive', 'textiles', 'chemicals', 'food')),
	CONSTRAINT "rfqs_unit_check" CHECK ("rfqs"."unit" in ('pieces', 'kg', 'tons', 'liters', 'meters', 'sets'))
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"category_tab" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_store_product_unique" UNIQUE("store_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"phone" text,
	"email" text,
	"website" text,
	"address" jsonb DEFAULT '{"country":"India"}'::jsonb NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"business_hours" jsonb,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"qr_code_data" text,
	"hero_banner" text,
	"logo_url" text,
	"banner_url" text,
	"tagline" text,
	"primary_color" text DEFAULT '#3b82f6' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_tabs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"store_layout" jsonb DEFAULT '{"layout_type":"sections","hero_section":true,"category_tabs":true}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_status_check" CHECK ("stores"."status" in ('active', 'hidden')),
	CONSTRAINT "stores_primary_color_check" CHECK ("stores"."primary_color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_rfq_responses_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."rfq_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_responses" ADD CONSTRAINT "rfq_responses_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_status_created_idx" ON "products" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_status_category_created_idx" ON "products" USING btree ("status","category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_verification_status_idx" ON "profiles" USING btree ("verification_status","created_at");--> statement-breakpoint
CREATE INDEX "rfq_responses_rfq_created_idx" ON "rfq_responses" USING btree ("rfq_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfq_responses_seller_created_idx" ON "rfq_responses" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_status_created_idx" ON "rfqs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_buyer_created_idx" ON "rfqs" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_status_deadline_idx" ON "rfqs" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "store_products_store_order_idx" ON "store_products" USING btree ("store_id","display_order");--> statement-breakpoint
CREATE INDEX "store_products_product_idx" ON "store_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stores_seller_created_idx" ON "stores" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stores_status_created_idx" ON "stores" USING btree ("status","created_at" DESC NULLS LAST);