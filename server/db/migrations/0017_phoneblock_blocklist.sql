CREATE TABLE "blocklist_entries" (
	"number_id" integer PRIMARY KEY NOT NULL,
	"e164" text NOT NULL,
	"country" text,
	"sha1" text NOT NULL,
	"sha1_prefix10" text NOT NULL,
	"sha1_prefix100" text NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"rating" text NOT NULL,
	"label" text,
	"reputation" double precision NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"page_version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocklist_personal" (
	"user_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	"e164" text NOT NULL,
	"rating" text NOT NULL,
	"label" text,
	"listed" boolean NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "blocklist_personal_user_id_number_id_pk" PRIMARY KEY("user_id","number_id")
);
--> statement-breakpoint
CREATE TABLE "blocklist_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"import_mark" bigint DEFAULT 0 NOT NULL,
	"full_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "blocklist_personal" ADD CONSTRAINT "blocklist_personal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocklist_entries_sha1_uq" ON "blocklist_entries" USING btree ("sha1");--> statement-breakpoint
CREATE INDEX "blocklist_entries_sha1_left_idx" ON "blocklist_entries" USING btree (left("sha1", 4));--> statement-breakpoint
CREATE INDEX "blocklist_entries_prefix10_idx" ON "blocklist_entries" USING btree ("sha1_prefix10");--> statement-breakpoint
CREATE INDEX "blocklist_entries_prefix100_idx" ON "blocklist_entries" USING btree ("sha1_prefix100");--> statement-breakpoint
CREATE INDEX "blocklist_entries_version_idx" ON "blocklist_entries" USING btree ("version");--> statement-breakpoint
CREATE INDEX "blocklist_entries_listed_idx" ON "blocklist_entries" USING btree ("votes" DESC NULLS LAST,"e164") WHERE listed;--> statement-breakpoint
CREATE INDEX "blocklist_personal_user_version_idx" ON "blocklist_personal" USING btree ("user_id","version");