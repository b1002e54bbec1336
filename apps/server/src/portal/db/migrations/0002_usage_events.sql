CREATE TABLE "portal"."usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal"."usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_events_organization_idx" ON "portal"."usage_events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "usage_events_occurred_idx" ON "portal"."usage_events" USING btree ("occurred_at");