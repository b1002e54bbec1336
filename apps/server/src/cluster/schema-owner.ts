import path from 'node:path';
import type { SchemaOwner } from '../db/migrate.ts';

/**
 * The `cluster` schema belongs to the server as a whole rather than to one part, so it is migrated
 * with every set of parts (`schemaOwners` in part.ts), first.
 */
export const clusterSchemaOwner: SchemaOwner = {
  name: 'cluster',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
};
