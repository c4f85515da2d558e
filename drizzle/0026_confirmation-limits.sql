CREATE TABLE "confirmation_budgets" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "confirmation_budgets_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
DROP VIEW "public"."email_outbox";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "confirmation_skipped" text;--> statement-breakpoint
CREATE VIEW "public"."email_outbox" AS (select "id", "payload"->>'to' as "to", "payload"->>'replyTo' as "reply_to", "payload"->>'subject' as "subject", "payload"->>'html' as "html", "payload"->>'text' as "text", case when "status" = 'done' and "result"->>'skipped' is not null then 'skipped' when "status" = 'done' then 'sent' else "status"::text end as "status", "attempts", "run_at" as "next_attempt_at", "locked_until", "last_error", "result"->>'transport' as "transport", "result"->>'providerId' as "provider_id", "created_at", "finished_at" as "sent_at" from "jobs" where "kind" = 'email');