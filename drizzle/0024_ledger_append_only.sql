-- The escrow ledger is append-only (decision record 0028): an entry is never changed. Deleting stays possible only
-- through the cascade of deleting its order's user (account deletion), which removes the order's history with it.
CREATE OR REPLACE FUNCTION ledger_entries_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_update();
