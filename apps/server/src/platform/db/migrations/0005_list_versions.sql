CREATE TABLE "platform"."list_versions" (
	"marketplace_id" text NOT NULL,
	"resource" text NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "list_versions_marketplace_id_resource_pk" PRIMARY KEY("marketplace_id","resource")
);
--> statement-breakpoint
-- Each committed write to a marketplace's root products or orders gives the pair a new random version.
-- Deferred to commit, so the version row is locked only while the transaction commits; once per pair
-- and transaction (a bulk insert of 100,000 products updates it once).
CREATE FUNCTION "platform"."bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marketplace text;
  kind text;
  pair text;
  bumped text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    marketplace := OLD.marketplace_id;
    kind := OLD.resource;
  ELSE
    marketplace := NEW.marketplace_id;
    kind := NEW.resource;
  END IF;
  pair := E'\n' || marketplace || E'\t' || kind || E'\n';
  bumped := coalesce(current_setting('platform.bumped_list_versions', true), '');
  IF position(pair IN bumped) > 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO "platform"."list_versions" (marketplace_id, resource, version)
  VALUES (marketplace, kind, gen_random_uuid()::text)
  ON CONFLICT (marketplace_id, resource) DO UPDATE SET version = excluded.version;
  PERFORM set_config('platform.bumped_list_versions', bumped || pair, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_list_version_insert" AFTER INSERT ON "platform"."documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.parent_key = '' AND NEW.resource IN ('Products', 'Orders'))
  EXECUTE FUNCTION "platform"."bump_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_list_version_update" AFTER UPDATE ON "platform"."documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.parent_key = '' AND NEW.resource IN ('Products', 'Orders'))
  EXECUTE FUNCTION "platform"."bump_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_list_version_delete" AFTER DELETE ON "platform"."documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.parent_key = '' AND OLD.resource IN ('Products', 'Orders'))
  EXECUTE FUNCTION "platform"."bump_list_version"();
