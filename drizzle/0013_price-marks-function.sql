-- A product's price marks (see priceMarks in app/db/schema/products.ts): each threshold of a 1-2-5 series
-- from $1 to $50,000 (in cents) its lowest price reaches (t), and each its highest price stays within (-t).
-- In the full-text indexes beside the words, so that a text search with a price bound intersects the two in
-- the index instead of reading and discarding the rows outside the bound. Changing the series means new indexes.
CREATE OR REPLACE FUNCTION setu_price_marks(min_cents bigint, max_cents bigint) RETURNS integer[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT ARRAY(SELECT t FROM unnest('{100,200,500,1000,2000,5000,10000,20000,50000,100000,200000,500000,1000000,2000000,5000000}'::integer[]) AS t WHERE t <= min_cents)
        || ARRAY(SELECT -t FROM unnest('{100,200,500,1000,2000,5000,10000,20000,50000,100000,200000,500000,1000000,2000000,5000000}'::integer[]) AS t WHERE t >= max_cents)
  $$;
