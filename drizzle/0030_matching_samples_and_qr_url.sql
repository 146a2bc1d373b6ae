ALTER TABLE "stores" ADD COLUMN "qr_code_url" text;--> statement-breakpoint
CREATE INDEX "products_matching_sample64_idx" ON "products" USING gin ("category","search_vector") WHERE (uuid_hash("products"."id") & 63) = 0;--> statement-breakpoint
CREATE INDEX "products_matching_sample16_idx" ON "products" USING gin ("category","search_vector") WHERE (uuid_hash("products"."id") & 15) = 0;--> statement-breakpoint
CREATE INDEX "products_matching_sample4_idx" ON "products" USING gin ("category","search_vector") WHERE (uuid_hash("products"."id") & 3) = 0;