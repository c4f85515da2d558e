-- The leads list searches a person's visible captures by name, email or company (issue 10,
-- app/models/lead-list.server.ts). A stored generated column holds the lower-cased text so the
-- trigram index answers "contains" searches and its re-check only reads the column (the pattern of
-- 0003 for posts). Not declared in app/db/schema.ts on purpose: inserts never set it.
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "email" || ' ' || coalesce("company", ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_text_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);
