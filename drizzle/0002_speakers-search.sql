-- Speaker directory search (spec 000 §2; ARCHITECTURE decision 5): free text matches the name,
-- the company or a topic (a directory topic, or a signature talk's title or tag), case-insensitive,
-- served by a trigram index so "%term%" stays fast at 10,000 speakers. array_to_string is only
-- STABLE, so the text is built by an IMMUTABLE wrapper that an index expression may use. Fields are
-- joined with chr(31) (unit separator), which the search term never contains, so a match cannot
-- span two fields. Topic values also appear with spaces ("digital transformation").
CREATE OR REPLACE FUNCTION speakers_search_text(name text, company text, topics text[], signature_talks jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(
    coalesce(name, '') || chr(31) || coalesce(company, '') || chr(31)
    || replace(coalesce(array_to_string(topics, chr(31)), ''), '-', ' ') || chr(31)
    || coalesce(array_to_string(topics, chr(31)), '') || chr(31)
    || coalesce(jsonb_path_query_array(signature_talks, '$[*].title')::text, '') || chr(31)
    || coalesce(jsonb_path_query_array(signature_talks, '$[*].tag')::text, '')
  )
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "speakers_search_trgm_idx" ON "speakers" USING gin (speakers_search_text("name", "company", "topics", "signature_talks") gin_trgm_ops);
--> statement-breakpoint
-- The directory pages newest first with id as the tie-break; this index serves that order directly.
CREATE INDEX IF NOT EXISTS "speakers_published_created_id_idx" ON "speakers" ("is_published", "created_at" DESC, "id" DESC);
