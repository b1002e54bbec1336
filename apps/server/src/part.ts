import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { clusterSchemaOwner } from './cluster/schema-owner.ts';
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
  /**
   * The part's error body, for client errors found before a request reaches the part (a URL that
   * cannot be decoded, a path parameter over the router's length limit); the server-wide
   * `{ error, message }` shape when absent.
   */
  errorBody?: (error: ClientErrorDescription) => { body: unknown; contentType?: string };
}

/** A client error in words: its status, a stable code and a message for the caller. */
export interface ClientErrorDescription {
  status: number;
  code: string;
  message: string;
}

/** What to migrate for these parts: the server's own `cluster` schema first, then each part's. */
export function schemaOwners(parts: readonly Part[]): SchemaOwner[] {
  return [
    clusterSchemaOwner,
    ...parts.flatMap((part) =>
      part.migrationsFolder ? [{ name: part.name, migrationsFolder: part.migrationsFolder }] : [],
    ),
  ];
}
