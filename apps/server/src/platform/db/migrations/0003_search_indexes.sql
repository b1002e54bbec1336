CREATE TABLE "platform"."search_entries" (
	"index_id" text NOT NULL,
	"thing_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	CONSTRAINT "search_entries_index_id_thing_id_pk" PRIMARY KEY("index_id","thing_id")
);
--> statement-breakpoint
CREATE TABLE "platform"."search_index_errors" (
	"index_id" text NOT NULL,
	"thing_id" text NOT NULL,
	"failed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"error_text" text NOT NULL,
	CONSTRAINT "search_index_errors_index_id_thing_id_pk" PRIMARY KEY("index_id","thing_id")
);
--> statement-breakpoint
CREATE TABLE "platform"."search_indexes" (
	"id" text PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"percent_complete" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_count" integer,
	"indexed_count" integer,
	"rejected_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform"."search_rebuilds" (
	"marketplace_id" text NOT NULL,
	"type" text NOT NULL,
	"index_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_indexes_marketplace_idx" ON "platform"."search_indexes" USING btree ("marketplace_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_indexes_one_active_idx" ON "platform"."search_indexes" USING btree ("marketplace_id","type") WHERE "platform"."search_indexes"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "search_indexes_one_build_idx" ON "platform"."search_indexes" USING btree ("marketplace_id","type") WHERE "platform"."search_indexes"."status" IN ('WaitingToBuild', 'Building');--> statement-breakpoint
CREATE INDEX "search_rebuilds_window_idx" ON "platform"."search_rebuilds" USING btree ("marketplace_id","type","requested_at");