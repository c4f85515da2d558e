-- Custom SQL migration file, put your code below! --
-- Notifications are per member (issue 21 Deliver 9): each capture already announced (notified_at
-- set; until now that meant to the workspace's owner) counts as announced to everyone in its
-- workspace, so no member's next digest repeats the history. Captures not yet announced stay owed.
UPDATE "leads" l SET "notified_members" = m."members"
FROM (SELECT "workspace_id", array_agg("user_id") AS "members" FROM "workspace_members" GROUP BY "workspace_id") m
WHERE l."notified_at" IS NOT NULL AND m."workspace_id" = l."owner_id";
