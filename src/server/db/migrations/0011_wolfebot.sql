CREATE TABLE "wolfebot_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_company" text,
	"last_asked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wolfebot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"document" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wolfebot_messages_role" CHECK ("wolfebot_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "wolfebot_messages_status" CHECK ("wolfebot_messages"."status" in ('streaming', 'complete', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "wolfebot_conversations" ADD CONSTRAINT "wolfebot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wolfebot_messages" ADD CONSTRAINT "wolfebot_messages_conversation_id_wolfebot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."wolfebot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wolfebot_conversations_user_updated_idx" ON "wolfebot_conversations" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wolfebot_messages_conversation_created_idx" ON "wolfebot_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE TRIGGER wolfebot_conversations_notify AFTER INSERT OR UPDATE OR DELETE ON wolfebot_conversations
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
-- An answer's text is saved every few hundred milliseconds while it streams: only a new row, a
-- deleted one and a change of status are announced, not every saved piece of text.
CREATE TRIGGER wolfebot_messages_notify AFTER INSERT OR DELETE ON wolfebot_messages
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();--> statement-breakpoint
CREATE TRIGGER wolfebot_messages_status_notify AFTER UPDATE ON wolfebot_messages
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_user_row_change();
