-- The testimonial part of the consent ledger is append-only like lead_consents (issue 33 Deliver 2,
-- ARCHITECTURE decision 16): no code path updates or deletes feedback_consents, and the database
-- refuses it too (lectern_refuse_ledger_change is migration 0005's).
CREATE TRIGGER feedback_consents_append_only BEFORE UPDATE OR DELETE ON feedback_consents FOR EACH ROW EXECUTE FUNCTION lectern_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER feedback_consents_no_truncate BEFORE TRUNCATE ON feedback_consents FOR EACH STATEMENT EXECUTE FUNCTION lectern_refuse_ledger_change();
