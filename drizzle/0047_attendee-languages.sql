ALTER TABLE "lead_consents" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "talk_sessions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;