import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createSecretBox } from '../connected/secret-box.ts';
import { addConnectedMarketplace } from '../connected/store.ts';
import { Problem } from '../problems.ts';
import { adminToken, createRemoteState, remoteJson, type ConnectedRow } from './remote.ts';

/*
 * The connected marketplace calls against a small local server that misbehaves on purpose: one that never answers
 * (the timeout), one that counts token grants (the cache), one that fails (the platform's message passed on).
 */

let test: TestDatabase;
let server: http.Server;
let base = '';
let grants = 0;
let row: ConnectedRow;

beforeAll(async () => {
  test = await createTestDatabase();
  server = http.createServer((request, response) => {
    if (request.url === '/oauth/token') {
      grants += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ access_token: `token-${grants}`, expires_in: 600, token_type: 'bearer' }));
      return;
    }
    if (request.url === '/v1/hangs') return; // never answers
    if (request.url === '/v1/forbidden') {
      response.statusCode = 403;
      response.end(
        JSON.stringify({
          Errors: [
            { ErrorCode: 'InsufficientRoles', Message: 'User does not have role(s) required to perform this action.' },
          ],
        }),
      );
      return;
    }
    if (request.url === '/v1/fails') {
      response.statusCode = 500;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ Errors: [{ ErrorCode: 'Boom', Message: 'The database is away.' }] }));
      return;
    }
    response.statusCode = 400;
    response.end(JSON.stringify({ Errors: [{ ErrorCode: 'Bad', Message: 'Search is too long.' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const box = createSecretBox(Buffer.alloc(32, 7));
  const added = await addConnectedMarketplace(test.database.db, box, 'org-1', {
    name: 'Local',
    environment: 'Sandbox',
    apiUrl: `${base}/v1`,
    clientId: 'client',
    clientSecret: 'secret',
  });
  row = { ...added };
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await test?.dispose();
});

const lastError = async () =>
  (
    await rowsOf<{ last_error: string | null }>(
      test.database.db,
      sql`select last_error from portal.connected_marketplaces where id = ${row.id}`,
    )
  )[0]?.last_error;

describe('calls to a connected marketplace', () => {
  it('answer 504 with a sentence when it does not answer in time, noted on the row', async () => {
    const state = createRemoteState(test.database.db, 'loopback', 300);
    const call = remoteJson(state, row, { path: '/v1/hangs', what: 'API client list' });
    await expect(call).rejects.toEqual(
      new Problem(504, 'The marketplace did not answer within 0.3 seconds (API client list).'),
    );
    await expect(call).rejects.toMatchObject({ status: 504 });
    expect(await lastError()).toBe('The marketplace did not answer within 0.3 seconds (API client list).');
  });

  it("pass the platform's message on: its failure as 502 (noted), the caller's mistake with its status", async () => {
    const state = createRemoteState(test.database.db, 'loopback', 5000);
    await expect(remoteJson(state, row, { path: '/v1/fails', what: 'API client list' })).rejects.toMatchObject({
      status: 502,
      message: 'The platform failed while handling the API client list (status 500): The database is away.',
    });
    expect(await lastError()).toMatch(/The database is away/);
    await expect(remoteJson(state, row, { path: '/v1/other', what: 'API client list' })).rejects.toMatchObject({
      status: 400,
      message: 'Search is too long.',
    });
  });

  it('name the stored API client when the marketplace refuses it a call (502, noted)', async () => {
    const state = createRemoteState(test.database.db, 'loopback', 5000);
    const message =
      "The marketplace refused the portal's API client client for the API client list: User does not have role(s) " +
      'required to perform this action.';
    await expect(remoteJson(state, row, { path: '/v1/forbidden', what: 'API client list' })).rejects.toEqual(
      new Problem(502, message),
    );
    expect(await lastError()).toBe(message);
  });

  it('reuse one admin token per scope, concurrent callers sharing one grant', async () => {
    const state = createRemoteState(test.database.db, 'loopback', 5000);
    const before = grants;
    const secret = async () => 'secret';
    const tokens = await Promise.all([1, 2, 3].map(() => adminToken(state, row, secret, ['ApiClientReader'])));
    expect(new Set(tokens).size).toBe(1);
    expect(await adminToken(state, row, secret, ['ApiClientReader'])).toBe(tokens[0]);
    expect(grants - before).toBe(1);
    await adminToken(state, row, secret, ['BuyerImpersonation']);
    expect(grants - before).toBe(2);
  });
});
