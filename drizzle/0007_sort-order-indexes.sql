DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_created_idx";--> statement-breakpoint
DROP INDEX "orders_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_status_created_idx";--> statement-breakpoint
DROP INDEX "products_status_category_created_idx";--> statement-breakpoint
DROP INDEX "rfq_responses_rfq_created_idx";--> statement-breakpoint
DROP INDEX "rfq_responses_seller_created_idx";--> statement-breakpoint
DROP INDEX "rfqs_status_created_idx";--> statement-breakpoint
DROP INDEX "rfqs_buyer_created_idx";--> statement-breakpoint
DROP INDEX "stores_seller_created_idx";--> statement-breakpoint
DROP INDEX "stores_status_created_idx";--> statement-breakpoint
CREATE INDEX "products_status_category_price_min_idx" ON "products" USING btree ("status","category","price_min_cents","id");--> statement-breakpoint
CREATE INDEX "products_status_category_price_max_idx" ON "products" USING btree ("status","category","price_max_cents","id");--> statement-breakpoint
CREATE INDEX "products_status_category_name_idx" ON "products" USING btree ("status","category","name","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_created_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_category_created_idx" ON "products" USING btree ("status","category","created_at","id");--> statement-breakpoint
CREATE INDEX "rfq_responses_rfq_created_idx" ON "rfq_responses" USING btree ("rfq_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rfq_responses_seller_created_idx" ON "rfq_responses" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rfqs_status_created_idx" ON "rfqs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "rfqs_buyer_created_idx" ON "rfqs" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stores_seller_created_idx" ON "stores" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stores_status_created_idx" ON "stores" USING btree ("status","created_at","id");