-- Which root products and orders each list version changed (issue 22, lists after a write): a process
-- that keeps a list's matches (engine/kept-lists.ts) reads the ids changed since its version and
-- re-tests only those, instead of reading every match again. Rows of one version share `n` (one more
-- than the previous version's) and `previous`; a NULL id means "more changed than listed": read all.
-- Not in schema.ts: like the triggers, it is kept by SQL only.
CREATE TABLE "platform"."list_changes" (
	"marketplace_id" text NOT NULL,
	"resource" text NOT NULL,
	"n" bigint NOT NULL,
	"version" text NOT NULL,
	"previous" text,
	"id" text
);
--> statement-breakpoint
CREATE INDEX "list_changes_pair_n_idx" ON "platform"."list_changes" ("marketplace_id", "resource", "n");
--> statement-breakpoint
-- As in 0005, plus the log: the first row of a pair in a transaction takes the version row's lock (so
-- versions follow commit order), gives it a new version and prunes the log to the last 200 versions;
-- every row then logs its id (both ids of a rename), up to 500 a transaction.
CREATE OR REPLACE FUNCTION "platform"."bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marketplace text;
  kind text;
  setting text;
  state text[];
  old_version text;
  new_version text;
  next_n bigint;
  logged integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    marketplace := OLD.marketplace_id;
    kind := OLD.resource;
  ELSE
    marketplace := NEW.marketplace_id;
    kind := NEW.resource;
  END IF;
  setting := 'platform.list_change_' || md5(marketplace || E'\t' || kind);
  state := string_to_array(nullif(current_setting(setting, true), ''), '|');
  IF state IS NULL THEN
    SELECT v.version INTO old_version FROM "platform"."list_versions" v
      WHERE v.marketplace_id = marketplace AND v.resource = kind FOR UPDATE;
    next_n := coalesce((SELECT c.n FROM "platform"."list_changes" c
                        WHERE c.marketplace_id = marketplace AND c.resource = kind AND c.version = old_version
                        LIMIT 1), 0) + 1;
    new_version := gen_random_uuid()::text;
    INSERT INTO "platform"."list_versions" (marketplace_id, resource, version)
    VALUES (marketplace, kind, new_version)
    ON CONFLICT (marketplace_id, resource) DO UPDATE SET version = excluded.version;
    DELETE FROM "platform"."list_changes" c
      WHERE c.marketplace_id = marketplace AND c.resource = kind AND c.n <= next_n - 200;
    logged := 0;
  ELSE
    next_n := state[1]::bigint;
    new_version := state[2];
    old_version := nullif(state[3], '');
    logged := state[4]::integer;
  END IF;
  IF logged < 500 THEN
    INSERT INTO "platform"."list_changes" (marketplace_id, resource, n, version, previous, id)
    SELECT marketplace, kind, next_n, new_version, old_version, changed.id
    FROM (SELECT CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END AS id
          UNION SELECT OLD.id WHERE TG_OP = 'UPDATE') changed;
  ELSIF logged = 500 THEN
    INSERT INTO "platform"."list_changes" (marketplace_id, resource, n, version, previous, id)
    VALUES (marketplace, kind, next_n, new_version, old_version, NULL);
  END IF;
  PERFORM set_config(setting, concat_ws('|', next_n, new_version, coalesce(old_version, ''), logged + 1), true);
  RETURN NULL;
END $$;
