ALTER TABLE "alert_runs" ADD COLUMN "steps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "air_reports" DROP COLUMN "work";