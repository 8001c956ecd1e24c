CREATE TABLE "alert_channels" (
	"alert_type" text NOT NULL,
	"alert_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "alert_channels_alert_type_alert_id_channel_id_pk" PRIMARY KEY("alert_type","alert_id","channel_id"),
	CONSTRAINT "alert_channels_type" CHECK ("alert_channels"."alert_type" in ('news', 'newsletter', 'earnings'))
);
--> statement-breakpoint
CREATE TABLE "alert_email_opt_outs" (
	"alert_type" text NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "alert_email_opt_outs_alert_type_alert_id_pk" PRIMARY KEY("alert_type","alert_id"),
	CONSTRAINT "alert_email_opt_outs_type" CHECK ("alert_email_opt_outs"."alert_type" in ('news', 'newsletter', 'earnings'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "channel_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"run_id" uuid,
	"alert_type" text,
	"alert_id" uuid,
	"purpose" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "channel_deliveries_purpose" CHECK ("channel_deliveries"."purpose" in ('alert', 'test')),
	CONSTRAINT "channel_deliveries_status" CHECK ("channel_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "channel_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"answer" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"url_hint" text NOT NULL,
	"signing_secret" text,
	"status" text DEFAULT 'active' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_kind" CHECK ("channels"."kind" in ('slack', 'teams', 'webhook')),
	CONSTRAINT "channels_status" CHECK ("channels"."status" in ('active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "library_items" DROP CONSTRAINT "library_items_kind";--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "event_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "previous_earnings_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earnings_tracking_results" ADD COLUMN "date_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_opt_outs" ADD CONSTRAINT "alert_email_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_run_id_alert_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."alert_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_delivery_attempts" ADD CONSTRAINT "channel_delivery_attempts_delivery_id_channel_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."channel_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_delivery_attempts" ADD CONSTRAINT "channel_delivery_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_channel_idx" ON "alert_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "alert_channels_user_idx" ON "alert_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_email_opt_outs_user_idx" ON "alert_email_opt_outs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_run_channel_idx" ON "channel_deliveries" USING btree ("run_id","channel_id");--> statement-breakpoint
CREATE INDEX "channel_deliveries_pending_idx" ON "channel_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "channel_deliveries_alert_idx" ON "channel_deliveries" USING btree ("user_id","alert_type","alert_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_deliveries_channel_idx" ON "channel_deliveries" USING btree ("channel_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_deliveries_created_idx" ON "channel_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "channel_delivery_attempts_delivery_idx" ON "channel_delivery_attempts" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_delivery_attempts_user_idx" ON "channel_delivery_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "channels_user_idx" ON "channels" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_user_name_idx" ON "channels" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_kind" CHECK ("library_items"."kind" in ('news_alert', 'newsletter', 'earnings_reminder', 'earnings_summary', 'earnings_date_moved', 'air_report', 'company_news', 'industry_trends', 'earnings_analysis', 'content_draft'));--> statement-breakpoint
-- An alert's channel choices go with the alert (alert_channels and the opt-outs name three tables, so no foreign key can).
CREATE FUNCTION forget_alert_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_channels WHERE alert_type = TG_ARGV[0] AND alert_id = OLD.id;
  DELETE FROM alert_email_opt_outs WHERE alert_type = TG_ARGV[0] AND alert_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER sonar_alerts_forget_delivery AFTER DELETE ON sonar_alerts FOR EACH ROW EXECUTE FUNCTION forget_alert_delivery('news');--> statement-breakpoint
CREATE TRIGGER newsletter_alerts_forget_delivery AFTER DELETE ON newsletter_alerts FOR EACH ROW EXECUTE FUNCTION forget_alert_delivery('newsletter');--> statement-breakpoint
CREATE TRIGGER earnings_tracking_forget_delivery AFTER DELETE ON earnings_tracking FOR EACH ROW EXECUTE FUNCTION forget_alert_delivery('earnings');
--> statement-breakpoint
-- The channel sender wakes on each new delivery, as the mail sender does on mail_outbox.
CREATE FUNCTION notify_channel_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('channel_deliveries', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER channel_deliveries_wake_sender AFTER INSERT ON channel_deliveries
  FOR EACH ROW EXECUTE FUNCTION notify_channel_delivery();--> statement-breakpoint
-- Live updates (DESIGN §5): the channels page and the delivery log follow their rows.
CREATE TRIGGER channels_notify AFTER INSERT OR UPDATE OR DELETE ON channels
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
CREATE TRIGGER channel_deliveries_notify AFTER INSERT OR UPDATE OR DELETE ON channel_deliveries
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
CREATE TRIGGER alert_channels_notify AFTER INSERT OR UPDATE OR DELETE ON alert_channels
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
