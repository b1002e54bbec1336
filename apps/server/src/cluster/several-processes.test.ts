import { decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_SETTING } from './shared-secrets.ts';
import { readSetting } from './shared-settings.ts';
import { openDatabase } from '../db/database.ts';
import { startReceiver, type ReceivedRequest, type TestReceiver } from '../platform/delivery/testing.ts';
import {
  call,
  DEMO_ADMIN,
  PinnedOidcBrowser,
  platformToken,
  solvedCaptcha,
  type PlatformTokens,
} from '../testing/cluster-clients.ts';
import { createFreshPostgres, type FreshPostgres } from '../testing/fresh-postgres.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../testing/round-robin-proxy.ts';
import { startProcesses, stopProcesses, type ServerProcess } from '../testing/server-processes.ts';

// Issue 19: several processes share one PostgreSQL database behind a load balancer. Every check
// sends what one process made to the other, so a state kept in one process's memory fails it.

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 3;
const OWNER = { email: 'owner@demo.example', password: 'Demo-Portal-1' };
const PORTAL_CLIENT = 'marketplace-portal-web';
const CAPTCHA_USED = 'This captcha answer was already used; solve the captcha again.';

let proxy: RoundRobinProxy | undefined;
let receiver: TestReceiver | undefined;
const databases: FreshPostgres[] = [];
const started: ServerProcess[][] = [];
/** The pair the checks run against: the last round's. */
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;

afterAll(async () => {
  // Each step on its own, so one failing clean-up does not leave the others undone.
  await Promise.allSettled(started.map((pair) => stopProcesses(pair)));
  await Promise.allSettled([proxy?.close(), receiver?.close()]);
  await Promise.allSettled(databases.map((database) => database.drop()));
}, 60_000);

function pair(): [ServerProcess, ServerProcess] {
  if (!a || !b) throw new Error('no pair of processes is running (the start-up check failed)');
  return [a, b];
}
const publicUrl = () => proxy?.url ?? '';
const processUrls = () => pair().map((server) => server.url);
/** Database of the checked pair (the last round's). */
let checkedDatabase: FreshPostgres | undefined;

/** The management secret the processes created in their database (none is configured). */
async function mgmtSecret(): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url: checkedDatabase?.url ?? '' });
  try {
    const secret = await readSetting(database.db, SHARED_SETTING.platformMgmtSecret);
    if (!secret) throw new Error('no management secret in the database');
    return secret;
  } finally {
    await database.close();
  }
}

let admin: PlatformTokens | undefined;
/** The demo admin's platform token, made once through the proxy. */
async function adminToken(): Promise<string> {
  admin ??= await platformToken(publicUrl(), DEMO_ADMIN);
  return admin.access_token;
}

/** The owner's portal sign-in, made entirely on process A. */
async function signInOnA(): Promise<{ access: string; refresh: string }> {
  const browser = new PinnedOidcBrowser(publicUrl(), PORTAL_CLIENT, processUrls(), pair()[0].url);
  const tokens = await browser.signIn(OWNER.email, OWNER.password, { tenantName: 'demo-sandbox' });
  return { access: tokens.access_token, refresh: tokens.refresh_token ?? '' };
}

/** Runs `work` on `count` items with at most `width` at a time. */
async function inParallel(count: number, width: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

const title = 'several server processes on one PostgreSQL database';
const skipped = ' (skipped: TEST_DATABASE_URL is unset, and these checks create databases on a PostgreSQL server)';
describe.skipIf(!serverUrl)(`${title}${serverUrl ? '' : skipped}`, () => {
  it(`both come up when started at the same moment on a fresh database, in each of ${ROUNDS} rounds`, async () => {
    proxy = await startRoundRobinProxy();
    const failures: string[] = [];
    // Only the last round seeds the demo data (the checks need it). Seeding makes the two starts
    // drift apart, so they rarely collide after it: without the start-up lock, unseeded pairs
    // failed 3 times in 3 (a deadlock creating pg-boss queues) and seeded pairs 0 in 3. A round past
    // the last runs only when the last failed, to give the other checks a pair.
    for (let round = 1; round <= ROUNDS + 2 && !a; round++) {
      const database = await createFreshPostgres(serverUrl ?? '');
      databases.push(database);
      try {
        const processes = await startProcesses(2, {
          databaseUrl: database.url,
          publicUrl: proxy.url,
          seedDemoData: round >= ROUNDS,
        });
        started.push(processes);
        for (const server of processes) {
          const ready = await call(server.url, 'GET', '/readyz');
          expect(ready.body, `${server.name} /readyz`).toMatchObject({ status: 'ready' });
        }
        if (round >= ROUNDS) {
          [a, b] = processes;
          checkedDatabase = database;
        } else {
          await stopProcesses(processes);
          await database.drop();
        }
      } catch (error) {
        failures.push(`round ${round}: ${String(error)}`);
      }
    }
    const [first, second] = pair();
    proxy.targets = [first.url, second.url];
    expect(failures).toEqual([]);
  }, 240_000);

  it('a platform access token and refresh token made on one process work on the other', async () => {
    const [first, second] = pair();
    const tokens = await platformToken(first.url, DEMO_ADMIN);
    expect(tokens.refresh_token, 'the admin client issues refresh tokens').toBeTruthy();
    const me = await call(second.url, 'GET', '/platform/v1/me', tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ Username: 'admin' });

    const refreshed = await platformToken(second.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: DEMO_ADMIN.client_id,
    });
    const again = await call(first.url, 'GET', '/platform/v1/me', refreshed.access_token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Username: 'admin' });
  });

  it('a portal sign-in made on one process works on the other, its refresh token too', async () => {
    const [first, second] = pair();
    const tokens = await signInOnA();
    const me = await call(second.url, 'GET', '/portal-api/me', tokens.access);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ Email: OWNER.email, IsOrganizationAdmin: true });

    const browser = new PinnedOidcBrowser(publicUrl(), PORTAL_CLIENT, processUrls(), second.url);
    const refreshed = await browser.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh });
    expect((await call(first.url, 'GET', '/portal-api/me', refreshed.access_token)).status).toBe(200);
  });

  it('a portal sign-in begun on one process is finished on the other (no sticky sessions)', async () => {
    const [first, second] = pair();
    const browser = new PinnedOidcBrowser(publicUrl(), PORTAL_CLIENT, processUrls(), first.url);
    const page = await browser.authorize({ tenantName: 'demo-sandbox' });
    expect(page.kind, 'the sign-in page').toBe('page');
    browser.via = second.url;
    const callback = await browser.submitSignIn(page, OWNER.email, OWNER.password);
    expect(callback.kind, 'back to the web app with a code').toBe('redirect');
    browser.via = first.url;
    const tokens = await browser.exchange(callback);
    expect((await call(second.url, 'GET', '/portal-api/me', tokens.access_token)).status).toBe(200);
  });

  it('a write on one process is read on the other at once, by id and in lists', async () => {
    const processes = pair();
    const token = await adminToken();
    const stale: string[] = [];
    for (let i = 0; i < 30; i++) {
      // Alternate directions: written on A and read on B, then the other way round.
      const [writer, reader] = i % 2 === 0 ? processes : [processes[1], processes[0]];
      const id = `fresh-${i % 3}`;
      const name = `Fresh ${i}`;
      const saved = await call(writer.url, 'PUT', `/platform/v1/products/${id}`, token, { ID: id, Name: name });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const got = await call(reader.url, 'GET', `/platform/v1/products/${id}`, token);
      if (got.status !== 200 || (got.body as { Name?: string }).Name !== name) stale.push(`get ${id} #${i}`);
      const listed = await call(reader.url, 'GET', `/platform/v1/products?ID=${id}`, token);
      const items = (listed.body as { Items?: { Name: string }[] }).Items ?? [];
      if (items.length !== 1 || items[0]?.Name !== name) stale.push(`list ${id} #${i}`);
    }
    expect(stale).toEqual([]);
  }, 60_000);

  it('a captcha answer is accepted once across both processes', async () => {
    const [first, second] = pair();
    const { access } = await signInOnA();
    const trigger = (via: ServerProcess, token: string) =>
      call(via.url, 'POST', '/portal-api/processsubscriptions', access, { Recaptcha: { Token: token } });

    // Made on A, spent on B, replayed on A.
    const one = await solvedCaptcha(first.url, access);
    const spent = await trigger(second, one);
    expect(spent.status, JSON.stringify(spent.body)).toBe(202);
    const replayOnA = await trigger(first, one);
    expect(replayOnA.status).toBe(403);
    expect(replayOnA.body).toMatchObject({ detail: CAPTCHA_USED });

    // Made and spent on A, replayed on B.
    const two = await solvedCaptcha(first.url, access);
    const spentOnA = await trigger(first, two);
    expect(spentOnA.status, JSON.stringify(spentOnA.body)).toBe(202);
    const replayOnB = await trigger(second, two);
    expect(replayOnB.status).toBe(403);
    expect(replayOnB.body).toMatchObject({ detail: CAPTCHA_USED });
  }, 60_000);

  it('50 product writes split across both processes give 50 webhook deliveries, each once, with a delivery id', async () => {
    const processes = pair();
    const token = await adminToken();
    receiver = await startReceiver();
    const hashKey = 'cluster-webhook-key';
    const webhook = await call(processes[0].url, 'POST', '/platform/v1/webhooks', token, {
      ID: 'cluster-products',
      Name: 'Products saved (cluster test)',
      Url: `${receiver.url}/cluster-products`,
      HashKey: hashKey,
      ApiClientIDs: [DEMO_ADMIN.client_id],
      WebhookRoutes: [
        { Route: 'v1/products', Verb: 'POST' },
        { Route: 'v1/products/{productID}', Verb: 'PUT' },
      ],
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);

    const ids = Array.from({ length: 50 }, (_, i) => `hook-${i}`);
    await inParallel(ids.length, 6, async (i) => {
      const id = ids[i] ?? '';
      const saved = await call(processes[i % 2]?.url ?? '', 'POST', '/platform/v1/products', token, {
        ID: id,
        Name: id,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    });

    const hooks = (): ReceivedRequest[] =>
      (receiver?.received ?? []).filter((request) => request.path === '/cluster-products');
    await expect.poll(() => hooks().length, { timeout: 90_000, interval: 250 }).toBeGreaterThanOrEqual(50);
    // A second send of the same delivery would come right behind the first; give it the chance to show.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const received = hooks();
    const productIds = received.map(
      (request) => (request.body as { Response?: { Body?: { ID?: string } } }).Response?.Body?.ID,
    );
    expect([...productIds].sort(), 'one delivery per write').toEqual([...ids].sort());
    expect(new Set(received.map((request) => request.raw)).size, 'distinct bodies').toBe(50);
    const deliveryIds = received.map((request) => request.headers['x-delivery-id']);
    expect(
      deliveryIds.filter((id) => typeof id === 'string' && id.length > 0),
      'X-Delivery-Id on each',
    ).toHaveLength(50);
    expect(new Set(deliveryIds).size, 'distinct delivery ids').toBe(50);
    expect(
      received.every((request) => request.signedWith(hashKey)),
      'each signed with the HashKey',
    ).toBe(true);
  }, 150_000);

  it('a rotated signing key is used by both processes without a restart', async () => {
    const [first, second] = pair();
    const before = await platformToken(first.url, DEMO_ADMIN);
    const oldKid = decodeProtectedHeader(before.access_token).kid;
    const rotated = await call(first.url, 'POST', '/platform/mgmt/signingkeys/rotate', await mgmtSecret());
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const newKid = (rotated.body as { SigningKeyID: string }).SigningKeyID;
    expect(newKid).not.toBe(oldKid);

    for (const server of [first, second]) {
      const me = await call(server.url, 'GET', '/platform/v1/me', before.access_token);
      expect(me.status, `token from before the rotation on ${server.name}`).toBe(200);
    }
    const kidFrom = async (server: ServerProcess) =>
      decodeProtectedHeader((await platformToken(server.url, DEMO_ADMIN)).access_token).kid;
    expect(await kidFrom(first), 'the rotating process signs with the new key at once').toBe(newKid);
    // The other process hears of the rotation over LISTEN/NOTIFY; well within this limit.
    await expect.poll(() => kidFrom(second), { timeout: 15_000, interval: 200 }).toBe(newKid);
    const after = await platformToken(second.url, DEMO_ADMIN);
    expect((await call(first.url, 'GET', '/platform/v1/me', after.access_token)).status).toBe(200);
  }, 60_000);

  it('kill -9 of one process mid-load loses no acknowledged write, and the other keeps serving', async () => {
    const [victim, survivor] = pair();
    const token = await adminToken();
    const acknowledged = new Map<string, string>();
    let afterKill = 0;
    let killed = false;
    let attempt = 0;
    // Writes through the proxy, which never retries: a write counts only when a 2xx came back.
    const writer = async () => {
      while (afterKill < 30 && attempt < 600) {
        const id = `load-${attempt++}`;
        const name = `Load ${id}`;
        const saved = await call(publicUrl(), 'PUT', `/platform/v1/products/${id}`, token, { ID: id, Name: name })
          // A connection cut by the kill is a failed write, like a 502.
          .catch(() => ({ status: 0 }));
        if (saved.status < 200 || saved.status >= 300) continue;
        acknowledged.set(id, name);
        if (killed) afterKill++;
        else if (acknowledged.size >= 30) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(killed, 'the kill happened part way').toBe(true);
    expect(afterKill, 'writes acknowledged after the kill (by the survivor)').toBeGreaterThanOrEqual(30);

    const missing: string[] = [];
    for (const [id, name] of acknowledged) {
      const got = await call(survivor.url, 'GET', `/platform/v1/products/${id}`, token);
      if (got.status !== 200 || (got.body as { Name?: string }).Name !== name) missing.push(`${id}: ${got.status}`);
    }
    expect(missing).toEqual([]);
    expect((await call(survivor.url, 'GET', '/healthz')).status).toBe(200);
    const after = await call(survivor.url, 'PUT', '/platform/v1/products/after-kill', token, {
      ID: 'after-kill',
      Name: 'x',
    });
    expect(after.status).toBe(200);
  }, 90_000);
});
