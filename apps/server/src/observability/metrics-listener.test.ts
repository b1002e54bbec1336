import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../server.ts';
import { sampleValue } from '../testing/prometheus-text.ts';
import {
  createTestDatabase,
  createTestDatabaseTarget,
  testConfig,
  type TestDatabase,
} from '../testing/test-database.ts';
import { startMetricsListener } from './metrics-listener.ts';
import { freePort } from '../testing/free-port.ts';

const log = pino({ level: 'silent' });
let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase?.dispose();
});

describe('the separate metrics port', () => {
  it('is not opened without METRICS_PORT', async () => {
    expect(
      await startMetricsListener({ metricsPort: undefined, metricsHost: '127.0.0.1' }, testDatabase.database, log),
    ).toBeUndefined();
  });

  it('serves /metrics without a token, and nothing else', async () => {
    const listener = await startMetricsListener(
      { metricsPort: 0, metricsHost: '127.0.0.1' },
      testDatabase.database,
      log,
    );
    if (!listener) throw new Error('expected a listener');
    try {
      const response = await fetch(`${listener.url}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const text = await response.text();
      expect(text).toContain('# TYPE portal_http_requests_total counter');
      expect(sampleValue(text, 'portal_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect((await fetch(`${listener.url}/`)).status).toBe(404);
      expect((await fetch(`${listener.url}/healthz`)).status).toBe(404);
      expect((await fetch(`${listener.url}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await listener.close();
    }
    await expect(fetch(`${listener.url}/metrics`)).rejects.toThrow();
  });

  it('opens with the server on METRICS_HOST:METRICS_PORT and closes when the server stops', async () => {
    const { target, dispose } = await createTestDatabaseTarget();
    const metricsPort = await freePort();
    const server = await startServer(testConfig(target, { metricsPort, metricsHost: '127.0.0.1' }));
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(200);
      // The main port keeps /metrics closed: no METRICS_TOKEN.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.stop();
      await dispose();
    }
    await expect(fetch(url)).rejects.toThrow();
  });
});
