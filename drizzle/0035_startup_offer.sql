ALTER TABLE "startup_applications" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD COLUMN "offer_token_hash" text;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD COLUMN "offer_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD COLUMN "offer_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD CONSTRAINT "startup_applications_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD CONSTRAINT "startup_applications_offer_workspace_id_workspaces_id_fk" FOREIGN KEY ("offer_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_applications" ADD CONSTRAINT "startup_applications_offer_token_hash_unique" UNIQUE("offer_token_hash");