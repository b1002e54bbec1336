-- A trigram index over each search entry's fields (issue 24: the command palette over 100,000 products): a
-- "contains" search finds its candidate entries through it instead of testing every document of the marketplace
-- (search/search-sql.ts). pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, so the database's
-- owner may create it; the embedded database loads it at open (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "search_entries_fields_trgm_idx" ON "platform"."search_entries" USING gin (("fields"::text) gin_trgm_ops);
