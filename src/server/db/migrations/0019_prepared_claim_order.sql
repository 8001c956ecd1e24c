-- The slot's commit claims prepared runs 25 at a time in (due_at, user_id) order (ADR 033). On
-- (due_at) alone every claim read and sorted all the runs still waiting for the slot (10,000 at a
-- 9 AM burst); in that order it reads its 25. A partial index: building it reads alert_runs once
-- (90 days of runs are kept, about a second per million rows) and indexes only the prepared ones.
DROP INDEX "alert_runs_prepared_idx";--> statement-breakpoint
CREATE INDEX "alert_runs_prepared_idx" ON "alert_runs" USING btree ("due_at","user_id") WHERE status = 'prepared';
