ALTER TABLE "search_history" DROP CONSTRAINT "search_history_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "search_history" DROP CONSTRAINT "search_history_number_id_numbers_id_fk";
