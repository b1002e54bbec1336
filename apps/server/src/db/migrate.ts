import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import type { Database, Db } from './database.ts';

/** A part of the server that owns a Postgres schema and the migrations that build it. */
export interface SchemaOwner {
  /** Short name of the part; also names its migrations journal table. */
  name: string;
  /** Folder of SQL migrations made by `npm run db:generate`. */
  migrationsFolder: string;
}

/**
 * Arbitrary but fixed: the advisory-lock key every process holds while it changes the database's
 * shape (migrations, and at server start-up also demo seeding and pg-boss's schema and queues).
 */
export const SCHEMA_LOCK_KEY = 71_4000_2;

interface MigratingDialect {
  migrate(migrations: ReturnType<typeof readMigrationFiles>, session: unknown, config: MigrationConfig): Promise<void>;
}

/**
 * Brings every owner's schema up to date. Applied migrations are recorded per owner in
 * `drizzle.<name>_migrations`, so running it again changes nothing; the lock keeps two
 * processes sharing one PostgreSQL from migrating at the same time.
 */
export async function runMigrations(database: Database, owners: readonly SchemaOwner[]): Promise<void> {
  await database.withExclusiveLock(SCHEMA_LOCK_KEY, (db) => migrateHoldingLock(db, owners));
}

/**
 * The migrations alone, for a caller that already holds `SCHEMA_LOCK_KEY` through `db` (taking
 * it again from another connection of the pool would wait for ourselves forever).
 */
export async function migrateHoldingLock(db: Db, owners: readonly SchemaOwner[]): Promise<void> {
  for (const owner of owners) {
    const config: MigrationConfig = {
      migrationsFolder: owner.migrationsFolder,
      migrationsSchema: 'drizzle',
      migrationsTable: `${owner.name}_migrations`,
    };
    await applyMigrations(db, config);
  }
}

// drizzle's per-driver `migrate` helpers are these two lines; calling the dialect directly lets one
// function serve both drivers, since `Db` is the shared PgDatabase type.
async function applyMigrations(db: Db, config: MigrationConfig): Promise<void> {
  const migrations = readMigrationFiles(config);
  const internals = db as unknown as { dialect: MigratingDialect; session: unknown };
  await internals.dialect.migrate(migrations, internals.session, config);
}
