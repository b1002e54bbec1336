import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { coreServices } from '../http/core-services.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../testing/test-database.ts';
import { SHARED_SETTING, withSharedSecrets, type StartupLog } from './shared-secrets.ts';
import { readSetting } from './shared-settings.ts';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());

/** A logger keeping what it is told. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; details: object; message: string }[] = [];
  const log: StartupLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
  return { log, lines, warnings: () => lines.filter((line) => line.level === 'warn') };
}

/** A process's settings: PLATFORM_MGMT_SECRET unset unless given, PUBLIC_URL as given. */
function processConfig(publicUrl: string, secret = ''): Config {
  return testConfig(test.target, {
    platformMgmtSecret: secret,
    publicUrl,
    identityIssuer: `${publicUrl}/identity`,
    portalAudience: `${publicUrl}/portal-api`,
  });
}

describe('withSharedSecrets', () => {
  it('uses PLATFORM_MGMT_SECRET when set and stores nothing for it', async () => {
    const resolved = await withSharedSecrets(
      test.database,
      processConfig('http://one.test', 'from-the-environment'),
      recordingLog().log,
    );
    expect(resolved.platformMgmtSecret).toBe('from-the-environment');
    expect(await readSetting(test.database.db, SHARED_SETTING.platformMgmtSecret)).toBeUndefined();
  });

  it('creates the management secret once in the database for every process without one', async () => {
    const first = recordingLog();
    const second = recordingLog();
    const a = await withSharedSecrets(test.database, processConfig('http://one.test'), first.log);
    const b = await withSharedSecrets(test.database, processConfig('http://one.test'), second.log);
    expect(a.platformMgmtSecret).toMatch(/^[\w-]{43}$/);
    expect(b.platformMgmtSecret).toBe(a.platformMgmtSecret);
    expect(await readSetting(test.database.db, SHARED_SETTING.platformMgmtSecret)).toBe(a.platformMgmtSecret);
    expect(first.lines.map((line) => line.message)).toEqual([expect.stringContaining('created the platform')]);
    expect(second.lines).toEqual([]);
    // The environment still wins over the stored secret.
    const c = await withSharedSecrets(test.database, processConfig('http://one.test', 'mine'), recordingLog().log);
    expect(c.platformMgmtSecret).toBe('mine');
  });

  it('warns a process whose PUBLIC_URL differs from the first process, saying what breaks', async () => {
    // The first test's process recorded http://one.test.
    const same = recordingLog();
    await withSharedSecrets(test.database, processConfig('http://one.test'), same.log);
    expect(same.warnings()).toEqual([]);

    const other = recordingLog();
    await withSharedSecrets(test.database, processConfig('http://two.test'), other.log);
    expect(other.warnings()).toHaveLength(1);
    const [warning] = other.warnings();
    expect(warning?.details).toEqual({ publicUrl: 'http://two.test', sharedPublicUrl: 'http://one.test' });
    expect(warning?.message).toContain('PUBLIC_URL of this process is http://two.test');
    expect(warning?.message).toContain('use http://one.test');
    expect(warning?.message).toContain('issuer http://two.test/identity and audience http://two.test/portal-api');
    expect(warning?.message).toContain('issuer and audience http://two.test/platform');
    // The first URL stays recorded: a third process with it is not warned.
    const third = recordingLog();
    await withSharedSecrets(test.database, processConfig('http://one.test'), third.log);
    expect(third.warnings()).toEqual([]);
  });
});

describe('core services', () => {
  it('refuses to build an app whose management secret was never resolved', async () => {
    const app = Fastify();
    await expect(
      app.register(coreServices, { config: processConfig('http://one.test'), database: test.database }),
    ).rejects.toThrow(/management secret is not set/);
    await app.close();
  });
});
