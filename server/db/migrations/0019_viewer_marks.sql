CREATE TABLE "viewer_marks" (
	"user_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	CONSTRAINT "viewer_marks_user_id_number_id_pk" PRIMARY KEY("user_id","number_id")
);
--> statement-breakpoint
-- Where a person has something of their own on a number's page (issue 30, ADR 0058): the rows a
-- look-up must read the full viewer's part for. Rebuilt from here for everybody now, and for one
-- person when their privacy data is deleted (privacy/repository.ts).
CREATE VIEW viewer_mark_sources AS
  SELECT user_id, number_id FROM bans
  UNION SELECT user_id, number_id FROM notes
  UNION SELECT user_id, number_id FROM name_suggestions
  UNION SELECT user_id, number_id FROM poll_answers
  UNION SELECT user_id, number_id FROM comments
  UNION SELECT user_id, number_id FROM posting_bans
  UNION SELECT from_user_id, number_id FROM introduction_requests
  UNION SELECT a.user_id, r.number_id FROM introduction_answers a JOIN introduction_requests r ON r.id = a.request_id
  UNION SELECT x.user_id, c.number_id FROM reactions x JOIN comments c ON x.target_type = 'comment' AND c.id = x.target_id
  UNION SELECT x.user_id, c.number_id FROM reactions x JOIN thread_replies t ON x.target_type = 'thread' AND t.id = x.target_id JOIN comments c ON c.id = t.comment_id
  UNION SELECT s.user_id, c.number_id FROM comment_subscriptions s JOIN comments c ON c.id = s.comment_id;
--> statement-breakpoint
INSERT INTO viewer_marks (user_id, number_id) SELECT user_id, number_id FROM viewer_mark_sources ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Marks the person and number of a new row of one of the sources, in the writer's transaction.
CREATE FUNCTION mark_viewer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who integer;
  target integer;
BEGIN
  IF TG_TABLE_NAME = 'reactions' THEN
    who := NEW.user_id;
    IF NEW.target_type = 'comment' THEN
      SELECT number_id INTO target FROM comments WHERE id = NEW.target_id;
    ELSE
      SELECT c.number_id INTO target FROM thread_replies t JOIN comments c ON c.id = t.comment_id WHERE t.id = NEW.target_id;
    END IF;
  ELSIF TG_TABLE_NAME = 'comment_subscriptions' THEN
    who := NEW.user_id;
    SELECT number_id INTO target FROM comments WHERE id = NEW.comment_id;
  ELSIF TG_TABLE_NAME = 'introduction_requests' THEN
    who := NEW.from_user_id;
    target := NEW.number_id;
  ELSIF TG_TABLE_NAME = 'introduction_answers' THEN
    who := NEW.user_id;
    SELECT number_id INTO target FROM introduction_requests WHERE id = NEW.request_id;
  ELSE
    who := NEW.user_id;
    target := NEW.number_id;
  END IF;
  IF who IS NOT NULL AND target IS NOT NULL THEN
    INSERT INTO viewer_marks (user_id, number_id) VALUES (who, target) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bans_mark AFTER INSERT ON bans FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER notes_mark AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER name_suggestions_mark AFTER INSERT ON name_suggestions FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER poll_answers_mark AFTER INSERT ON poll_answers FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER comments_mark AFTER INSERT ON comments FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER posting_bans_mark AFTER INSERT ON posting_bans FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER introduction_requests_mark AFTER INSERT ON introduction_requests FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER introduction_answers_mark AFTER INSERT ON introduction_answers FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER reactions_mark AFTER INSERT ON reactions FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
CREATE TRIGGER comment_subscriptions_mark AFTER INSERT ON comment_subscriptions FOR EACH ROW EXECUTE FUNCTION mark_viewer();
--> statement-breakpoint
-- A number written about before migration 0007 may have no page version yet: each gets one, so that
-- a number without one is a number nobody ever wrote anything about (untouchedPageJson, ADR 0058).
INSERT INTO page_versions (number_id, version)
  SELECT number_id, 1 FROM (
    SELECT number_id FROM comments UNION SELECT number_id FROM poll_answers UNION SELECT number_id FROM bans
    UNION SELECT number_id FROM contacts UNION SELECT number_id FROM name_suggestions UNION SELECT number_id FROM disputes
  ) written
  ON CONFLICT DO NOTHING;
