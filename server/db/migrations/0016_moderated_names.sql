CREATE TABLE "moderated_names" (
	"number_id" integer NOT NULL,
	"name_hash" text NOT NULL,
	"removed" boolean NOT NULL,
	"first_name" text,
	"last_name" text,
	"moderator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderated_names_number_id_name_hash_pk" PRIMARY KEY("number_id","name_hash")
);
--> statement-breakpoint
ALTER TABLE "name_suggestions" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "name_suggestions" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "moderated_names" ADD CONSTRAINT "moderated_names_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderated_names" ADD CONSTRAINT "moderated_names_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_suggestions" ADD CONSTRAINT "name_suggestions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;