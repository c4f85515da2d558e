CREATE TYPE "public"."testimonial_approval" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."feedback_opens" AS ENUM('start', 'before_end');--> statement-breakpoint
CREATE TABLE "booking_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"organisation" text NOT NULL,
	"role" text NOT NULL,
	"timing" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"response_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"lead_id" uuid,
	"testimonial_hash" text NOT NULL,
	"testimonial_consent" boolean NOT NULL,
	"name_parts" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"browser_key_hash" text NOT NULL,
	"rating" smallint NOT NULL,
	"follow_up" text DEFAULT '' NOT NULL,
	"content_rating" smallint,
	"delivery_rating" smallint,
	"slides_rating" smallint,
	"lead_id" uuid,
	"contact_id" uuid,
	"testimonial_permission" boolean DEFAULT false NOT NULL,
	"testimonial_name_parts" text[] DEFAULT '{}'::text[] NOT NULL,
	"testimonial_hash" text,
	"approval" "testimonial_approval" DEFAULT 'pending' NOT NULL,
	"approved_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_responses_rating_ck" CHECK ("feedback_responses"."rating" between 1 and 5),
	CONSTRAINT "feedback_responses_parts_ck" CHECK (coalesce("feedback_responses"."content_rating", 1) between 1 and 5 and coalesce("feedback_responses"."delivery_rating", 1) between 1 and 5 and coalesce("feedback_responses"."slides_rating", 1) between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "feedback_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "feedback_opens" "feedback_opens" DEFAULT 'start' NOT NULL;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "feedback_opens_before_end_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "feedback_closes_after_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD CONSTRAINT "booking_leads_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD CONSTRAINT "booking_leads_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD CONSTRAINT "booking_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD CONSTRAINT "booking_leads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_consents" ADD CONSTRAINT "feedback_consents_testimonial_hash_consent_texts_hash_fk" FOREIGN KEY ("testimonial_hash") REFERENCES "public"."consent_texts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_testimonial_hash_consent_texts_hash_fk" FOREIGN KEY ("testimonial_hash") REFERENCES "public"."consent_texts"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_leads_lead_uq" ON "booking_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "booking_leads_owner_created_idx" ON "booking_leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_leads_session_idx" ON "booking_leads" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "booking_leads_contact_idx" ON "booking_leads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "feedback_consents_response_idx" ON "feedback_consents" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "feedback_consents_session_idx" ON "feedback_consents" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_responses_session_browser_uq" ON "feedback_responses" USING btree ("session_id","browser_key_hash");--> statement-breakpoint
CREATE INDEX "feedback_responses_owner_session_created_idx" ON "feedback_responses" USING btree ("owner_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_responses_lead_idx" ON "feedback_responses" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "feedback_responses_contact_idx" ON "feedback_responses" USING btree ("contact_id");