ALTER TABLE "blocklist_entries" ADD COLUMN "top_label" text;--> statement-breakpoint
ALTER TABLE "blocklist_entries" ADD COLUMN "evidence" boolean;--> statement-breakpoint
-- The private look-up answers from the blocklist kept in memory (ADR 0059): every entry is computed
-- again at the next refresh to fill its top label and evidence; until then (evidence null) the
-- database answers the prefixes it is in.
UPDATE "blocklist_state" SET "full_at" = NULL;
--> statement-breakpoint
-- Imports write imported evidence without page versions: one notice per statement ('i'), and one
-- when a full refresh of the blocklist has computed every entry again ('f'); between the two the
-- kept private look-up leaves the answers to the database.
CREATE FUNCTION notice_import() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callerid_changes', 'i');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notice_full_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callerid_changes', 'f');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER imported_evidence_notice AFTER INSERT OR UPDATE OR DELETE ON imported_evidence FOR EACH STATEMENT EXECUTE FUNCTION notice_import();
--> statement-breakpoint
CREATE TRIGGER blocklist_state_notice AFTER UPDATE ON blocklist_state FOR EACH ROW
  WHEN (OLD.full_at IS DISTINCT FROM NEW.full_at AND NEW.full_at IS NOT NULL) EXECUTE FUNCTION notice_full_refresh();
