-- The email outbox becomes the first kind of the general job queue (docs/decisions/0007-jobs.md):
-- every queued, sent or failed message moves over with its id, attempts, timings and delivery record.
INSERT INTO "jobs" ("id", "kind", "payload", "status", "attempts", "run_at", "locked_until", "last_error", "result", "created_at", "finished_at")
SELECT
  "id",
  'email',
  jsonb_strip_nulls(jsonb_build_object('to', "to", 'replyTo', "reply_to", 'subject', "subject", 'html', "html", 'text', "text")),
  CASE "status" WHEN 'sent' THEN 'done'::job_status WHEN 'failed' THEN 'failed'::job_status ELSE 'pending'::job_status END,
  "attempts",
  "next_attempt_at",
  "locked_until",
  "last_error",
  CASE WHEN "transport" IS NULL THEN NULL
       ELSE jsonb_strip_nulls(jsonb_build_object('transport', "transport", 'providerId', "provider_id")) END,
  "created_at",
  "sent_at"
FROM "email_outbox"
ON CONFLICT ("id") DO NOTHING;
