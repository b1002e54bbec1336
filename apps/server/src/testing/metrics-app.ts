import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';
import { parts } from '../parts.ts';
import { createTestDatabase, testConfig, type TestDatabase } from './test-database.ts';

/** The bearer token the metrics tests open `/metrics` with. */
export const METRICS_TEST_TOKEN = 'metrics-test-token-0123456789';

export interface MetricsApp {
  readonly app: FastifyInstance;
  readonly testDatabase: TestDatabase;
  /** `/metrics` read with the token: a 200 in the Prometheus text format, or the test fails. */
  scrape(): Promise<string>;
}

/** The whole app on a private database with `/metrics` open to the test token, built once for the file. */
export function useMetricsApp(): MetricsApp {
  let app: FastifyInstance | undefined;
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    app = await buildApp({
      config: testConfig(testDatabase.target, { metricsToken: METRICS_TEST_TOKEN }),
      database: testDatabase.database,
      parts,
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDatabase?.dispose();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMetricsApp: read before beforeAll ran');
    return value;
  };
  return {
    get app() {
      return ready(app);
    },
    get testDatabase() {
      return ready(testDatabase);
    },
    async scrape() {
      const response = await ready(app).inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TEST_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
      return response.body;
    },
  };
}
