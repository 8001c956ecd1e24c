-- The article store's words with their positions, for the library search's phrases (ADR 023). A
-- plain nullable column and a trigger, not a generated column: adding a stored generated column
-- rewrites the table under an exclusive lock (minutes at a million articles, every write blocked).
-- Rows written before this migration are filled in batches after it, then indexed without locking
-- writes (online-indexes.ts), through this trigger: it is the one definition of an article's words.
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE FUNCTION articles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('english', coalesce(NEW.title, '') || ' ' || NEW.text);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER articles_search_vector BEFORE INSERT OR UPDATE OF title, text ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_vector();
