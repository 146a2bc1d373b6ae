-- array_to_string is only STABLE, so a generated column cannot call it directly.
-- Joining a text[] with spaces never depends on settings, so this wrapper is safely IMMUTABLE.
CREATE OR REPLACE FUNCTION setu_join_words(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;
