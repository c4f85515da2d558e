-- One person per (owner, email) for the captures stored before the leads workspace (issue 10):
-- details from the latest capture, first and last seen from the earliest and latest.
INSERT INTO "contacts" ("owner_id", "email", "first_name", "company", "job_title", "marketing_consent", "first_seen_at", "last_seen_at", "created_at", "updated_at")
SELECT DISTINCT ON ("owner_id", "email")
  "owner_id", "email", "first_name", "company", "job_title", "marketing_consent",
  min("created_at") OVER (PARTITION BY "owner_id", "email"),
  max("updated_at") OVER (PARTITION BY "owner_id", "email"),
  min("created_at") OVER (PARTITION BY "owner_id", "email"),
  now()
FROM "leads"
ORDER BY "owner_id", "email", "updated_at" DESC
ON CONFLICT ("owner_id", "email") DO NOTHING;
--> statement-breakpoint
UPDATE "leads" SET "contact_id" = "contacts"."id"
FROM "contacts"
WHERE "contacts"."owner_id" = "leads"."owner_id" AND "contacts"."email" = "leads"."email" AND "leads"."contact_id" IS NULL;
--> statement-breakpoint
INSERT INTO "lead_events" ("owner_id", "contact_id", "lead_id", "type", "data", "created_at")
SELECT "owner_id", "contact_id", "id", 'captured', jsonb_build_object('sessionId', "session_id"), "created_at"
FROM "leads";
