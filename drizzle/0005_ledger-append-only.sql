-- The consent ledger is append-only (issue 9 Deliver 6, ARCHITECTURE decision 16): no code path
-- updates or deletes lead_consents or consent_texts, and the database refuses it too.
CREATE OR REPLACE FUNCTION lectern_refuse_ledger_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The consent ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER lead_consents_append_only BEFORE UPDATE OR DELETE ON lead_consents FOR EACH ROW EXECUTE FUNCTION lectern_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER lead_consents_no_truncate BEFORE TRUNCATE ON lead_consents FOR EACH STATEMENT EXECUTE FUNCTION lectern_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER consent_texts_append_only BEFORE UPDATE OR DELETE ON consent_texts FOR EACH ROW EXECUTE FUNCTION lectern_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER consent_texts_no_truncate BEFORE TRUNCATE ON consent_texts FOR EACH STATEMENT EXECUTE FUNCTION lectern_refuse_ledger_change();
