import { describe, expect, it } from 'vitest';
import { useEngineApp } from '../engine/testing/engine-app.ts';
import { platformRegistry } from './index.ts';

const { call } = useEngineApp(platformRegistry);

/** Creates an API client with a default context user (which the subscription integration needs); returns its ID. */
async function createClient(name: string): Promise<string> {
  const created = await call({
    method: 'POST',
    url: '/apiclients',
    body: { AppName: name, AccessTokenDuration: 600, DefaultContextUserName: 'middleware' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.ID as string;
}

describe('ApiClients.Delete and the subscription integration', () => {
  it('refuses to delete the client the subscription integration uses, until the integration moves', async () => {
    const used = await createClient('Subscriptions');
    const spare = await createClient('Spare');
    const saved = await call({
      method: 'PUT',
      url: '/integrations/subscription',
      body: { ApiClientID: used, HashKey: 'secret', Url: 'https://example.com/hook' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const refused = await call({ method: 'DELETE', url: `/apiclients/${used}` });
    expect(refused.status).toBe(400);
    expect(refused.body.Errors[0]).toMatchObject({
      ErrorCode: 'ApiClient.UsedByIntegration',
      Message: 'Cannot delete API Client used by a Subscription Integration.',
      Data: { ApiClientID: used },
    });
    expect((await call({ url: `/apiclients/${used}` })).status).toBe(200);

    // Another client is not held back by the integration.
    const other = await createClient('Other');
    expect((await call({ method: 'DELETE', url: `/apiclients/${other}` })).status).toBe(204);

    const moved = await call({
      method: 'PUT',
      url: '/integrations/subscription',
      body: { ApiClientID: spare, HashKey: 'secret', Url: 'https://example.com/hook' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await call({ method: 'DELETE', url: `/apiclients/${used}` })).status).toBe(204);
    expect((await call({ method: 'DELETE', url: `/apiclients/${spare}` })).status).toBe(400);

    expect((await call({ method: 'DELETE', url: '/integrations/subscription' })).status).toBe(204);
    expect((await call({ method: 'DELETE', url: `/apiclients/${spare}` })).status).toBe(204);
  });
});
