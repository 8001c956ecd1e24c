CREATE TABLE "air_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"website" text NOT NULL,
	"solution" text NOT NULL,
	"company_name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"credit_month" text NOT NULL,
	"steps" jsonb NOT NULL,
	"work" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb,
	"failure" jsonb,
	"mail_id" uuid,
	"emailed_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "air_reports_status" CHECK ("air_reports"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "alert_runs" DROP CONSTRAINT "alert_runs_kind";--> statement-breakpoint
ALTER TABLE "air_reports" ADD CONSTRAINT "air_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_reports" ADD CONSTRAINT "air_reports_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "air_reports_user_created_idx" ON "air_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "air_reports_user_month_idx" ON "air_reports" USING btree ("user_id","credit_month");--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_kind" CHECK ("alert_runs"."kind" in ('news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary', 'air_report'));--> statement-breakpoint
CREATE TRIGGER air_reports_notify AFTER INSERT OR UPDATE OR DELETE ON air_reports
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
