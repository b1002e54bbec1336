CREATE SCHEMA "cluster";
--> statement-breakpoint
CREATE TABLE "cluster"."shared_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
