CREATE TABLE "resend_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_domains" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"domain" text NOT NULL,
	"resend_domain_id" text NOT NULL,
	"status" text NOT NULL,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sending_domains_resend_domain_id_unique" UNIQUE("resend_domain_id")
);
--> statement-breakpoint
CREATE TABLE "sending_pauses" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"complaints" integer NOT NULL,
	"sends" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_pauses" ADD CONSTRAINT "sending_pauses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resend_webhook_events_created_idx" ON "resend_webhook_events" USING btree ("created_at");