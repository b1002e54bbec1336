import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { SchemaOwner } from './db/migrate.ts';
import type { JobDefinition } from './jobs/job-queue.ts';

/**
 * One back-end part (ARCHITECTURE §2): mounted at its own prefix, owning its routes, its Postgres
 * schema and its jobs, so that it could later run on a host of its own.
 */
export interface Part {
  name: string;
  /** URL prefix, e.g. `/platform`. */
  prefix: string;
  /** Encapsulated plugin registered under the prefix; it reads shared services from the instance. */
  plugin: FastifyPluginAsync;
  /** Migrations folder when the part keeps data. */
  migrationsFolder?: string;
  jobs?: readonly JobDefinition[];
  /** Creates the part's demo data on first start (must do nothing when it already exists). */
  seed?: (database: Database, config: Config) => Promise<void>;
  /** Demo sign-ins this part creates, printed when the server is ready. */
  demoAccounts?: readonly string[];
}

export function schemaOwners(parts: readonly Part[]): SchemaOwner[] {
  return parts.flatMap((part) =>
    part.migrationsFolder ? [{ name: part.name, migrationsFolder: part.migrationsFolder }] : [],
  );
}
