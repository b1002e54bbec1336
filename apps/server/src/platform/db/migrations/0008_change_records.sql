-- The change history (issue 23): one row per object a successful write changed, inserted in the write's own
-- transaction (platform/history). Each index costs every recorded write, so there are only the five the reads use
-- (an operation or time filter narrows one of those ranges; the daily retention's delete finds old rows at the
-- start of the heap, as rows are only ever appended). Append-only: nothing updates a row (the trigger below refuses
-- it) and only the
-- retention job deletes. Not in schema.ts: like list_changes, it is kept and read by SQL only.
CREATE TABLE "platform"."change_records" (
	"id" bigserial PRIMARY KEY,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"marketplace_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"kind" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"parent_key" text DEFAULT '' NOT NULL,
	"actor_id" text NOT NULL,
	"actor_username" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_company_id" text,
	"client_id" text NOT NULL,
	"impersonator_id" text,
	"request_id" text,
	"changes" jsonb NOT NULL,
	"last_state" jsonb
);
--> statement-breakpoint
CREATE INDEX "change_records_marketplace_idx" ON "platform"."change_records" ("marketplace_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "change_records_resource_idx" ON "platform"."change_records" ("marketplace_id", "resource_type", "resource_id", "parent_key", "id" DESC);
--> statement-breakpoint
CREATE INDEX "change_records_actor_idx" ON "platform"."change_records" ("marketplace_id", "actor_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "change_records_client_idx" ON "platform"."change_records" ("marketplace_id", "client_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "change_records_request_idx" ON "platform"."change_records" ("marketplace_id", "request_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "platform"."refuse_change_record_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'change records are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "change_records_append_only" BEFORE UPDATE ON "platform"."change_records"
	FOR EACH ROW EXECUTE FUNCTION "platform"."refuse_change_record_update"();
