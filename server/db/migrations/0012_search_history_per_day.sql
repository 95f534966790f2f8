-- One history row per user, number and UTC day, with the index the look-up showed (issue 30):
-- a look-up of a number already looked up that day is free, and the page's actions no longer add rows.
ALTER TABLE "search_history" ADD COLUMN "day" date DEFAULT (now() at time zone 'utc')::date NOT NULL;--> statement-breakpoint
UPDATE "search_history" SET "day" = ("searched_at" at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "search_history" ADD COLUMN "looked_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_history" ADD COLUMN "reputation_index" double precision;--> statement-breakpoint
-- The first row of each day stays: paid if any was, cleared only if all were.
UPDATE "search_history" k SET "paid" = a."paid", "cleared_at" = a."cleared_at"
FROM (
  SELECT min("id") AS "id", bool_or("paid") AS "paid", CASE WHEN bool_and("cleared_at" IS NOT NULL) THEN max("cleared_at") END AS "cleared_at"
  FROM "search_history" GROUP BY "user_id", "number_id", "day" HAVING count(*) > 1
) a
WHERE k."id" = a."id";--> statement-breakpoint
DELETE FROM "search_history" h USING "search_history" k
WHERE k."user_id" = h."user_id" AND k."number_id" = h."number_id" AND k."day" = h."day" AND k."id" < h."id";--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_user_number_day_uq" ON "search_history" USING btree ("user_id","number_id","day");
