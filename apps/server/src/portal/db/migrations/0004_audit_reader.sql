ALTER TABLE "portal"."role_groups" ADD COLUMN "audit_reader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Full Access holds every grant: existing Full Access groups read the change history too, as new ones do.
UPDATE "portal"."role_groups" SET "audit_reader" = true WHERE "id" = 'full-access';
