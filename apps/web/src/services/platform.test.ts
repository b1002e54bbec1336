import { describe, expect, it } from 'vitest';
import { createPlatformClient } from './platform';
import { fakeFetch } from './test-fetch';

const BASE = 'http://localhost:4000/platform';

describe('createPlatformClient', () => {
  it('reads /env and the description without a token', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/env') ? { BuildNumber: '1.0.0.1' } : { openapi: '3.0.3' },
    );
    const platform = createPlatformClient({ baseUrl: BASE, getToken: () => 'dev-token', fetch });
    expect((await platform.getEnv()).BuildNumber).toBe('1.0.0.1');
    await platform.getDescription();
    await platform.getJson(`${BASE}/env`);
    expect(calls.map((call) => call.url)).toEqual([`${BASE}/env`, `${BASE}/v1/openapi/v3`, `${BASE}/env`]);
    expect(calls.every((call) => !call.headers.has('authorization'))).toBe(true);
  });

  it('counts a list with a one-item page read from Meta.TotalCount', async () => {
    const { fetch, calls } = fakeFetch(() => ({ Items: [{}], Meta: { TotalCount: 17 } }));
    const platform = createPlatformClient({ baseUrl: BASE, getToken: () => 'dev-token', fetch });
    await expect(
      platform.count('/securityprofiles/assignments', { level: 'Group', commerceRole: 'Seller' }),
    ).resolves.toBe(17);
    expect(calls[0]?.url).toBe(
      `${BASE}/v1/securityprofiles/assignments?level=Group&commerceRole=Seller&page=1&pageSize=1`,
    );
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer dev-token');
  });

  it('counts the items of an answer without Meta', async () => {
    const { fetch } = fakeFetch(() => ({ Items: [1, 2] }));
    await expect(createPlatformClient({ baseUrl: BASE, fetch }).count('adminusers')).resolves.toBe(2);
    const empty = fakeFetch(() => ({}));
    await expect(createPlatformClient({ baseUrl: BASE, fetch: empty.fetch }).count('/adminusers')).resolves.toBe(0);
  });

  it('lists below /v1 and leaves /v1 and /oauth paths alone', async () => {
    const { fetch, calls } = fakeFetch(() => ({ Items: [], Meta: {} }));
    const platform = createPlatformClient({ baseUrl: BASE, fetch });
    await platform.list('/adminusers', { search: 'ann' });
    await platform.list('/v1/products');
    await platform.list('/oauth/certs');
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/v1/adminusers?search=ann`,
      `${BASE}/v1/products`,
      `${BASE}/oauth/certs`,
    ]);
  });

  it('reads the subscription integration', async () => {
    const { fetch, calls } = fakeFetch(() => ({ Active: true }));
    await expect(createPlatformClient({ baseUrl: BASE, fetch }).getSubscriptionIntegration()).resolves.toEqual({
      Active: true,
    });
    expect(calls[0]?.url).toBe(`${BASE}/v1/integrations/subscription`);
  });
});
