import { describe, expect, it, vi } from 'vitest';
import { createPlatformClient } from './platform-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (message: string) => ({ Errors: [{ ErrorCode: 'X', Message: message, Data: null }] });

function clientAnswering(answer: () => Promise<Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  return {
    fetch,
    client: createPlatformClient({ baseUrl: 'http://mgmt.test/', secret: 's3cret', fetch, timeoutMs: 50 }),
  };
}

describe('platform client', () => {
  it('sends the shared secret and the body to the management API', async () => {
    const { fetch, client } = clientAnswering(async () =>
      json(200, { access_token: 't', expires_in: 1, token_type: 'bearer' }),
    );
    await client.mintDeveloperToken('m 1', 'ann@org.test', ['ProductAdmin']);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://mgmt.test/marketplaces/m%201/tokens');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer s3cret', 'content-type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ Username: 'ann@org.test', Roles: ['ProductAdmin'] });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the portal profile along with a developer token request', async () => {
    const { fetch, client } = clientAnswering(async () =>
      json(200, { access_token: 't', expires_in: 1, token_type: 'bearer' }),
    );
    await client.mintDeveloperToken('m1', 'ann@org.test', [], { FirstName: 'Ann', Email: 'ann@org.test' });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      Username: 'ann@org.test',
      Roles: [],
      FirstName: 'Ann',
      Email: 'ann@org.test',
    });
  });

  it('keeps not-found and validation answers with the platform message', async () => {
    const notFound = clientAnswering(async () => json(404, envelope('Marketplace not found: m1')));
    await expect(notFound.client.getMarketplace('m1')).rejects.toMatchObject({
      status: 404,
      message: 'Marketplace not found: m1',
    });
    const invalid = clientAnswering(async () => json(400, envelope('User is not active.')));
    await expect(invalid.client.mintImpersonationToken('m1', 'c', 'u')).rejects.toMatchObject({
      status: 400,
      message: 'User is not active.',
    });
  });

  it('turns refused credentials and platform faults into 502', async () => {
    const refused = clientAnswering(async () => json(401, envelope('bad secret')));
    await expect(refused.client.listApiClients('m1', {})).rejects.toMatchObject({ status: 502 });
    const fault = clientAnswering(async () => new Response('oops', { status: 500 }));
    await expect(fault.client.listApiClients('m1', {})).rejects.toMatchObject({
      status: 502,
      message: 'The platform failed while handling the API client list (status 500).',
    });
    const down = clientAnswering(async () => Promise.reject(new TypeError('fetch failed')));
    await expect(down.client.getMarketplace('m1')).rejects.toMatchObject({ status: 502 });
  });

  it('gives up after the timeout with a 504', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const client = createPlatformClient({ baseUrl: 'http://mgmt.test', secret: 's', fetch, timeoutMs: 20 });
    await expect(client.getMarketplace('m1')).rejects.toMatchObject({
      status: 504,
      message: 'The platform did not answer within 0.02 seconds (marketplace).',
    });
  });

  it('sends no secret to the public description and builds list queries', async () => {
    const { fetch, client } = clientAnswering(async () => json(200, { Items: [], Meta: {} }));
    await client.getPublicJson('http://api.test/v1/openapi/v3');
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
    await client.listClientUsers('m1', 'c/1', { search: 'a b', page: 2, pageSize: 100 });
    expect(fetch.mock.calls[1]?.[0]).toBe(
      'http://mgmt.test/marketplaces/m1/apiclients/c%2F1/users?search=a+b&page=2&pageSize=100',
    );
  });
});
