CREATE TABLE "web_vitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"metric" text NOT NULL,
	"route" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_vitals_route_metric_created_idx" ON "web_vitals" USING btree ("route","metric","created_at");