-- Issue 22: the plans admins set before billing existed become manual overrides (they stay as they
-- are whatever Stripe later says), and the sessions admins unlocked keep that as their own flag.
UPDATE "workspaces" SET "manual_plan" = "plan" WHERE "plan" <> 'free';--> statement-breakpoint
UPDATE "talk_sessions" SET "admin_unlocked" = true WHERE "unlocked";
