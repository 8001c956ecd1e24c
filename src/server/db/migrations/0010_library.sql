-- btree_gin (contrib, trusted): one GIN index over the owner and the words of a library item.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"document" jsonb NOT NULL,
	"source_count" integer DEFAULT 0 NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body_text), 'B')) STORED NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_items_kind" CHECK ("library_items"."kind" in ('news_alert', 'newsletter', 'earnings_reminder', 'earnings_summary', 'air_report', 'company_news', 'industry_trends', 'earnings_analysis', 'content_draft'))
);
--> statement-breakpoint
CREATE TABLE "library_item_sources" (
	"item_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"url_key" text NOT NULL,
	CONSTRAINT "library_item_sources_item_id_url_key_pk" PRIMARY KEY("item_id","url_key")
);
--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_sources" ADD CONSTRAINT "library_item_sources_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_items_user_created_idx" ON "library_items" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_items_user_kind_created_idx" ON "library_items" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_items_search_idx" ON "library_items" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE INDEX "library_items_companies_idx" ON "library_items" USING gin ("user_id","company_keys");--> statement-breakpoint
CREATE INDEX "library_items_created_idx" ON "library_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "library_item_sources_key_user_idx" ON "library_item_sources" USING btree ("url_key","user_id");--> statement-breakpoint
CREATE INDEX "library_item_sources_user_key_idx" ON "library_item_sources" USING btree ("user_id","url_key");--> statement-breakpoint
CREATE TRIGGER library_items_notify AFTER INSERT OR UPDATE OR DELETE ON library_items
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();