-- Dashboard figures (spec 02 §7): sent counts read from partial indexes; see scripts/bench-dashboard.ts.
CREATE INDEX "newsletter_results_sent_processed_idx" ON "newsletter_results" USING btree ("processed_at") WHERE sent;--> statement-breakpoint
CREATE INDEX "sonar_results_user_sent_idx" ON "sonar_results" USING btree ("user_id") WHERE sent;--> statement-breakpoint
CREATE INDEX "sonar_results_sent_processed_idx" ON "sonar_results" USING btree ("processed_at") WHERE sent;