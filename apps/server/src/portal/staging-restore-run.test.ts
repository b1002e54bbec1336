import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostRestorePayload, StagingRestoreSummary } from '@portal/contracts';
import { insertMarketplace } from '../platform/auth/testing.ts';
import { startReceiver, type TestReceiver } from '../platform/delivery/testing.ts';
import { PgStore } from '../platform/engine/pg-store.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { PORTAL_CLAIMS } from '@portal/contracts';
import { createPlatformClient } from './platform-client.ts';
import { NO_GRANTS } from './role-groups.ts';
import { STAGING_NEEDS_ORG_ADMIN, STAGING_NOT_AUTHORIZED, STAGING_ONLY } from './routes-staging-restore.ts';
import {
  NO_PRODUCTION_MARKETPLACE,
  restorePairs,
  SEVERAL_PRODUCTION_MARKETPLACES,
  weeklyStagingRestoreJob,
} from './staging-restore-source.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

// The organization's marketplaces as tenants: a Staging one restored from its Production one. Another
// organization's Production marketplace must never be the source.
const STAGING = 'run-staging';
const PRODUCTION = 'run-production';
const ORPHAN_STAGING = 'orphan-staging';
let t: PortalTestServer;
let receiver: TestReceiver;
const tokens = { owner: '', restorer: '', viewer: '', sandboxOwner: '', orphanOwner: '' };

const store = (id: string) => new PgStore(t.server.database.db, platformRegistry, id);
const productIds = async (id: string) => (await store(id).find('Products', [])).map((found) => found.id).sort();
const detail = (body: unknown) => (body as { detail: string }).detail;
const restore = (token: string, body: unknown) =>
  t.call('/stagingrestore', token, { method: 'POST', body: JSON.stringify(body) });

async function solved(): Promise<string> {
  const challenge = (await t.call('/captcha/challenge', tokens.owner)).body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function addTenant(organizationId: string, systemId: string): Promise<void> {
  await t.server.database.db.execute(
    sql`INSERT INTO identity.organizations (id, name, type, account_id)
        VALUES (${organizationId}, ${organizationId}, 'Enterprise', ${`acct-${organizationId}`}) ON CONFLICT DO NOTHING`,
  );
  await t.server.database.db.execute(
    sql`INSERT INTO identity.tenants (id, organization_id, name, display_name, system_id)
        VALUES (${`tenant-${systemId}`}, ${organizationId}, ${systemId}, ${systemId}, ${systemId})`,
  );
}

beforeAll(async () => {
  t = await startPortalTestServer();
  receiver = await startReceiver();
  const db = t.server.database.db;
  await insertMarketplace(db, STAGING, 'Staging');
  await insertMarketplace(db, PRODUCTION, 'Production');
  await insertMarketplace(db, ORPHAN_STAGING, 'Staging');
  await insertMarketplace(db, 'other-production', 'Production');
  await addTenant('org-1', STAGING);
  await addTenant('org-1', PRODUCTION);
  await addTenant('org-2', ORPHAN_STAGING);
  await addTenant('org-3', 'other-production');
  // An organization with two Production marketplaces: which one to copy is not clear, so none is.
  for (const [id, environment] of [
    ['twin-staging', 'Staging'],
    ['twin-production-a', 'Production'],
    ['twin-production-b', 'Production'],
  ] as const) {
    await insertMarketplace(db, id, environment);
    await addTenant('org-4', id);
  }
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], STAGING));
  tokens.restorer = await t.identity.sign(userClaims('restorer@org.test', ['Organization User'], STAGING));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User'], STAGING));
  tokens.sandboxOwner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.orphanOwner = await t.identity.sign({
    ...userClaims('owner@org.test', ['Organization Owner'], ORPHAN_STAGING),
    [PORTAL_CLAIMS.organizationId]: 'org-2',
  });
  await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({
      Id: 'custom-group-1',
      Name: 'Restorers',
      ...NO_GRANTS,
      OcRoles: [],
      StagingRestoreAdmin: true,
    }),
  });
  await t.call('/marketplace/roles/custom-group-1/members/restorer@org.test', tokens.owner, { method: 'PUT' });
  await store(PRODUCTION).put('Products', [], { ID: 'lamp', Name: 'Lamp', xp: {} });
  await store(STAGING).put('Products', [], { ID: 'old', Name: 'Old staging product', xp: {} });
  await t.call('/stagingrestorewebhook', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({ URL: `${receiver.url}/restored`, HashKey: 'restore-key' }),
  });
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});

describe('running the staging restore from the portal', () => {
  it('refuses users without StagingRestoreAdmin, non-org-admins and other environments, before the captcha', async () => {
    const token = await solved();
    const viewer = await restore(tokens.viewer, { Recaptcha: { Token: token } });
    expect([viewer.status, detail(viewer.body)]).toEqual([403, STAGING_NOT_AUTHORIZED]);
    const restorer = await restore(tokens.restorer, { Recaptcha: { Token: token } });
    expect([restorer.status, detail(restorer.body)]).toEqual([403, STAGING_NEEDS_ORG_ADMIN]);
    const sandbox = await restore(tokens.sandboxOwner, { Recaptcha: { Token: token } });
    expect([sandbox.status, detail(sandbox.body)]).toEqual([404, STAGING_ONLY]);
    expect(await productIds(STAGING)).toEqual(['old']);
    // None of the refusals spent the answer: it still restores once.
    const accepted = await restore(tokens.owner, { Recaptcha: { Token: token } });
    expect(accepted.status).toBe(200);
  });

  it("copies the organization's Production marketplace into Staging once per captcha answer and notifies", async () => {
    await store(STAGING).put('Products', [], { ID: 'old', Name: 'Old staging product', xp: {} });
    const token = await solved();
    const answer = await restore(tokens.owner, { Recaptcha: { Token: token } });
    expect(answer.status).toBe(200);
    expect(answer.body as StagingRestoreSummary).toMatchObject({
      StagingMarketplaceID: STAGING,
      SourceMarketplaceID: PRODUCTION,
      Notified: true,
    });
    expect(await productIds(STAGING)).toEqual(['lamp']);
    const [notice] = (await receiver.waitFor(2)).slice(-1);
    expect(notice?.path).toBe('/restored');
    expect(notice?.signedWith('restore-key')).toBe(true);
    expect(notice?.body as PostRestorePayload).toMatchObject({
      Test: false,
      MarketplaceID: STAGING,
      SourceMarketplaceID: PRODUCTION,
    });
    const replay = await restore(tokens.owner, { Recaptcha: { Token: token } });
    expect(replay.status).toBe(403);
    expect((await restore(tokens.owner, {})).status).toBe(403);
  });

  it('the management API restores only a Staging marketplace from a Production one', async () => {
    const platform = createPlatformClient({ baseUrl: t.config.platformMgmtUrl, secret: t.config.platformMgmtSecret });
    await expect(platform.restoreStaging(STAGING, ORPHAN_STAGING)).rejects.toMatchObject({ status: 400 });
    await expect(platform.restoreStaging('mkt1', PRODUCTION)).rejects.toMatchObject({ status: 404 });
    await expect(platform.restoreStaging(STAGING, 'no-such-marketplace')).rejects.toMatchObject({ status: 404 });
    expect(await productIds(ORPHAN_STAGING)).toEqual([]);
  });

  it('says so when the organization has no Production marketplace', async () => {
    const answer = await restore(tokens.orphanOwner, { Recaptcha: { Token: await solved() } });
    expect([answer.status, detail(answer.body)]).toEqual([409, NO_PRODUCTION_MARKETPLACE]);
  });

  it('the weekly job restores every Staging marketplace from its own organization and skips the others', async () => {
    await store(STAGING).put('Products', [], { ID: 'old', Name: 'Old staging product', xp: {} });
    await store(ORPHAN_STAGING).put('Products', [], { ID: 'orphan', Name: 'Kept', xp: {} });
    const platform = createPlatformClient({ baseUrl: t.config.platformMgmtUrl, secret: t.config.platformMgmtSecret });
    const job = weeklyStagingRestoreJob(() => platform);
    const result = await job.run({}, { database: t.server.database, logger: pino({ level: 'silent' }) });
    expect(result).toEqual({ restored: 1, failed: 0, skipped: 2 });
    const { skipped } = await restorePairs(t.server.database.db, platform);
    expect(skipped).toEqual([
      { organizationId: 'org-2', reason: NO_PRODUCTION_MARKETPLACE },
      { organizationId: 'org-4', reason: SEVERAL_PRODUCTION_MARKETPLACES },
    ]);
    expect(await productIds(STAGING)).toEqual(['lamp']);
    expect(await productIds(ORPHAN_STAGING)).toEqual(['orphan']);
    expect(job.cron).toBe('0 2 * * 0');
  });
});
