CREATE TABLE "alert_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"outcome" text,
	"mail_id" uuid,
	"not_before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "alert_runs_kind" CHECK ("alert_runs"."kind" in ('news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary')),
	CONSTRAINT "alert_runs_status" CHECK ("alert_runs"."status" in ('queued', 'running', 'succeeded', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "sent_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url_key" text NOT NULL,
	"title_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "background" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "ticker" text;--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_results" ADD COLUMN "digest" jsonb;--> statement-breakpoint
ALTER TABLE "sonar_results" ADD COLUMN "alert_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_articles" ADD CONSTRAINT "sent_articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_runs_slot_idx" ON "alert_runs" USING btree ("kind","alert_id","slot");--> statement-breakpoint
CREATE INDEX "alert_runs_user_created_idx" ON "alert_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_runs_created_idx" ON "alert_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alert_runs_open_idx" ON "alert_runs" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "alert_runs_alert_finished_idx" ON "alert_runs" USING btree ("alert_id","kind","finished_at") WHERE status = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "sent_articles_user_url_idx" ON "sent_articles" USING btree ("user_id","url_key");--> statement-breakpoint
CREATE INDEX "sent_articles_user_sent_idx" ON "sent_articles" USING btree ("user_id","sent_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_created_idx" ON "mail_outbox" USING btree ("user_id","created_at");