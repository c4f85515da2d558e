CREATE INDEX "contacts_owner_id_idx" ON "contacts" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "contacts_owner_first_seen_idx" ON "contacts" USING btree ("owner_id","first_seen_at","id");--> statement-breakpoint
CREATE INDEX "contacts_owner_name_idx" ON "contacts" USING btree ("owner_id","first_name","id");--> statement-breakpoint
CREATE INDEX "contacts_owner_score_idx" ON "contacts" USING btree ("owner_id","score","id");