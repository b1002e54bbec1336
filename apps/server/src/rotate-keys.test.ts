import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBus, type Bus } from './cluster/bus.ts';
import { CHANNELS } from './cluster/channels.ts';
import { parseRotateKeysArgs } from './rotate-keys-cli.ts';
import { rotateKeys } from './rotate-keys.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

let test: TestDatabase;
let bus: Bus;

beforeAll(async () => {
  test = await createTestDatabase();
  bus = await openBus(test.database);
});
afterAll(async () => {
  await bus.close();
  await test.dispose();
});

describe('npm run rotate-keys', () => {
  it('reads which keys to rotate from its arguments', () => {
    expect(parseRotateKeysArgs([])).toEqual({ owners: ['platform', 'identity'], listOnly: false });
    expect(parseRotateKeysArgs(['--identity', '--list'])).toEqual({ owners: ['identity'], listOnly: true });
    expect(parseRotateKeysArgs(['--help'])).toBe('help');
    expect(() => parseRotateKeysArgs(['--platform', '--identity'])).toThrow(/not both/);
    expect(() => parseRotateKeysArgs(['--everything'])).toThrow();
  });

  it('rotates both key sets, tells the running processes and describes the keys', async () => {
    const told: string[] = [];
    bus.subscribe(CHANNELS.platformSigningKeys, () => told.push('platform'));
    bus.subscribe(CHANNELS.identitySigningKeys, () => told.push('identity'));
    await rotateKeys(test.database.db, { owners: ['platform', 'identity'], bus });
    const lines = await rotateKeys(test.database.db, { owners: ['platform', 'identity'], bus });
    // Notifications arrive in commit order: once a later one is here, so are the rotations'.
    const marker = new Promise<void>((resolve) => bus.subscribe('test.marker', () => resolve()));
    await bus.publish('test.marker', '', test.database.db);
    await marker;
    expect(lines).toEqual([
      expect.stringMatching(
        /^Platform: key \S+ signs new access tokens from now on; retired .*: \S+; removed .*: none\.$/,
      ),
      expect.stringMatching(/^Platform keys: \S+ \(signing\), \S+ \(retired .+\)\.$/),
      expect.stringMatching(/^Identity: key \S+ is published now and signs sign-in tokens from \S+; retired then/),
      expect.stringMatching(/^Identity keys \(published, newest first\): \S+, \S+, \S+\.$/),
    ]);
    expect(told).toEqual(['platform', 'identity', 'platform', 'identity']);
    const listed = await rotateKeys(test.database.db, { owners: ['platform'], listOnly: true });
    expect(listed).toEqual([lines[1]]);
  });
});
