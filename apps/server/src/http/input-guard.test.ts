import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import type { Config } from '../config.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../testing/test-database.ts';
import { MAX_BODY_DEPTH, findInputProblem, findQueryEscapeProblem, isStorableText } from './input-guard.ts';

const body = (path: string) => (path ? `the body at ${path}` : 'the body');

describe('findInputProblem', () => {
  it('accepts ordinary text, emoji (a proper surrogate pair) and nesting up to the limit', () => {
    expect(isStorableText('Grüße 😀 ok')).toBe(true);
    const nestedArrays = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
    expect(findInputProblem({ Name: 'a 😀', xp: { list: [1, { b: 'c' }] } }, body)).toBeUndefined();
    expect(findInputProblem(nestedArrays(MAX_BODY_DEPTH), body)).toBeUndefined();
    expect(findInputProblem(nestedArrays(MAX_BODY_DEPTH + 1), body)?.code).toBe('Request.TooDeeplyNested');
  });

  it.each([
    ['a NUL character', { Name: 'a\u0000b' }, 'The body at Name contains'],
    ['an unpaired high surrogate', { xp: { a: ['x\ud800'] } }, 'The body at xp.a[0] contains'],
    ['an unpaired low surrogate', { Name: '\udc00y' }, 'The body at Name contains'],
    ['a surrogate pair in the wrong order', { Name: '\udc00\ud800' }, 'The body at Name contains'],
    ['a NUL in a field name', { 'a\u0000': 1 }, 'The name of the body at a'],
  ])('refuses %s, naming where it is', (_case, value, start) => {
    const problem = findInputProblem(value, body);
    expect(problem?.code).toBe('Request.InvalidCharacters');
    expect(problem?.message.startsWith(start)).toBe(true);
  });

  it('refuses a query escape that is not UTF-8 and accepts proper ones', () => {
    for (const url of ['/v1/products?xp.a=%ED%A0%80', '/v1/products?%ED%A0%80=x', '/v1/x?search=50%', '/v1/x?a=%zz']) {
      expect(findQueryEscapeProblem(url)?.code, url).toBe('Request.InvalidUrl');
    }
    for (const url of ['/v1/products?search=50%25&xp.a=%F0%9F%98%80', '/v1/products', '/v1/a%20b?x=1']) {
      expect(findQueryEscapeProblem(url), url).toBeUndefined();
    }
  });

  it('walks a body 200,000 levels deep without overflowing the stack', () => {
    const text = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    expect(findInputProblem(JSON.parse(text), body)).toMatchObject({ code: 'Request.TooDeeplyNested' });
  });
});

describe('hostile input at every boundary of the running server', () => {
  let target: TestDatabaseTarget;
  let server: RunningServer;
  let config: Config;
  beforeAll(async () => {
    target = await createTestDatabaseTarget();
    config = testConfig(target.target);
    server = await startServer(config);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await target?.dispose();
  });

  const send = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const json = (payload: string, extra: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extra },
    body: payload,
  });
  const form = (payload: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: payload,
  });
  const deepJson = '{"Name":"x","xp":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
  const envelopeCode = async (response: Response) =>
    ((await response.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode;

  it.each([
    ['a NUL in a path id', '/platform/v1/products/a%00b', {}, 'Request.InvalidCharacters'],
    ['an encoded lone surrogate in a path id', '/platform/v1/products/%ED%A0%80', {}, 'Request.InvalidUrl'],
    ['a NUL in a query value', '/platform/v1/products?Name=%00', {}, 'Request.InvalidCharacters'],
    ['a NUL in a body string', '/platform/v1/products', json('{"Name":"a\\u0000b"}'), 'Request.InvalidCharacters'],
    [
      'a lone surrogate in a body string',
      '/platform/v1/products',
      json('{"Name":"\\ud800"}'),
      'Request.InvalidCharacters',
    ],
    ['a body nested 100,000 levels deep', '/platform/v1/products', json(deepJson), 'Request.TooDeeplyNested'],
  ])('the platform answers %s with 400 in its envelope', async (_case, path, init, code) => {
    const response = await send(path, init);
    expect(response.status).toBe(400);
    expect(await envelopeCode(response)).toBe(code);
  });

  it('the platform answers a path id longer than the router allows with 414 in its envelope', async () => {
    const response = await send(`/platform/v1/products/${'x'.repeat(5_000)}`);
    expect(response.status).toBe(414);
    expect(await envelopeCode(response)).toBe('Request.UriTooLong');
  });

  it('the token endpoint answers a NUL in a form field with its OAuth error body', async () => {
    const response = await send('/platform/oauth/token', form('grant_type=password&client_id=c&username=a%00b'));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; Errors: { ErrorCode: string }[] };
    expect(answer.error).toBe('invalid_request');
    expect(answer.Errors[0]?.ErrorCode).toBe('Request.InvalidCharacters');
  });

  it('the management API answers a NUL in a path id with 400 in the envelope', async () => {
    const response = await send('/platform/mgmt/marketplaces/a%00b', {
      headers: { authorization: `Bearer ${config.platformMgmtSecret}` },
    });
    expect(response.status).toBe(400);
    expect(await envelopeCode(response)).toBe('Request.InvalidCharacters');
  });

  it('the portal service answers a URL it cannot decode with problem details', async () => {
    const response = await send('/portal-api/marketplace/roles/%ED%A0%80');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('the content service answers a deeply nested or NUL-bearing body with 400', async () => {
    const headers = { 'x-content-token': config.contentToken };
    for (const payload of [
      '{"query":"{ a }","variables":' + '['.repeat(1_000) + ']'.repeat(1_000) + '}',
      '{"query":"\\u0000"}',
    ]) {
      const response = await send('/content/graphql', json(payload, headers));
      expect(response.status).toBe(400);
    }
  });

  it('the inventory and the identity pages answer a NUL in a path id with 400, not a server error', async () => {
    expect((await send('/inventory/tenants/a%00b')).status).toBe(400);
    expect((await send('/identity/interaction/a%00b')).status).toBe(400);
  });

  it("the identity provider's own token endpoint answers a code with a NUL as an invalid grant", async () => {
    const response = await send(
      '/identity/token',
      form(
        `grant_type=authorization_code&code=a%00b&client_id=${config.portalClientId}` +
          `&redirect_uri=${encodeURIComponent(server.url)}&code_verifier=${'v'.repeat(43)}`,
      ),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/^invalid_/);
  });
});
