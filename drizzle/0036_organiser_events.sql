CREATE TYPE "public"."event_recipients" AS ENUM('organiser', 'speaker', 'both');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
ALTER TYPE "public"."workspace_role" ADD VALUE 'speaker';--> statement-breakpoint
CREATE TABLE "event_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_speakers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"claimed_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"locked_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"time_zone" text NOT NULL,
	"venue" text,
	"city" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"status" "event_status" DEFAULT 'draft' NOT NULL,
	"recipients" "event_recipients" DEFAULT 'organiser' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "recipients" text[];--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "share_hash" text;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "share_consent" boolean;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "to_organiser" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "to_speaker" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "room_id" uuid;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "speaker_id" uuid;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "locked_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD COLUMN "speaker_id" uuid;--> statement-breakpoint
ALTER TABLE "event_imports" ADD CONSTRAINT "event_imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_imports" ADD CONSTRAINT "event_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rooms" ADD CONSTRAINT "event_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_speakers" ADD CONSTRAINT "event_speakers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_speakers" ADD CONSTRAINT "event_speakers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_imports_event_idx" ON "event_imports" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rooms_event_name_uq" ON "event_rooms" USING btree ("event_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "event_speakers_workspace_email_uq" ON "event_speakers" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_speakers_workspace_slug_uq" ON "event_speakers" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE INDEX "event_speakers_user_idx" ON "event_speakers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_workspace_starts_idx" ON "events" USING btree ("workspace_id","starts_on");--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_share_hash_consent_texts_hash_fk" FOREIGN KEY ("share_hash") REFERENCES "public"."consent_texts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD CONSTRAINT "talk_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD CONSTRAINT "talk_sessions_room_id_event_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."event_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD CONSTRAINT "talk_sessions_speaker_id_event_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."event_speakers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_speaker_id_event_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."event_speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_withheld_idx" ON "leads" USING btree ("owner_id") WHERE not to_organiser;--> statement-breakpoint
CREATE INDEX "talk_sessions_event_starts_idx" ON "talk_sessions" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "talk_sessions_speaker_idx" ON "talk_sessions" USING btree ("speaker_id");