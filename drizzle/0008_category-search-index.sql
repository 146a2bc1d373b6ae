-- btree_gin lets a GIN index hold a plain column (category) beside the tsvector; trusted, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "products_category_search_idx" ON "products" USING gin ("category","search_vector");--> statement-breakpoint
DROP INDEX "products_search_vector_idx";
