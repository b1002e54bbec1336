CREATE SCHEMA "platform";
--> statement-breakpoint
CREATE TABLE "platform"."assignments" (
	"marketplace_id" text NOT NULL,
	"kind" text NOT NULL,
	"parent_key" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"body" jsonb NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "assignments_marketplace_id_kind_parent_key_key_pk" PRIMARY KEY("marketplace_id","kind","parent_key","key")
);
--> statement-breakpoint
CREATE TABLE "platform"."documents" (
	"marketplace_id" text NOT NULL,
	"resource" text NOT NULL,
	"parent_key" text DEFAULT '' NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	"secret" jsonb,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_marketplace_id_resource_parent_key_id_pk" PRIMARY KEY("marketplace_id","resource","parent_key","id")
);
--> statement-breakpoint
CREATE TABLE "platform"."marketplaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"region_id" text NOT NULL,
	"region_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"marketplace_id" text NOT NULL,
	"client_id" text NOT NULL,
	"subject" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assignments_body_idx" ON "platform"."assignments" USING gin ("body" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "documents_body_idx" ON "platform"."documents" USING gin ("body" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "documents_lower_id_idx" ON "platform"."documents" USING btree ("marketplace_id","resource",lower("id"));--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "platform"."refresh_tokens" USING btree ("expires_at");