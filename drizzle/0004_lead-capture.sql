CREATE TYPE "public"."lead_notify" AS ENUM('instant', 'hourly', 'daily', 'off');--> statement-breakpoint
CREATE TYPE "public"."offer_kind" AS ENUM('none', 'file', 'url');--> statement-breakpoint
CREATE TYPE "public"."plan" AS ENUM('free', 'solo', 'pro', 'teams', 'organiser');--> statement-breakpoint
CREATE TYPE "public"."session_view_kind" AS ENUM('scan', 'visit');--> statement-breakpoint
CREATE TYPE "public"."talk_session_status" AS ENUM('draft', 'live', 'closed');--> statement-breakpoint
CREATE TABLE "accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" "plan" DEFAULT 'free' NOT NULL,
	"lead_notify" "lead_notify" DEFAULT 'instant' NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_texts" (
	"hash" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"notice_hash" text NOT NULL,
	"marketing_hash" text,
	"marketing_consent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_erasures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"company" text,
	"job_title" text,
	"phone" text,
	"linkedin_url" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"erase_token_hash" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_erase_token_hash_unique" UNIQUE("erase_token_hash")
);
--> statement-breakpoint
CREATE TABLE "session_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" "session_view_kind" NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talk_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"talk_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" "talk_session_status" DEFAULT 'draft' NOT NULL,
	"event_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"city" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"audience_size" integer,
	"headline" text DEFAULT '' NOT NULL,
	"offer_title" text DEFAULT '' NOT NULL,
	"offer_promise" text DEFAULT '' NOT NULL,
	"offer_kind" "offer_kind" DEFAULT 'none' NOT NULL,
	"offer_url" text,
	"offer_file_key" text,
	"offer_file_name" text,
	"offer_file_type" text,
	"offer_file_size" integer,
	"fields" jsonb DEFAULT '{"company":true,"jobTitle":true,"phone":false,"linkedin":false}'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accent_color" text DEFAULT '#4f46e5' NOT NULL,
	"consent_text" text NOT NULL,
	"marketing_text" text DEFAULT '' NOT NULL,
	"unlocked" boolean DEFAULT false NOT NULL,
	"went_live_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talk_sessions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "talks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_notice_hash_consent_texts_hash_fk" FOREIGN KEY ("notice_hash") REFERENCES "public"."consent_texts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_marketing_hash_consent_texts_hash_fk" FOREIGN KEY ("marketing_hash") REFERENCES "public"."consent_texts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD CONSTRAINT "lead_submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_views" ADD CONSTRAINT "session_views_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD CONSTRAINT "talk_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD CONSTRAINT "talk_sessions_talk_id_talks_id_fk" FOREIGN KEY ("talk_id") REFERENCES "public"."talks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talks" ADD CONSTRAINT "talks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_consents_lead_idx" ON "lead_consents" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_consents_session_idx" ON "lead_consents" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "lead_erasures_owner_idx" ON "lead_erasures" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_session_email_uq" ON "leads" USING btree ("session_id","email");--> statement-breakpoint
CREATE INDEX "leads_session_created_idx" ON "leads" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_owner_email_idx" ON "leads" USING btree ("owner_id","email");--> statement-breakpoint
CREATE INDEX "session_views_session_created_idx" ON "session_views" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "talk_sessions_user_starts_idx" ON "talk_sessions" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "talk_sessions_user_status_idx" ON "talk_sessions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "talk_sessions_talk_idx" ON "talk_sessions" USING btree ("talk_id");--> statement-breakpoint
CREATE INDEX "talks_user_created_idx" ON "talks" USING btree ("user_id","created_at");