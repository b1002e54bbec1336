-- Document writes with their change records (issue 23: recording must add under 10 % to a write). The same work as
-- one statement with CTEs (read the state before, write, insert the record when that state is the one the record was
-- computed from) cost a recorded write 0.3 ms more than the plain write, most of it parsing and planning that larger
-- statement afresh on every call; a function's statements are planned once per connection.
--
-- recorded_put stores a whole document: the upsert PgStore.put sends when nothing is recorded (engine/pg-store.ts;
-- change them together). With a record, the usual case is one statement: an update guarded on the object still being
-- the state the request read (p_expected), or an insert when it read none; then the record. Otherwise (no record
-- given, or another writer changed the object since the request read it) the state before is read with FOR UPDATE,
-- the upsert made and that state answered, for the caller to record from.
-- The record both functions below insert (plpgsql too, so its statement is planned once per connection as well).
CREATE FUNCTION "platform"."insert_change_record"(
	p_marketplace text, p_operation text, p_kind text, p_type text, p_id text, p_parent_key text, p_actor_id text,
	p_username text, p_actor_type text, p_company text, p_client text, p_impersonator text, p_request text,
	p_changes jsonb, p_last_state jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	v_id bigint;
BEGIN
	INSERT INTO "platform"."change_records" (marketplace_id, operation_id, kind, resource_type, resource_id, parent_key,
		actor_id, actor_username, actor_type, actor_company_id, client_id, impersonator_id, request_id, changes, last_state)
	VALUES (p_marketplace, p_operation, p_kind, p_type, p_id, p_parent_key, p_actor_id, p_username, p_actor_type,
		p_company, p_client, p_impersonator, p_request, p_changes, p_last_state)
	RETURNING id INTO v_id;
	RETURN v_id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "platform"."recorded_put"(
	p_marketplace text, p_resource text, p_parent_key text, p_id text, p_body jsonb, p_secret jsonb,
	p_expected jsonb DEFAULT NULL, p_operation text DEFAULT NULL, p_kind text DEFAULT NULL, p_type text DEFAULT NULL,
	p_actor_id text DEFAULT NULL, p_username text DEFAULT NULL, p_actor_type text DEFAULT NULL,
	p_company text DEFAULT NULL, p_client text DEFAULT NULL, p_impersonator text DEFAULT NULL,
	p_request text DEFAULT NULL, p_changes jsonb DEFAULT NULL, p_last_state jsonb DEFAULT NULL,
	OUT record_id bigint, OUT body jsonb
) LANGUAGE plpgsql AS $$
DECLARE
	v_before jsonb;
BEGIN
	IF p_kind IS NOT NULL THEN
		-- The usual case, in one statement: the object is still as the request read it (or still missing).
		IF p_expected IS NULL THEN
			INSERT INTO "platform"."documents" (marketplace_id, resource, parent_key, id, body, secret)
			VALUES (p_marketplace, p_resource, p_parent_key, p_id, p_body, p_secret)
			ON CONFLICT (marketplace_id, resource, parent_key, id) DO NOTHING;
		ELSE
			UPDATE "platform"."documents" d
			SET body = p_body, secret = coalesce(p_secret, d.secret), updated_at = now()
			WHERE d.marketplace_id = p_marketplace AND d.resource = p_resource AND d.parent_key = p_parent_key
				AND d.id = p_id AND d.body = p_expected;
		END IF;
		IF FOUND THEN
			record_id := "platform"."insert_change_record"(p_marketplace, p_operation, p_kind, p_type, p_id, p_parent_key,
				p_actor_id, p_username, p_actor_type, p_company, p_client, p_impersonator, p_request, p_changes, p_last_state);
			RETURN;
		END IF;
	END IF;
	SELECT d.body INTO v_before FROM "platform"."documents" d
	WHERE d.marketplace_id = p_marketplace AND d.resource = p_resource AND d.parent_key = p_parent_key AND d.id = p_id
	FOR UPDATE;
	INSERT INTO "platform"."documents" (marketplace_id, resource, parent_key, id, body, secret)
	VALUES (p_marketplace, p_resource, p_parent_key, p_id, p_body, p_secret)
	ON CONFLICT (marketplace_id, resource, parent_key, id) DO UPDATE
	SET body = excluded.body, secret = coalesce(excluded.secret, "platform"."documents".secret), updated_at = now();
	body := v_before;
END
$$;
--> statement-breakpoint
-- A create with its change record, for the same reason: the insert PgStore.insert sends when nothing is recorded
-- (engine/pg-store.ts; change them together), then the record when the object was inserted. `inserted` is false when
-- it clashed with an existing id (in this marketplace, or an API client id anywhere: ON CONFLICT names no target).
CREATE FUNCTION "platform"."recorded_insert"(
	p_marketplace text, p_resource text, p_parent_key text, p_id text, p_body jsonb, p_secret jsonb,
	p_operation text, p_kind text, p_type text, p_actor_id text, p_username text, p_actor_type text, p_company text,
	p_client text, p_impersonator text, p_request text, p_changes jsonb, p_last_state jsonb,
	OUT inserted boolean, OUT record_id bigint
) LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "platform"."documents" (marketplace_id, resource, parent_key, id, body, secret)
	VALUES (p_marketplace, p_resource, p_parent_key, p_id, p_body, p_secret)
	ON CONFLICT DO NOTHING;
	inserted := FOUND;
	IF inserted THEN
		record_id := "platform"."insert_change_record"(p_marketplace, p_operation, p_kind, p_type, p_id, p_parent_key,
			p_actor_id, p_username, p_actor_type, p_company, p_client, p_impersonator, p_request, p_changes, p_last_state);
	END IF;
END
$$;
