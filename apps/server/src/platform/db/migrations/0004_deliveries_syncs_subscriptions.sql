CREATE TABLE "platform"."deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"payload_kind" text NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"body" text,
	"signing_key" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform"."delivery_attempts" (
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	CONSTRAINT "delivery_attempts_delivery_id_attempt_pk" PRIMARY KEY("delivery_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "platform"."staging_restore_webhooks" (
	"marketplace_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"hash_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."subscription_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"summary" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "platform"."sync_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"entity" text NOT NULL,
	"kind" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"batch_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "deliveries_marketplace_idx" ON "platform"."deliveries" USING btree ("marketplace_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_source_idx" ON "platform"."deliveries" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "platform"."deliveries" USING btree ("next_attempt_at") WHERE "platform"."deliveries"."status" IN ('Pending', 'Sending', 'Retrying');--> statement-breakpoint
CREATE INDEX "subscription_runs_window_idx" ON "platform"."subscription_runs" USING btree ("marketplace_id","trigger","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_runs_one_running_idx" ON "platform"."subscription_runs" USING btree ("marketplace_id") WHERE "platform"."subscription_runs"."status" = 'Running';--> statement-breakpoint
CREATE INDEX "sync_runs_marketplace_idx" ON "platform"."sync_runs" USING btree ("marketplace_id","created_at");