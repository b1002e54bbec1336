import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryView } from '@portal/contracts';
import type { PostRestorePayload } from '@portal/contracts';
import { insertMarketplace } from '../platform/auth/testing.ts';
import { startReceiver, type TestReceiver } from '../platform/delivery/testing.ts';
import { NO_GRANTS } from './role-groups.ts';
import { STAGING_NEEDS_ORG_ADMIN, STAGING_NOT_AUTHORIZED } from './routes-staging-restore.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
let receiver: TestReceiver;
const tokens = { sandboxOwner: '', owner: '', restorer: '', viewer: '' };
const STAGING = 'mkt-staging';

const call = (method: string, token: string, body?: unknown, path = '/stagingrestorewebhook') =>
  t.call(path, token, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const detail = (body: unknown) => (body as { detail: string }).detail;

beforeAll(async () => {
  t = await startPortalTestServer();
  receiver = await startReceiver();
  await insertMarketplace(t.server.database.db, STAGING, 'Staging');
  tokens.sandboxOwner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], STAGING));
  tokens.restorer = await t.identity.sign(userClaims('restorer@org.test', ['Organization User'], STAGING));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User'], STAGING));
  await call(
    'PUT',
    tokens.owner,
    {
      Id: 'custom-group-1',
      Name: 'Restorers',
      ...NO_GRANTS,
      OcRoles: [],
      StagingRestoreAdmin: true,
    },
    '/marketplace/roles/custom-group-1',
  );
  await call('PUT', tokens.owner, undefined, '/marketplace/roles/custom-group-1/members/restorer@org.test');
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});

describe('the post-restore webhook in the portal service', () => {
  it('exists on Staging marketplaces only', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await call(
        method,
        tokens.sandboxOwner,
        method === 'PUT' ? { URL: receiver.url, HashKey: 'k' } : undefined,
      );
      expect(answer.status).toBe(404);
      expect(detail(answer.body)).toBe('Staging restore is available for Staging marketplaces only.');
    }
    expect((await call('POST', tokens.sandboxOwner, undefined, '/stagingrestorewebhook/test')).status).toBe(404);
  });

  it('needs StagingRestoreAdmin to view, and an organization admin to edit, delete or test', async () => {
    const viewer = await call('GET', tokens.viewer);
    expect(viewer.status).toBe(403);
    expect(detail(viewer.body)).toBe(STAGING_NOT_AUTHORIZED);
    const none = await call('GET', tokens.restorer);
    expect(none.status).toBe(404);
    expect(detail(none.body)).toBe('No post-restore webhook is saved for this marketplace.');
    for (const [method, path] of [
      ['PUT', '/stagingrestorewebhook'],
      ['DELETE', '/stagingrestorewebhook'],
      ['POST', '/stagingrestorewebhook/test'],
    ] as const) {
      const answer = await call(
        method,
        tokens.restorer,
        method === 'PUT' ? { URL: receiver.url, HashKey: 'k' } : undefined,
        path,
      );
      expect(answer.status).toBe(403);
      expect(detail(answer.body)).toBe(STAGING_NEEDS_ORG_ADMIN);
    }
  });

  it('saves, tests (a signed sample now, answered with the receiver status) and deletes', async () => {
    const missing = await call('PUT', tokens.owner, { URL: `${receiver.url}/restored` });
    expect(missing.status).toBe(400);
    expect(detail(missing.body)).toBe('HashKey is required.');
    expect((await call('PUT', tokens.owner, { URL: 'ftp://example.com', HashKey: 'k' })).status).toBe(400);
    const saved = await call('PUT', tokens.owner, { URL: `${receiver.url}/restored`, HashKey: 'restore-key' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ URL: `${receiver.url}/restored`, HashKey: 'restore-key' });
    expect((await call('GET', tokens.restorer)).body).toEqual(saved.body);

    const tested = await call('POST', tokens.owner, undefined, '/stagingrestorewebhook/test');
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      Source: 'StagingRestore',
      PayloadKind: 'Post-restore test',
      Status: 'Delivered',
      LastStatusCode: 200,
    } satisfies Partial<DeliveryView>);
    const [request] = receiver.received;
    expect(request?.path).toBe('/restored');
    expect(request?.signedWith('restore-key')).toBe(true);
    expect(request?.body).toEqual({
      Event: 'StagingRestoreCompleted',
      Test: true,
      MarketplaceID: STAGING,
      SourceMarketplaceID: null,
      Date: expect.any(String),
    } satisfies PostRestorePayload);

    receiver.script.push(500);
    const failing = await call('POST', tokens.owner, undefined, '/stagingrestorewebhook/test');
    expect(failing.body).toMatchObject({ Status: 'Retrying', LastStatusCode: 500, Attempts: 1 });

    const log = await t.call('/deliveries?source=StagingRestore', tokens.restorer);
    expect(log.status).toBe(200);
    expect(
      (log.body as { Items: DeliveryView[] }).Items.map((entry) => [entry.PayloadKind, entry.LastStatusCode]),
    ).toEqual([
      ['Post-restore test', 500],
      ['Post-restore test', 200],
    ]);
    expect((await t.call('/deliveries?source=StagingRestore', tokens.viewer)).status).toBe(403);
    expect((await t.call('/deliveries?source=Webhook', tokens.restorer)).status).toBe(403);
    expect((await t.call('/deliveries?source=Everything', tokens.owner)).status).toBe(400);

    expect((await call('DELETE', tokens.owner)).status).toBe(204);
    expect((await call('GET', tokens.owner)).status).toBe(404);
    expect((await call('DELETE', tokens.owner)).status).toBe(404);
    expect((await call('POST', tokens.owner, undefined, '/stagingrestorewebhook/test')).status).toBe(404);
  });
});
