ALTER TABLE "contact_notes" DROP CONSTRAINT "contact_notes_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "crm_connections" DROP CONSTRAINT "crm_connections_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "segments" DROP CONSTRAINT "segments_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_owner_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "talk_sessions_user_starts_idx";--> statement-breakpoint
DROP INDEX "talk_sessions_user_status_idx";--> statement-breakpoint
DROP INDEX "talks_user_created_idx";--> statement-breakpoint
ALTER TABLE "talk_sessions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "talks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talk_sessions_workspace_starts_idx" ON "talk_sessions" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE INDEX "talk_sessions_workspace_status_idx" ON "talk_sessions" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "talk_sessions_user_idx" ON "talk_sessions" USING btree ("user_id","workspace_id");--> statement-breakpoint
CREATE INDEX "talks_workspace_created_idx" ON "talks" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "talks_user_idx" ON "talks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "plan";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "lead_notify";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "last_digest_at";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "retention_months";