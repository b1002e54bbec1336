import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperations } from '../engine/operations.ts';
import type { OpenApiDocument } from './build-description.ts';
import { registerDescriptionRoutes } from './routes.ts';
import { testRegistry } from './test-registry.ts';

let app: FastifyInstance;
let version: string;

beforeAll(async () => {
  const registry = testRegistry();
  app = Fastify();
  await app.register(
    async (platform) => {
      version = registerDescriptionRoutes(platform, {
        registry,
        operations: buildOperations(registry),
        publicUrl: 'http://localhost:4000',
        environment: 'local',
        build: { commit: 'abc123' },
      }).info.version;
    },
    { prefix: '/platform' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('description routes', () => {
  it('answers /env with the build facts, BuildNumber being the description version', async () => {
    const response = await app.inject({ method: 'GET', url: '/platform/env' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Environment: 'local',
      Version: version,
      BuildNumber: version,
      Branch: 'local',
      Commit: 'abc123',
      CommitDate: expect.any(String),
      BuildDate: expect.any(String),
    });
  });

  it('serves the description with an ETag of its version and no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/platform/v1/openapi/v3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.etag).toBe(`"${version}"`);
    expect(response.headers['cache-control']).toBe('no-cache');
    const doc = response.json<OpenApiDocument>();
    expect(doc.info.version).toBe(version);
    expect(doc.servers[0]?.url).toBe('http://localhost:4000/platform/v1');
  });

  it('answers 304 to a matching If-None-Match and the document to a stale one', async () => {
    for (const header of [`"${version}"`, `W/"${version}"`, `"other", "${version}"`, '*']) {
      const response = await app.inject({
        method: 'GET',
        url: '/platform/v1/openapi/v3',
        headers: { 'if-none-match': header },
      });
      expect(response.statusCode, header).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(`"${version}"`);
    }
    const stale = await app.inject({
      method: 'GET',
      url: '/platform/v1/openapi/v3',
      headers: { 'if-none-match': '"1.0.0.0"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the same document on every request', async () => {
    const first = await app.inject({ method: 'GET', url: '/platform/v1/openapi/v3' });
    const second = await app.inject({ method: 'GET', url: '/platform/v1/openapi/v3' });
    expect(second.body).toBe(first.body);
  });
});
