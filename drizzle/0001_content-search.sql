-- Listing search (spec 000 §5): title, content, meta description or any tag, case-insensitive,
-- served by a trigram index so "%term%" stays fast at 10,000 posts. array_to_string is only
-- STABLE, so the text is built by an IMMUTABLE wrapper that an index expression may use. Fields are
-- joined with chr(31) (unit separator), which the search term never contains, so a match cannot
-- span two fields. pg_trgm is created before migrations run (app/db/migrate.server.ts).
CREATE OR REPLACE FUNCTION posts_search_text(title text, content text, meta_description text, tags text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(title, '') || chr(31) || coalesce(content, '') || chr(31) || coalesce(meta_description, '') || chr(31) || coalesce(array_to_string(tags, chr(31)), ''))
$$;
--> statement-breakpoint
-- Selected topic tags combine with AND and compare lower-cased and trimmed (as the tag summary shows them).
CREATE OR REPLACE FUNCTION posts_tag_keys(tags text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(btrim(t))), '{}'::text[]) FROM unnest(tags) AS t
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_search_trgm_idx" ON "posts" USING gin (posts_search_text("title", "content", "meta_description", "tags") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_tag_keys_gin_idx" ON "posts" USING gin (posts_tag_keys("tags"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_title_trgm_idx" ON "posts" USING gin (lower("title") gin_trgm_ops);
