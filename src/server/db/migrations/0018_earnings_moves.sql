CREATE TABLE "earnings_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_key" text NOT NULL,
	"cik" text,
	"ticker" text NOT NULL,
	"company_name" text NOT NULL,
	"previous_date" timestamp with time zone NOT NULL,
	"earnings_date" timestamp with time zone NOT NULL,
	"previous_label" text NOT NULL,
	"date_label" text NOT NULL,
	"change" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone,
	"event_id" uuid
);
--> statement-breakpoint
CREATE TABLE "earnings_watch_dates" (
	"company_key" text PRIMARY KEY NOT NULL,
	"ticker" text NOT NULL,
	"earnings_date" timestamp with time zone,
	"provider" text,
	"source_url" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_moves_move_idx" ON "earnings_moves" USING btree ("company_key","previous_date","earnings_date");--> statement-breakpoint
CREATE INDEX "earnings_moves_untold_idx" ON "earnings_moves" USING btree ("found_at") WHERE "earnings_moves"."told_at" is null;