DROP INDEX "products_sample_search_idx";--> statement-breakpoint
DROP INDEX "products_sample64_search_idx";--> statement-breakpoint
DROP INDEX "products_sample4_search_idx";--> statement-breakpoint
DROP INDEX "products_category_search_idx";--> statement-breakpoint
CREATE INDEX "products_category_search_idx" ON "products" USING gin ("category","search_vector");--> statement-breakpoint
-- The price marks (migration 0013) went with the indexes that held them (decision record 0034).
DROP FUNCTION IF EXISTS setu_price_marks(bigint, bigint);
