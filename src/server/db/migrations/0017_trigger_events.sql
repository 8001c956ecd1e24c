CREATE TABLE "company_ciks" (
	"name_key" text PRIMARY KEY NOT NULL,
	"cik" text,
	"ticker" text,
	"edgar_name" text,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sec_filings" (
	"accession" text NOT NULL,
	"cik" text NOT NULL,
	"role" text NOT NULL,
	"form" text NOT NULL,
	"company" text NOT NULL,
	"items" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"index_url" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sec_filings_accession_cik_pk" PRIMARY KEY("accession","cik")
);
--> statement-breakpoint
CREATE TABLE "source_polls" (
	"name" text PRIMARY KEY NOT NULL,
	"leased_until" timestamp with time zone DEFAULT now() NOT NULL,
	"polled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "trigger_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"company_key" text NOT NULL,
	"cik" text,
	"company_name" text NOT NULL,
	"kinds" text[] NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"source" jsonb NOT NULL,
	"why" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"merged" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_events_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE TABLE "trigger_news_seen" (
	"url_key" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text NOT NULL,
	"urgent_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"daily_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_subscriptions" (
	"alert_type" text NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_subscriptions_alert_type_alert_id_pk" PRIMARY KEY("alert_type","alert_id"),
	CONSTRAINT "trigger_subscriptions_type" CHECK ("trigger_subscriptions"."alert_type" in ('news', 'newsletter', 'earnings'))
);
--> statement-breakpoint
ALTER TABLE "alert_runs" DROP CONSTRAINT "alert_runs_kind";--> statement-breakpoint
ALTER TABLE "library_items" DROP CONSTRAINT "library_items_kind";--> statement-breakpoint
ALTER TABLE "trigger_settings" ADD CONSTRAINT "trigger_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_subscriptions" ADD CONSTRAINT "trigger_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_ciks_cik_idx" ON "company_ciks" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "sec_filings_found_idx" ON "sec_filings" USING btree ("found_at");--> statement-breakpoint
CREATE INDEX "trigger_events_company_found_idx" ON "trigger_events" USING btree ("company_key","found_at");--> statement-breakpoint
CREATE INDEX "trigger_events_found_idx" ON "trigger_events" USING btree ("found_at");--> statement-breakpoint
CREATE INDEX "trigger_news_seen_seen_idx" ON "trigger_news_seen" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "trigger_subscriptions_user_idx" ON "trigger_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_kind" CHECK ("alert_runs"."kind" in ('news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary', 'air_report', 'trigger'));--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_kind" CHECK ("library_items"."kind" in ('news_alert', 'newsletter', 'earnings_reminder', 'earnings_summary', 'earnings_date_moved', 'air_report', 'company_news', 'industry_trends', 'earnings_analysis', 'content_draft', 'trigger_event'));--> statement-breakpoint
-- An alert's "as it happens" goes with the alert, as its channel choices do (migration 0015).
CREATE OR REPLACE FUNCTION forget_alert_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_channels WHERE alert_type = TG_ARGV[0] AND alert_id = OLD.id;
  DELETE FROM alert_email_opt_outs WHERE alert_type = TG_ARGV[0] AND alert_id = OLD.id;
  DELETE FROM trigger_subscriptions WHERE alert_type = TG_ARGV[0] AND alert_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER trigger_subscriptions_notify AFTER INSERT OR UPDATE OR DELETE ON trigger_subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER trigger_settings_notify AFTER INSERT OR UPDATE OR DELETE ON trigger_settings
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
