ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name || ' ' || category || ' ' || setu_join_words(tags))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "products_title_search_idx" ON "products" USING gin ("title_vector");