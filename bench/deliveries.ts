/**
 * Benchmark of delivery throughput with several processes (issue 19): a fresh PostgreSQL database,
 * TWO real server processes on it (jobs on), a local receiver answering 200. Two rounds:
 *
 * - queued: 100 due deliveries recorded and queued in one call, as a sync batch or a write with
 *   several webhooks queues them; timed from the queue call until the receiver has all 100.
 * - webhook writes: a post-hook webhook on demo-sandbox and 100 product saves through the API, each
 *   recording and queueing its own delivery; timed from the first write until the receiver has all 100.
 *
 * Each process's share is read from its `/metrics` (portal_delivery_attempts_total, Delivered).
 *
 *   node --import tsx bench/deliveries.ts [--count 100]
 *
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { recordDeliveries, type NewDelivery } from '../apps/server/src/platform/delivery/deliveries.ts';
import { createDeliveryQueue } from '../apps/server/src/platform/delivery/jobs.ts';
import { spawnTs, waitForLine } from '../apps/server/src/testing/child-process.ts';
import { createFreshPostgres } from '../apps/server/src/testing/fresh-postgres.ts';
import { READY_LINE, stopProcesses, type ServerProcess } from '../apps/server/src/testing/server-processes.ts';

const argv = process.argv.slice(2);
const value = (name: string) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
};
const COUNT = Number(value('count') ?? 100);
const TARGET_SECONDS = 10;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.');

const METRICS_TOKEN = randomBytes(16).toString('hex');
const MGMT_SECRET = randomBytes(24).toString('hex');

/** A receiver answering 200 at once, noting when each delivery id first arrived. */
async function startReceiver() {
  const firstSeen = new Map<string, number>();
  let requests = 0;
  let waiter: { count: number; resolve: () => void } | undefined;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      const id = String(request.headers['x-delivery-id'] ?? `missing-${requests}`);
      if (!firstSeen.has(id)) firstSeen.set(id, performance.now());
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (waiter && firstSeen.size >= waiter.count) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    firstSeen,
    requests: () => requests,
    reset() {
      firstSeen.clear();
      requests = 0;
    },
    waitFor(count: number, timeoutMs: number): Promise<boolean> {
      if (firstSeen.size >= count) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Two processes started together on the database, as startProcesses does, with /metrics open. */
async function startTwo(databaseUrl: string): Promise<ServerProcess[]> {
  const ports = [await freePort(), await freePort()];
  const processes = ['A', 'B'].map((name, index) => {
    const child = spawnTs('src/main.ts', [], {
      DATA_DIR: undefined,
      DATABASE_URL: databaseUrl,
      // One public address for both, as behind a load balancer: tokens one issues the other accepts.
      PUBLIC_URL: 'http://127.0.0.1:4000',
      PORT: String(ports[index]),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      JOBS_ENABLED: 'true',
      PLATFORM_MGMT_SECRET: MGMT_SECRET,
      METRICS_TOKEN,
      METRICS_PORT: undefined,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    // The ready line names the public address; the bench talks to each process at its own port.
    return { name, child, stderr: () => stderr, url: `http://127.0.0.1:${ports[index]}` };
  });
  await Promise.all(processes.map(({ child }) => waitForLine(child, READY_LINE, 180_000)));
  for (const { child } of processes) child.stdout?.resume();
  return processes;
}

/** Deliveries this process has recorded as Delivered, from its own /metrics. */
async function deliveredBy(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith('portal_delivery_attempts_total{outcome="Delivered"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

interface Round {
  name: string;
  seconds: number | undefined;
  /** Until the first delivery arrived: mostly the workers' idle polling interval. */
  firstSeconds: number;
  shares: number[];
  requests: number;
}

async function timedRound(
  name: string,
  servers: ServerProcess[],
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  start: () => Promise<void>,
): Promise<Round> {
  receiver.reset();
  const before = await Promise.all(servers.map(deliveredBy));
  const started = performance.now();
  await start();
  const done = await receiver.waitFor(COUNT, 120_000);
  const arrivals = [...receiver.firstSeen.values()];
  const last = Math.max(...arrivals);
  const first = Math.min(...arrivals);
  // The attempt is recorded just after the receiver answers: give the counters a moment to catch up.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await Promise.all(servers.map(deliveredBy));
  return {
    name,
    seconds: done ? (last - started) / 1000 : undefined,
    firstSeconds: (first - started) / 1000,
    shares: after.map((count, index) => count - (before[index] ?? 0)),
    requests: receiver.requests(),
  };
}

const fresh = await createFreshPostgres(serverUrl);
const receiver = await startReceiver();
let servers: ServerProcess[] = [];
try {
  const booted = performance.now();
  servers = await startTwo(fresh.url);
  console.log(
    `(two processes ready in ${((performance.now() - booted) / 1000).toFixed(1)} s: ${servers.map((s) => s.url).join(', ')})`,
  );
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  const rounds: Round[] = [];
  try {
    const deliveries: NewDelivery[] = Array.from({ length: COUNT }, (_, n) => ({
      marketplaceId: 'demo-sandbox',
      source: 'Sync',
      sourceId: 'bench',
      payloadKind: `bench ${n + 1} of ${COUNT}`,
      target: { deliverable: true, kind: 'Http', url: `${receiver.url}/queued`, signingKey: 'bench', headers: {} },
      payload: { n },
    }));
    rounds.push(
      await timedRound('queued (one call)', servers, receiver, async () => {
        const ids = await recordDeliveries(database.db, deliveries);
        await createDeliveryQueue(database, (error) => console.error('queue refused', error))(ids);
      }),
    );
  } finally {
    await database.close();
  }

  const [first] = servers as [ServerProcess];
  const tokenResponse = await fetch(`${first.url}/platform/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'demo-sandbox-admin',
      username: 'admin',
      password: 'Demo-Admin-1',
      scope: 'FullAccess',
    }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const api = (server: ServerProcess, method: string, path: string, body: unknown) =>
    fetch(`${server.url}/platform/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const hook = await api(first, 'POST', '/webhooks', {
    ID: 'bench-hook',
    Name: 'Bench',
    Url: `${receiver.url}/hook`,
    HashKey: 'bench',
    ApiClientIDs: ['demo-sandbox-admin'],
    WebhookRoutes: [{ Route: 'v1/products/{productID}', Verb: 'PUT' }],
  });
  if (hook.status !== 201) throw new Error(`webhook not created: ${hook.status} ${await hook.text()}`);
  rounds.push(
    await timedRound('webhook writes (one each)', servers, receiver, async () => {
      // Writes alternate between the processes, as a load balancer would send them, 10 at a time.
      for (let batch = 0; batch < COUNT; batch += 10) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(10, COUNT - batch) }, (_, k) => {
            const n = batch + k;
            return api(servers[n % 2] as ServerProcess, 'PUT', `/products/bench-${n}`, { Name: `Bench ${n}` });
          }),
        );
        const refused = answers.find((answer) => answer.status >= 300);
        if (refused) throw new Error(`a write was refused: ${refused.status} ${await refused.text()}`);
      }
    }),
  );

  console.log(
    `| round | deliveries | seconds until all received | until the first | process A / B delivered | requests received | target (${COUNT} within ${TARGET_SECONDS} s) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const round of rounds) {
    const met = round.seconds !== undefined && round.seconds <= TARGET_SECONDS ? 'met' : 'missed';
    const seconds = round.seconds === undefined ? 'not all within 120 s' : round.seconds.toFixed(2);
    console.log(
      `| ${round.name} | ${COUNT} | ${seconds} | ${round.firstSeconds.toFixed(2)} | ${round.shares.join(' / ')} | ${round.requests} | ${met} |`,
    );
  }
} finally {
  await stopProcesses(servers);
  await receiver.close();
  await fresh.drop();
}
