CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- The words of a product's text as the typo match knows them: lower-cased, split at anything but letters
-- and digits, 3 to 40 characters with at least one letter.
CREATE OR REPLACE FUNCTION setu_search_terms(doc text) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(lower(doc), '[^[:alnum:]]+') AS w WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]' $$;
--> statement-breakpoint
-- Adds the words of the products a statement stored or changed (once per statement, not per row). In
-- order, so that two transactions adding the same new words cannot wait on each other in a cycle.
CREATE OR REPLACE FUNCTION setu_add_search_terms() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT t FROM changed_products p, setu_search_terms(p.name || ' ' || setu_join_words(p.tags) || ' ' || p.description) AS t
    ORDER BY t
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION setu_add_search_terms();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION setu_add_search_terms();
--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT t FROM products p, setu_search_terms(p.name || ' ' || setu_join_words(p.tags) || ' ' || p.description) AS t
  ON CONFLICT DO NOTHING;
