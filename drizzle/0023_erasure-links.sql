ALTER TABLE "jobs" ADD COLUMN "lead_ids" uuid[];--> statement-breakpoint
CREATE INDEX "jobs_lead_ids_idx" ON "jobs" USING gin ("lead_ids") WITH (fastupdate=false) WHERE lead_ids is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");