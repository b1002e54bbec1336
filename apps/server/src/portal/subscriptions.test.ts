import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionJobResult, SubscriptionRunList } from '@portal/contracts';
import { insertMarketplace } from '../platform/auth/testing.ts';
import { PgStore } from '../platform/engine/pg-store.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { hourlySubscriptionJob } from '../platform/subscriptions/jobs.ts';
import { executeRun, requestManualRun } from '../platform/subscriptions/runs.ts';
import { NO_GRANTS } from './role-groups.ts';
import { SUBSCRIPTIONS_NOT_AUTHORIZED } from './routes-subscriptions.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
const tokens = { owner: '', runner: '', viewer: '' };
const SUBJECT = 'sub-runner@org.test';

const post = (token: string, body: unknown) =>
  t.call('/processsubscriptions', token, { method: 'POST', body: JSON.stringify(body) });
const detail = (body: unknown) => (body as { detail: string }).detail;

async function solved(): Promise<string> {
  const challenge = (await t.call('/captcha/challenge', tokens.runner)).body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const integration = (active: boolean) => ({
  ID: 'SubscriptionIntegrations',
  ApiClientID: 'mkt1-admin',
  HashKey: 'k',
  Active: active,
  NotificationDays: 2,
  Url: 'https://example.com/subscriptions',
  ElevatedRoles: [],
  xp: {},
});

beforeAll(async () => {
  t = await startPortalTestServer({ jobs: true });
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.runner = await t.identity.sign(userClaims('runner@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({ Id: 'custom-group-1', Name: 'Runners', ...NO_GRANTS, OcRoles: [], SubscriptionAdmin: true }),
  });
  await t.call('/marketplace/roles/custom-group-1/members/runner@org.test', tokens.owner, { method: 'PUT' });
  await seedPlatformUsers(t.store);
  // A product buyer b1 can buy, and a subscription of buyer1 due an hour ago.
  await t.store.put('PriceSchedules', [], {
    ID: 'ps1',
    Name: 'Price',
    MinQuantity: 1,
    PriceBreaks: [{ Quantity: 1, Price: 10, SalePrice: null, SubscriptionPrice: 9 }],
    xp: {},
  });
  await t.store.put('Products', [], {
    ID: 'coffee',
    Name: 'Coffee',
    Active: true,
    DefaultPriceScheduleID: 'ps1',
    xp: {},
  });
  await t.store.put('Catalogs', [], { ID: 'cat1', Name: 'Catalog', Active: true, xp: {} });
  await t.store.saveAssignment('CatalogAssignment', [], ['CatalogID', 'BuyerID'], {
    CatalogID: 'cat1',
    BuyerID: 'b1',
    ViewAllCategories: true,
    ViewAllProducts: true,
  });
  await t.store.saveAssignment('ProductCatalogAssignment', [], ['CatalogID', 'ProductID'], {
    CatalogID: 'cat1',
    ProductID: 'coffee',
  });
  await t.store.put('Subscriptions', [], {
    ID: 'sub1',
    Frequency: 1,
    Interval: 'Weeks',
    NextOrderDate: new Date(Date.now() - 60 * 60_000).toISOString(),
    FromCompanyID: 'b1',
    FromUserID: 'u-buyer1',
    Active: true,
    xp: {},
  });
  await t.store.put('SubscriptionItems', ['sub1'], { ID: 'item1', ProductID: 'coffee', Quantity: 2, xp: {} });
});
afterAll(() => t?.dispose());

describe('the subscription job in the portal service', () => {
  it('refuses everyone without SubscriptionAdmin with the spec text', async () => {
    const trigger = await post(tokens.viewer, { Recaptcha: { Token: await solved() } });
    expect(trigger.status).toBe(403);
    expect(detail(trigger.body)).toBe(SUBSCRIPTIONS_NOT_AUTHORIZED);
    expect((await t.call('/subscriptionruns', tokens.viewer)).status).toBe(403);
  });

  it('refuses while the subscription integration is not Active', async () => {
    await t.store.put('SubscriptionIntegrations', [], integration(false));
    const refused = await post(tokens.runner, { Recaptcha: { Token: await solved() }, id: SUBJECT });
    expect(refused.status).toBe(409);
    expect(detail(refused.body)).toMatch(/no Active subscription integration/);
    await t.store.put('SubscriptionIntegrations', [], integration(true));
  });

  it("runs the platform's subscription run: the due subscription becomes an order", async () => {
    expect((await post(tokens.runner, { Recaptcha: { Token: await solved() }, id: 'someone-else' })).status).toBe(400);
    const token = await solved();
    const accepted = await post(tokens.runner, { Recaptcha: { Token: token }, id: SUBJECT });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ HourlyJobsRemaining: 9, HourlyLimit: 10, RunID: expect.any(String) });
    expect((await post(tokens.runner, { Recaptcha: { Token: token }, id: SUBJECT })).status).toBe(403);

    const runId = (accepted.body as SubscriptionJobResult).RunID;
    let list: SubscriptionRunList | undefined;
    await expect
      .poll(
        async () => {
          list = (await t.call('/subscriptionruns', tokens.runner)).body as SubscriptionRunList;
          return list.Items.find((run) => run.ID === runId)?.Status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe('Completed');
    const run = list?.Items.find((entry) => entry.ID === runId);
    expect(run).toMatchObject({ Trigger: 'Manual', RequestedBy: 'runner@org.test', Processed: 1, Failed: [] });
    expect(run?.OrdersCreated).toHaveLength(1);
    expect(list).toMatchObject({ HourlyLimit: 10, HourlyJobsRemaining: 9 });
    const order = await t.store.get('Orders', [], run?.OrdersCreated[0] as string);
    expect(order).toMatchObject({ SubscriptionID: 'sub1', FromUserID: 'u-buyer1', Status: 'Unsubmitted' });
  });

  it('lets exactly the hour’s allowance through 50 concurrent requests, then answers 400 with the limit', async () => {
    const captchas = await Promise.all(Array.from({ length: 50 }, () => solved()));
    const answers = await Promise.all(captchas.map((token) => post(tokens.runner, { Recaptcha: { Token: token } })));
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(accepted).toHaveLength(9);
    expect(refused).toHaveLength(41);
    expect(
      accepted.map((answer) => (answer.body as SubscriptionJobResult).HourlyJobsRemaining).sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(detail(refused[0]?.body)).toBe(
      'The subscription integration job can be triggered at most 10 times an hour in this marketplace; try again later.',
    );
  });

  it('runs hourly for every marketplace with an Active integration', async () => {
    const runs = async () => ((await t.call('/subscriptionruns', tokens.runner)).body as SubscriptionRunList).Items;
    // The manual runs accepted above finish first (one at a time), so the hourly one is not kept waiting.
    await expect
      .poll(async () => (await runs()).every((run) => run.Status === 'Completed'), { timeout: 30_000 })
      .toBe(true);
    await hourlySubscriptionJob.run({}, { database: t.server.database, logger: t.server.app.log });
    const list = (await t.call('/subscriptionruns', tokens.runner)).body as SubscriptionRunList;
    expect(list.Items[0]).toMatchObject({ Trigger: 'Scheduled', RequestedBy: null, Status: 'Completed', Processed: 0 });
    expect(list.HourlyJobsRemaining).toBe(0);
    expect(list.HourlyLimit).toBe(10);
  });

  it('allows 3 manual runs an hour outside Sandbox (scheduled runs not counted), under concurrency, one running at a time', async () => {
    const db = t.server.database.db;
    await insertMarketplace(db, 'mkt-prod', 'Production');
    await new PgStore(db, platformRegistry, 'mkt-prod').put('SubscriptionIntegrations', [], integration(true));
    // A scheduled run does not count against the manual allowance.
    await hourlySubscriptionJob.run({}, { database: t.server.database, logger: t.server.app.log });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => requestManualRun(db, 'mkt-prod', 'ops@org.test')),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(accepted).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(47);
    const [first, second] = accepted.map((outcome) => outcome.value.RunID);
    await db.execute(
      // As if the first run were under way in another process.
      sql`UPDATE platform.subscription_runs SET status = 'Running' WHERE id = ${first}`,
    );
    expect(await executeRun(db, second as string)).toBe('busy');
  });
});
