CREATE TABLE "identity"."memberships" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_organization_id_user_id_role_pk" PRIMARY KEY("organization_id","user_id","role"),
	CONSTRAINT "memberships_role_known" CHECK ("identity"."memberships"."role" IN ('Organization Owner', 'Organization Admin', 'Organization User'))
);
--> statement-breakpoint
CREATE TABLE "identity"."organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."provider_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"system_id" text NOT NULL,
	"state" text DEFAULT 'Active' NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_state_known" CHECK ("identity"."tenants"."state" IN ('Active', 'Inactive'))
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"given_name" text,
	"family_name" text,
	"picture" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_lower_case" CHECK ("identity"."users"."email" = lower("identity"."users"."email"))
);
--> statement-breakpoint
ALTER TABLE "identity"."memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "identity"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."tenants" ADD CONSTRAINT "tenants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "identity"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_id_idx" ON "identity"."memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_organization_name_key" ON "identity"."tenants" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "tenants_system_id_idx" ON "identity"."tenants" USING btree ("system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "identity"."users" USING btree ("email");