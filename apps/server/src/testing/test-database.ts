import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../db/database.ts';
import { databaseUrlFor } from './postgres-url.ts';
import type {} from './provided-context.ts';

export interface TestDatabaseTarget {
  target: DatabaseTarget;
  /** Drops the copy; call once the file's tests are done. */
  dispose(): Promise<void>;
}

/**
 * A private, already migrated database for one test file: a copy of the PGlite template, or a
 * clone of the PostgreSQL template when TEST_DATABASE_URL is set (CI runs both ways).
 */
export async function createTestDatabaseTarget(): Promise<TestDatabaseTarget> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = inject('postgresTemplate');
  if (serverUrl && postgresTemplate) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
    try {
      await admin.executeSql(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    } finally {
      await admin.close();
    }
    return {
      target: { kind: 'postgres', url: databaseUrlFor(serverUrl, name) },
      async dispose() {
        const cleaner = await openDatabase({ kind: 'postgres', url: serverUrl });
        await cleaner.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleaner.close();
      },
    };
  }
  const dataDir = await copyPgliteTemplate();
  return {
    target: { kind: 'pglite', dataDir },
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh folder holding a copy of the migrated PGlite template. */
export async function copyPgliteTemplate(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  await fs.cp(inject('pgliteTemplate'), dataDir, { recursive: true });
  return dataDir;
}

export interface TestDatabase extends TestDatabaseTarget {
  database: Database;
}

/** An open private database; `dispose` closes and drops it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { target, dispose } = await createTestDatabaseTarget();
  const database = await openDatabase(target);
  return {
    target,
    database,
    async dispose() {
      await database.close();
      await dispose();
    },
  };
}

/**
 * Server settings for a test: an ephemeral port, quiet logs, no jobs, no demo data and a private
 * management secret, unless `overrides` says otherwise.
 */
export function testConfig(target: DatabaseTarget, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
  });
  return {
    ...base,
    // As if PLATFORM_MGMT_SECRET were set: an app built without `startServer` never reads the
    // database's shared one. A test of the shared secret passes `platformMgmtSecret: ''`.
    platformMgmtSecret: randomBytes(32).toString('base64url'),
    ...(target.kind === 'pglite' ? { dataDir: target.dataDir, databaseUrl: undefined } : { databaseUrl: target.url }),
    ...overrides,
  };
}
