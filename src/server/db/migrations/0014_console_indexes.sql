CREATE INDEX "ai_usage_started_idx" ON "ai_usage" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "alert_runs_failed_idx" ON "alert_runs" USING btree ("created_at") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "mail_outbox_address_created_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at");