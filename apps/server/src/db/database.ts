import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { prepareNewDataDir } from './pglite-cluster.ts';

/** The Drizzle handle every part uses; the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Rows of a raw statement, as pg-boss and the health check read them. */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Runs raw SQL. Without values the text may hold several statements (pg-boss sends its
   * migrations that way); with values it is one parameterised statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Runs `work` while holding a database-wide lock, so two processes never run it at once. */
  withExclusiveLock<T>(key: number, work: (db: Db) => Promise<T>): Promise<T>;
  /** Connections of a pool (PostgreSQL), for `/metrics`; absent where there is no pool (PGlite). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}

async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  await prepareNewDataDir(dataDir);
  // pg_trgm backs the search indexes' "contains" (platform migration 0009).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // The two drivers' HKTs differ only in result typing; every part uses the shared PgDatabase API.
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    // One PGlite instance is one connection owned by this process, so serialising is enough.
    async withExclusiveLock(_key, work) {
      return work(db);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, a dropped test database) is only
  // removed from the pool; without a listener node-postgres would crash the process over it.
  pool.on('error', () => undefined);
  // Fail at start-up with the driver's message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      // A multi-statement text answers with one result per statement; the last one is wanted.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: last?.rows ?? [] };
    },
    async withExclusiveLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await work(drizzlePostgres(client) as unknown as Db);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
