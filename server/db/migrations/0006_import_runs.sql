CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"region" text,
	"file" text NOT NULL,
	"sha256" text NOT NULL,
	"summary" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "import_runs_format_idx" ON "import_runs" USING btree ("format","id");