import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostRestorePayload } from '@portal/contracts';
import { openDatabase, type Database } from '../../db/database.ts';
import { spawnTs, waitForExit, waitForLine } from '../../testing/child-process.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { insertMarketplace } from '../auth/testing.ts';
import { saveStagingWebhook } from '../delivery/staging-webhook.ts';
import { startReceiver, type TestReceiver } from '../delivery/testing.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { restoreStaging } from './restore.ts';

let target: TestDatabaseTarget;
let database: Database;
let receiver: TestReceiver;
const store = (id: string) => new PgStore(database.db, platformRegistry, id);
const ids = async (marketplace: string, resource: string, parents: string[] = []) =>
  (await store(marketplace).find(resource, parents)).map((found) => found.id).sort();

async function arrange(staging: string, production: string): Promise<void> {
  await insertMarketplace(database.db, staging, 'Staging');
  await insertMarketplace(database.db, production, 'Production');
  const prd = store(production);
  const stg = store(staging);
  for (const id of ['lamp', 'desk']) await prd.put('Products', [], { ID: id, Name: id, xp: {} });
  await prd.put('Buyers', [], { ID: 'b1', Name: 'Buyer', Active: true, xp: {} });
  await prd.put('Users', ['b1'], { ID: 'u1', Username: 'buyer', Active: true, xp: {} }, { PasswordHash: 'prod-hash' });
  await prd.put('Webhooks', [], { ID: `${production}-hook`, Name: 'Production hook', xp: {} });
  await prd.put('ApiClients', [], { ID: `${production}-client`, AppName: 'Production', xp: {} });
  await prd.saveAssignment('SecurityProfileAssignment', [], ['SecurityProfileID', 'BuyerID'], {
    SecurityProfileID: 'shopper',
    BuyerID: 'b1',
  });
  await stg.put('Products', [], { ID: 'old', Name: 'Old staging product', xp: {} });
  await stg.put('Webhooks', [], { ID: `${staging}-hook`, Name: 'Staging hook', xp: {} });
  await stg.put('ApiClients', [], { ID: `${staging}-client`, AppName: 'Staging', xp: {} });
  await stg.put('AdminUsers', [], { ID: 'tester', Username: 'tester', Active: true, xp: {} });
  await stg.saveAssignment('SecurityProfileAssignment', [], ['SecurityProfileID', 'UserID'], {
    SecurityProfileID: 'full',
    UserID: 'tester',
  });
}

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  database = await openDatabase(target.target);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
  await target?.dispose();
});

describe('the staging restore', () => {
  it("copies Production into Staging, keeps Staging's access and integration settings, and notifies", async () => {
    await arrange('stg', 'prd');
    await saveStagingWebhook(database.db, 'stg', { URL: `${receiver.url}/restored`, HashKey: 'restore-key' });
    const summary = await restoreStaging(database.db, 'stg', 'prd');
    expect(summary).toMatchObject({ SourceMarketplaceID: 'prd', Notified: true });
    expect(await ids('stg', 'Products')).toEqual(['desk', 'lamp']);
    expect(await ids('stg', 'Users', ['b1'])).toEqual(['u1']);
    expect(await store('stg').getSecret('Users', ['b1'], 'u1')).toEqual({ PasswordHash: 'prod-hash' });
    expect(await ids('stg', 'Webhooks')).toEqual(['stg-hook']);
    expect(await ids('stg', 'ApiClients')).toEqual(['stg-client']);
    expect(await ids('stg', 'AdminUsers')).toEqual(['tester']);
    const profiles = await store('stg').findAssignments('SecurityProfileAssignment', [], {});
    expect(profiles.map((item) => item.BuyerID ?? item.UserID).sort()).toEqual(['b1', 'tester']);
    // Production is untouched.
    expect(await ids('prd', 'Products')).toEqual(['desk', 'lamp']);
    expect(await ids('prd', 'Webhooks')).toEqual(['prd-hook']);
    const [request] = await receiver.waitFor(1);
    expect(request?.signedWith('restore-key')).toBe(true);
    expect(request?.body).toMatchObject({
      Event: 'StagingRestoreCompleted',
      Test: false,
      MarketplaceID: 'stg',
      SourceMarketplaceID: 'prd',
    } satisfies Partial<PostRestorePayload>);
  });

  it('refuses to restore into anything but Staging or from anything but Production', async () => {
    await expect(restoreStaging(database.db, 'prd', 'stg')).rejects.toMatchObject({ status: 404 });
    await insertMarketplace(database.db, 'sbx', 'Sandbox');
    await expect(restoreStaging(database.db, 'stg', 'sbx')).rejects.toMatchObject({ status: 400 });
  });

  it('leaves Staging as it was when the process is killed (kill -9) in the middle of a restore', async () => {
    await arrange('stg2', 'prd2');
    // The embedded database is one process's at a time: the child takes it over while it restores.
    if (target.target.kind === 'pglite') await database.close();
    const child = spawnTs('src/testing/staging-restore-runner.ts', [JSON.stringify(target.target), 'stg2', 'prd2']);
    await waitForLine(child, /cleared/);
    child.kill('SIGKILL');
    await waitForExit(child);
    // On PostgreSQL the killed session's transaction is rolled back once the server sees its connection
    // close; its removals were never visible to anyone else.
    if (target.target.kind === 'pglite') database = await openDatabase(target.target);
    expect(await ids('stg2', 'Products')).toEqual(['old']);
    expect(await ids('stg2', 'Webhooks')).toEqual(['stg2-hook']);
    expect(await ids('stg2', 'Buyers')).toEqual([]);
    // And a restore after it completes.
    await restoreStaging(database.db, 'stg2', 'prd2');
    expect(await ids('stg2', 'Products')).toEqual(['desk', 'lamp']);
  });
});
