-- The directory's search text as a stored generated column, as posts have had since 0003: with
-- only an expression index, a trigram match re-checked each candidate by rebuilding its lower-cased
-- text from name, company, topics and signature talks (a common word at 10,000 speakers: ~14 ms on
-- Postgres, ~26 ms on PGlite, ten times the figure at 100). Stored, the re-check only reads it.
-- Not declared in app/db/schema.ts on purpose: selects never need it and inserts never set it.
ALTER TABLE "speakers" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (speakers_search_text("name", "company", "topics", "signature_talks")) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "speakers_search_text_trgm_idx" ON "speakers" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "speakers_search_trgm_idx";
