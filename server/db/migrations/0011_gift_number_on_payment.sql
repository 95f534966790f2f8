-- A gift names its number on the payment; the number's account is created only when the gift is paid (issue 29).
ALTER TABLE "payments" ALTER COLUMN "beneficiary_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_number" text;--> statement-breakpoint
UPDATE "payments" p SET "gift_number" = u."phone" FROM "users" u WHERE u."id" = p."beneficiary_id" AND p."beneficiary_id" <> p."user_id";
--> statement-breakpoint
-- "Owner verified" means the number's owner signed in with it: their first session changes
-- their own number's public page, so a kept page of it is read again.
CREATE FUNCTION bump_owned_page_on_first_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sessions WHERE user_id = NEW.user_id AND id <> NEW.id) THEN
    INSERT INTO page_versions (number_id, version)
    SELECT n.id, 1 FROM numbers n JOIN users u ON u.phone = n.e164 WHERE u.id = NEW.user_id
    ON CONFLICT (number_id) DO UPDATE SET version = page_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_first_page_version AFTER INSERT ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_owned_page_on_first_session();
