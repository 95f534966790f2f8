-- Change notices (ADR 0056): what a server process keeps in memory for a ringing phone (device
-- credentials with the person's own lists, the community blocklist) is told of every change by
-- NOTIFY on one channel, sent at commit, whoever wrote it. Payloads:
--   u<user id>                      a device password, the account, or the person's bans or poll answers changed
--   n<number id>:<page version>     a number's page version moved (its evidence changed)
--   e<number id>                    a number's blocklist entry was written
CREATE FUNCTION notice_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('callerid_changes', 'u' || changed.id);
  ELSE
    PERFORM pg_notify('callerid_changes', 'u' || changed.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notice_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callerid_changes', 'n' || NEW.number_id || ':' || NEW.version);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notice_blocklist_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callerid_changes', 'e' || CASE WHEN TG_OP = 'DELETE' THEN OLD.number_id ELSE NEW.number_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not on last use, which every device's calls write once a minute.
CREATE TRIGGER device_passwords_notice AFTER UPDATE OF revoked_at, secret_hash, kind, max_entries, user_id OR DELETE ON device_passwords FOR EACH ROW EXECUTE FUNCTION notice_user_change();
--> statement-breakpoint
-- What a device credential reads of its account: its number (the region of numbers in national form) and whether it is live.
CREATE TRIGGER users_notice AFTER UPDATE OF phone, deactivated_at, purged_at OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notice_user_change();
--> statement-breakpoint
CREATE TRIGGER bans_notice AFTER INSERT OR UPDATE OR DELETE ON bans FOR EACH ROW EXECUTE FUNCTION notice_user_change();
--> statement-breakpoint
CREATE TRIGGER poll_answers_notice AFTER INSERT OR UPDATE OR DELETE ON poll_answers FOR EACH ROW EXECUTE FUNCTION notice_user_change();
--> statement-breakpoint
CREATE TRIGGER page_versions_notice AFTER INSERT OR UPDATE ON page_versions FOR EACH ROW EXECUTE FUNCTION notice_page_version();
--> statement-breakpoint
CREATE TRIGGER blocklist_entries_notice AFTER INSERT OR UPDATE OR DELETE ON blocklist_entries FOR EACH ROW EXECUTE FUNCTION notice_blocklist_entry();
