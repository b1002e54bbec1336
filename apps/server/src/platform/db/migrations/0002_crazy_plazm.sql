-- Before API client ids were unique across marketplaces, a marketplace could reuse another's id; the token
-- endpoint then always resolved it to the oldest client. Newer copies get a fresh GUID so the index can be built.
UPDATE "platform"."documents" d SET "id" = renamed.new_id, "body" = jsonb_set(d."body", '{ID}', to_jsonb(renamed.new_id))
FROM (
  SELECT ranked.marketplace_id, ranked.id, upper(gen_random_uuid()::text) AS new_id FROM (
    SELECT marketplace_id, id, row_number() OVER (PARTITION BY id ORDER BY seq) AS copy
    FROM "platform"."documents" WHERE resource = 'ApiClients' AND parent_key = ''
  ) ranked WHERE ranked.copy > 1
) renamed
WHERE d.resource = 'ApiClients' AND d.parent_key = '' AND d.marketplace_id = renamed.marketplace_id AND d.id = renamed.id;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_api_client_id_idx" ON "platform"."documents" USING btree ("id") WHERE "platform"."documents"."resource" = 'ApiClients' AND "platform"."documents"."parent_key" = '';