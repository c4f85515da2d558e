ALTER TABLE "booking_leads" ADD COLUMN "hubspot_deal_id" text;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD COLUMN "hubspot_deal_claimed_at" timestamp with time zone;