ALTER TABLE "reports" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "last_name" text;