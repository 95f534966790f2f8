ALTER TABLE "subscriptions" ADD COLUMN "pending_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "schedule_ref" text;