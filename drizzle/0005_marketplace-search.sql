ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, category || ' ' || setu_join_words(tags)), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_status_price_min_idx" ON "products" USING btree ("status","price_min_cents","id");--> statement-breakpoint
CREATE INDEX "products_status_price_max_idx" ON "products" USING btree ("status","price_max_cents","id");--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "profiles_company_name_trgm_idx" ON "profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_name_trgm_idx" ON "stores" USING gin ("name" gin_trgm_ops);