import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { initialReadiness } from './http/health.ts';
import { parts } from './parts.ts';
import { startServer, type RunningServer } from './server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from './testing/test-database.ts';

let target: TestDatabaseTarget;
let server: RunningServer;
let webDist: string;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Marketplace Portal</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
  server = await startServer(testConfig(target.target, { webDist }));
});
afterAll(async () => {
  await server?.stop();
  await target?.dispose();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it.each(parts.map((part) => `${part.prefix}/healthz`))('%s answers 200 with the database up', async (url) => {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers /healthz (alive) and /readyz (ready for traffic) at the root', async () => {
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'disabled', shutdown: 'no' },
    });
  });

  it('answers 503 when the database is unreachable, naming the failed check; /healthz stays up', async () => {
    const { target: other, dispose } = await createTestDatabaseTarget();
    const database = await openDatabase(other);
    const app = await buildApp({ config: testConfig(other), database, parts });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/platform/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', part: 'platform', database: 'unreachable' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', failed: ['database'] });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
    await dispose();
  });

  it('answers /readyz 503 until migrated and while the job queue is not working', async () => {
    const { target: other, dispose } = await createTestDatabaseTarget();
    const database = await openDatabase(other);
    const readiness = initialReadiness(true);
    const app = await buildApp({ config: testConfig(other), database, parts, readiness });
    const failed = async () =>
      (await app.inject({ method: 'GET', url: '/readyz' })).json<{ failed?: string[] }>().failed;
    expect(await failed()).toEqual(['migrations', 'jobs']);
    readiness.migrated = true;
    expect(await failed()).toEqual(['jobs']);
    readiness.jobs = 'working';
    expect(await failed()).toBeUndefined();
    readiness.shuttingDown = true;
    expect(await failed()).toEqual(['shutdown']);
    await app.close();
    await database.close();
    await dispose();
  });
});

describe('request ids', () => {
  it('gives every response a request id, keeping a plain one the caller sent', async () => {
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'not {a} token' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('web app', () => {
  it('serves index.html at the root and for deep links (history fallback), never cached', async () => {
    for (const url of ['/', '/admin/products?organization=o1']) {
      const response = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Marketplace Portal</title>');
    }
  });

  it('sends the build-time brotli copy to browsers that accept it', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown API paths with a JSON 404, never the page', async () => {
    const response = await fetch(`${server.url}/portal-api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('explains how to build the app when it is missing', async () => {
    const { target: other, dispose } = await createTestDatabaseTarget();
    const database = await openDatabase(other);
    const app = await buildApp({
      config: testConfig(other, { webDist: path.join(webDist, 'missing') }),
      database,
      parts,
    });
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm start');
    await app.close();
    await database.close();
    await dispose();
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then closes the database', async () => {
    const { target: other, dispose } = await createTestDatabaseTarget();
    const running = await startServer(testConfig(other), {
      beforeListen(app) {
        app.get('/test-slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { done: true };
        });
      },
    });
    const inFlight = fetch(`${running.url}/test-slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = running.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await stopped;
    await expect(running.database.executeSql('SELECT 1')).rejects.toThrow();
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
    await dispose();
  });
});
