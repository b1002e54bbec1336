CREATE TABLE "portal"."connected_marketplaces" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"api_url" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reached_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "connected_marketplaces_name_idx" ON "portal"."connected_marketplaces" USING btree ("organization_id","name");