CREATE TABLE "articles" (
	"url_key" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"publisher" text,
	"published_at" timestamp with time zone,
	"text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_status" CHECK ("articles"."status" in ('ok', 'blocked', 'paywalled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "google_news_links" (
	"article_id" text PRIMARY KEY NOT NULL,
	"publisher_url" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "articles_fetched_idx" ON "articles" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "google_news_links_checked_idx" ON "google_news_links" USING btree ("checked_at");