CREATE SCHEMA "portal";
--> statement-breakpoint
CREATE TABLE "portal"."memberships" (
	"marketplace_id" text NOT NULL,
	"role_group_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_marketplace_id_role_group_id_email_pk" PRIMARY KEY("marketplace_id","role_group_id","email")
);
--> statement-breakpoint
CREATE TABLE "portal"."role_groups" (
	"marketplace_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"oc_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"impersonate_buyer" boolean DEFAULT false NOT NULL,
	"impersonate_seller" boolean DEFAULT false NOT NULL,
	"impersonate_supplier" boolean DEFAULT false NOT NULL,
	"index_admin" boolean DEFAULT false NOT NULL,
	"sync_admin" boolean DEFAULT false NOT NULL,
	"staging_restore_admin" boolean DEFAULT false NOT NULL,
	"subscription_admin" boolean DEFAULT false NOT NULL,
	"role_groups_admin" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_groups_marketplace_id_id_pk" PRIMARY KEY("marketplace_id","id")
);
--> statement-breakpoint
ALTER TABLE "portal"."memberships" ADD CONSTRAINT "memberships_marketplace_id_role_group_id_role_groups_marketplace_id_id_fk" FOREIGN KEY ("marketplace_id","role_group_id") REFERENCES "portal"."role_groups"("marketplace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_email_idx" ON "portal"."memberships" USING btree ("marketplace_id","email");