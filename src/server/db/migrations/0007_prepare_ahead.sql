CREATE TABLE "news_searches" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"searched_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "alert_runs" DROP CONSTRAINT "alert_runs_status";--> statement-breakpoint
DROP INDEX "alert_runs_open_idx";--> statement-breakpoint
ALTER TABLE "alert_runs" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "alert_runs" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_runs" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "news_searches_claimed_idx" ON "news_searches" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "alert_runs_prepared_idx" ON "alert_runs" USING btree ("due_at") WHERE status = 'prepared';--> statement-breakpoint
CREATE INDEX "alert_runs_open_idx" ON "alert_runs" USING btree ("created_at") WHERE status in ('queued', 'running', 'prepared');--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_status" CHECK ("alert_runs"."status" in ('queued', 'running', 'prepared', 'succeeded', 'failed', 'skipped'));