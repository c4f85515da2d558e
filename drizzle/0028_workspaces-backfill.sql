-- Custom SQL migration file, put your code below! --
-- Every account gets a personal workspace holding exactly what it had (issue 21 Deliver 1): the
-- workspace takes the user's id, so every owner_id already names it and no work row moves. The
-- plan and retention move from the account to the workspace; notifications to the membership.
INSERT INTO "workspaces" ("id", "name", "personal", "plan", "retention_months", "created_at")
SELECT u."id", coalesce(nullif(btrim(a."display_name"), ''), u."email"), true, coalesce(a."plan", 'free'), a."retention_months", u."created_at"
FROM "users" u LEFT JOIN "accounts" a ON a."user_id" = u."id"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "lead_notify", "last_digest_at", "created_at")
SELECT u."id", u."id", 'owner', coalesce(a."lead_notify", 'instant'), a."last_digest_at", u."created_at"
FROM "users" u LEFT JOIN "accounts" a ON a."user_id" = u."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "talks" SET "workspace_id" = "user_id" WHERE "workspace_id" IS NULL;
--> statement-breakpoint
UPDATE "talk_sessions" SET "workspace_id" = "user_id" WHERE "workspace_id" IS NULL;
--> statement-breakpoint
-- Every account has a personal workspace from its first moment, however the row is written (sign-up,
-- seed, an admin tool, a test): the database makes it, with the user's id, in the same statement.
CREATE FUNCTION "lectern_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspaces" ("id", "name", "personal") VALUES (NEW."id", NEW."email", true) ON CONFLICT ("id") DO NOTHING;
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (NEW."id", NEW."id", 'owner') ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "lectern_personal_workspace"();
