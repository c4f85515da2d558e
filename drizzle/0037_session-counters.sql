CREATE TABLE "session_counts" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"hot_leads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_lead_quarters" (
	"session_id" uuid NOT NULL,
	"quarter" integer NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "session_lead_quarters_session_id_quarter_pk" PRIMARY KEY("session_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "session_visitors" (
	"session_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "session_visitors_session_id_visitor_pk" PRIMARY KEY("session_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "session_counts" ADD CONSTRAINT "session_counts_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_lead_quarters" ADD CONSTRAINT "session_lead_quarters_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_visitors" ADD CONSTRAINT "session_visitors_session_id_talk_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."talk_sessions"("id") ON DELETE cascade ON UPDATE no action;