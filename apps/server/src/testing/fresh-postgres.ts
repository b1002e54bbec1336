import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/database.ts';
import { databaseUrlFor } from './postgres-url.ts';

export interface FreshPostgres {
  /** Connection string of the new, empty database. */
  url: string;
  /** Drops it, closing any connection still open (a killed process may leave some behind). */
  drop(): Promise<void>;
}

/**
 * An empty database (no template, no migrations) on the PostgreSQL server at `serverUrl`, so
 * whoever connects first runs every migration, as on a real first deployment.
 */
export async function createFreshPostgres(serverUrl: string): Promise<FreshPostgres> {
  const name = `portal_fresh_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  let dropped = false;
  return {
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  try {
    await admin.executeSql(statement);
  } finally {
    await admin.close();
  }
}
