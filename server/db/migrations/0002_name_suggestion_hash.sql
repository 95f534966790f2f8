ALTER TABLE "name_suggestions" ADD COLUMN "name_hash" text;--> statement-breakpoint
-- Existing suggestions get the hash contactNameHash() computes (trimmed, lower case, single spaces).
UPDATE "name_suggestions" SET "name_hash" = substr(encode(sha256(convert_to(lower(regexp_replace(btrim(concat_ws(' ', nullif("first_name", ''), nullif("last_name", ''))), '\s+', ' ', 'g')), 'UTF8')), 'hex'), 1, 32);--> statement-breakpoint
ALTER TABLE "name_suggestions" ALTER COLUMN "name_hash" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "name_suggestions_number_hash_idx" ON "name_suggestions" USING btree ("number_id","name_hash");
