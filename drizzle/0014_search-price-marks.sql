DROP INDEX "products_category_search_idx";--> statement-breakpoint
DROP INDEX "products_sample_search_idx";--> statement-breakpoint
DROP INDEX "products_sample64_search_idx";--> statement-breakpoint
DROP INDEX "products_sample4_search_idx";--> statement-breakpoint
CREATE INDEX "products_category_search_idx" ON "products" USING gin ("category","search_vector",setu_price_marks("price_min_cents", "price_max_cents"));--> statement-breakpoint
CREATE INDEX "products_sample_search_idx" ON "products" USING gin ("category","search_vector","seller_id",setu_price_marks("price_min_cents", "price_max_cents")) WHERE (uuid_hash("products"."id") & 15) = 0;--> statement-breakpoint
CREATE INDEX "products_sample64_search_idx" ON "products" USING gin ("category","search_vector","seller_id",setu_price_marks("price_min_cents", "price_max_cents")) WHERE (uuid_hash("products"."id") & 63) = 0;--> statement-breakpoint
CREATE INDEX "products_sample4_search_idx" ON "products" USING gin ("category","search_vector","seller_id",setu_price_marks("price_min_cents", "price_max_cents")) WHERE (uuid_hash("products"."id") & 3) = 0;