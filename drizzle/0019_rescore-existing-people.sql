-- Custom SQL migration file, put your code below! --
-- Scores arrived after people (issue 10 Deliver 4): queue one leads.rescore job per session that
-- already has captures, so people captured before this release get their score, band and reasons.
-- The job worker runs them like any other (app/services/lead-scoring.server.ts).
INSERT INTO "jobs" ("kind", "payload", "dedupe_key")
SELECT 'leads.rescore', jsonb_build_object('ownerId', s."user_id", 'sessionId', s."id"), 'leads.rescore:backfill:' || s."id"
FROM "talk_sessions" s
WHERE EXISTS (SELECT 1 FROM "leads" l WHERE l."session_id" = s."id")
ON CONFLICT ("dedupe_key") DO NOTHING;
