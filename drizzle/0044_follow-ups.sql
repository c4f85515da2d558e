CREATE TYPE "public"."follow_up_recipient_status" AS ENUM('queued', 'sent', 'delivered', 'bounced', 'complained', 'failed');--> statement-breakpoint
CREATE TYPE "public"."follow_up_source" AS ENUM('session', 'talk', 'event', 'segment');--> statement-breakpoint
CREATE TYPE "public"."follow_up_status" AS ENUM('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'partly_sent');--> statement-breakpoint
CREATE TYPE "public"."email_suppression_reason" AS ENUM('bounced', 'complained', 'unsubscribed');--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" "email_suppression_reason" NOT NULL,
	"follow_up_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follow_up_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text,
	"first_name" text,
	"batch" integer NOT NULL,
	"status" "follow_up_recipient_status" DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"complained_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_recipients_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"runner_id" uuid,
	"source" "follow_up_source" NOT NULL,
	"source_id" uuid NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"status" "follow_up_status" DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"scheduled_at" timestamp with time zone,
	"time_zone" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"batch_count" integer DEFAULT 0 NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"reply_to" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"auto_session_id" uuid,
	"delay_hours" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_consents" ALTER COLUMN "submission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "withdrawn_via" text;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "follow_up_id" uuid;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_recipients" ADD CONSTRAINT "follow_up_recipients_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_recipients" ADD CONSTRAINT "follow_up_recipients_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_auto_session_id_talk_sessions_id_fk" FOREIGN KEY ("auto_session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_owner_email_reason_uq" ON "email_suppressions" USING btree ("owner_id","email","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_recipients_follow_up_contact_uq" ON "follow_up_recipients" USING btree ("follow_up_id","contact_id");--> statement-breakpoint
CREATE INDEX "follow_up_recipients_batch_idx" ON "follow_up_recipients" USING btree ("follow_up_id","batch");--> statement-breakpoint
CREATE INDEX "follow_up_recipients_contact_idx" ON "follow_up_recipients" USING btree ("owner_id","contact_id");--> statement-breakpoint
CREATE INDEX "follow_up_recipients_provider_idx" ON "follow_up_recipients" USING btree ("provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE INDEX "follow_ups_owner_created_idx" ON "follow_ups" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_due_idx" ON "follow_ups" USING btree ("scheduled_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_auto_session_uq" ON "follow_ups" USING btree ("auto_session_id") WHERE automatic;