CREATE SCHEMA "receiver";
--> statement-breakpoint
CREATE TABLE "receiver"."received_requests" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"delivery_id" text,
	"outcome" text NOT NULL,
	"response_status" integer NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"body_bytes" integer NOT NULL,
	"body_truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "received_requests_marketplace_idx" ON "receiver"."received_requests" USING btree ("marketplace_id","seq");--> statement-breakpoint
CREATE INDEX "received_requests_delivery_idx" ON "receiver"."received_requests" USING btree ("marketplace_id","delivery_id");