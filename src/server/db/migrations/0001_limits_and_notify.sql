-- Per-user limits enforced by the database too, so no path around the service can exceed them
-- (the newsletter's one-per-user is the unique index on newsletter_alerts.user_id).
CREATE FUNCTION enforce_per_user_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  max_rows integer := TG_ARGV[0]::integer;
  existing integer;
BEGIN
  -- Serialise inserts of one user into one table, so two concurrent inserts cannot both pass.
  PERFORM pg_advisory_xact_lock(hashtext(TG_TABLE_NAME), hashtext(NEW.user_id));
  EXECUTE format('SELECT count(*) FROM %I WHERE user_id = $1', TG_TABLE_NAME) INTO existing USING NEW.user_id;
  IF existing >= max_rows THEN
    RAISE EXCEPTION 'per-user limit of % rows reached in %', max_rows, TG_TABLE_NAME
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_per_user_limit';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sonar_alerts_per_user_limit BEFORE INSERT ON sonar_alerts
  FOR EACH ROW EXECUTE FUNCTION enforce_per_user_limit(6);
--> statement-breakpoint
CREATE TRIGGER earnings_tracking_per_user_limit BEFORE INSERT ON earnings_tracking
  FOR EACH ROW EXECUTE FUNCTION enforce_per_user_limit(3);
--> statement-breakpoint
-- Live updates (DESIGN §5): every change to a user-owned row is announced on one channel with
-- its table, operation and owner; each web process LISTENs and forwards it to that user's SSE streams.
CREATE FUNCTION notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    owner := COALESCE(NEW.id, OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  PERFORM pg_notify('user_rows', json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'userId', owner)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER sonar_alerts_notify AFTER INSERT OR UPDATE OR DELETE ON sonar_alerts
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER sonar_results_notify AFTER INSERT OR UPDATE OR DELETE ON sonar_results
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER newsletter_alerts_notify AFTER INSERT OR UPDATE OR DELETE ON newsletter_alerts
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER newsletter_results_notify AFTER INSERT OR UPDATE OR DELETE ON newsletter_results
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER earnings_tracking_notify AFTER INSERT OR UPDATE OR DELETE ON earnings_tracking
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER earnings_tracking_results_notify AFTER INSERT OR UPDATE OR DELETE ON earnings_tracking_results
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER feature_interest_notify AFTER INSERT OR UPDATE OR DELETE ON feature_interest
  FOR EACH ROW EXECUTE FUNCTION notify_user_row_change();
--> statement-breakpoint
-- New mail in the outbox wakes the sender at once instead of at its next poll.
CREATE FUNCTION notify_mail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_outbox', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_notify AFTER INSERT ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION notify_mail_outbox();
