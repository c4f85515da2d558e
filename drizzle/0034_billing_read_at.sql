ALTER TABLE "billing_customers" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_unlocks" ADD COLUMN "read_at" timestamp with time zone NOT NULL;