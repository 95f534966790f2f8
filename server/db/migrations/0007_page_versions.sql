CREATE TABLE "page_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"number_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "page_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Bumps the public-page version of the number a changed row belongs to. Deferred to the
-- commit: the version row is locked last, after every row the transaction writes, so a
-- bump never waits inside a transaction that other writers wait for.
CREATE FUNCTION bump_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  target integer;
BEGIN
  IF TG_TABLE_NAME = 'thread_replies' THEN
    SELECT number_id INTO target FROM comments WHERE id = changed.comment_id;
  ELSE
    target := changed.number_id;
  END IF;
  IF target IS NOT NULL THEN
    INSERT INTO page_versions (number_id, version) VALUES (target, 1)
    ON CONFLICT (number_id) DO UPDATE SET version = page_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bump_page_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER comments_page_version AFTER INSERT OR UPDATE OR DELETE ON comments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER thread_replies_page_version AFTER INSERT OR UPDATE OR DELETE ON thread_replies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER poll_answers_page_version AFTER INSERT OR UPDATE OR DELETE ON poll_answers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bans_page_version AFTER INSERT OR UPDATE OR DELETE ON bans DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_page_version AFTER INSERT OR UPDATE OR DELETE ON contacts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER name_suggestions_page_version AFTER INSERT OR UPDATE OR DELETE ON name_suggestions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER disputes_page_version AFTER INSERT OR UPDATE OR DELETE ON disputes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_version();
--> statement-breakpoint
-- A user's name, activity, visibility or plan shows on every number they commented on and on their own number's page.
CREATE CONSTRAINT TRIGGER users_page_epoch AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.deactivated_at IS DISTINCT FROM NEW.deactivated_at OR OLD.purged_at IS DISTINCT FROM NEW.purged_at
    OR OLD.profile_going IS DISTINCT FROM NEW.profile_going OR OLD.antispy IS DISTINCT FROM NEW.antispy
    OR OLD.plan_expires_at IS DISTINCT FROM NEW.plan_expires_at OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION bump_page_epoch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_insert_page_epoch AFTER INSERT OR DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_page_epoch();
--> statement-breakpoint
-- Imports write many numbers in one statement: one epoch bump per statement.
CREATE TRIGGER imported_evidence_page_epoch AFTER INSERT OR UPDATE OR DELETE ON imported_evidence FOR EACH STATEMENT EXECUTE FUNCTION bump_page_epoch();
