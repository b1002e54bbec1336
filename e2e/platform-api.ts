import type { APIRequestContext } from '@playwright/test';

/** Calls the demo-sandbox platform as its admin, to find the ids a journey opens in the portal. */
export async function platformAdmin(request: APIRequestContext, baseURL: string | undefined) {
  const token = await request.post(`${baseURL}/platform/oauth/token`, {
    form: { grant_type: 'password', username: 'admin', password: 'Demo-Admin-1', client_id: 'demo-sandbox-admin' },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async function list<T = Record<string, unknown>>(
    path: string,
  ): Promise<{ Items: T[]; Meta: { TotalCount: number } }> {
    const answer = await request.get(`${baseURL}/platform/v1${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!answer.ok()) throw new Error(`${path} answered ${answer.status()}`);
    return (await answer.json()) as { Items: T[]; Meta: { TotalCount: number } };
  };
}

/** Writes to the demo-sandbox platform as its admin, to arrange (and clean up) what a journey needs. */
export async function platformAdminWrite(request: APIRequestContext, baseURL: string | undefined) {
  const token = await request.post(`${baseURL}/platform/oauth/token`, {
    form: { grant_type: 'password', username: 'admin', password: 'Demo-Admin-1', client_id: 'demo-sandbox-admin' },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async function send<T = Record<string, unknown>>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T | null> {
    const answer = await request.fetch(`${baseURL}/platform/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(body === undefined ? {} : { data: body }),
    });
    if (!answer.ok()) throw new Error(`${method} ${path} answered ${answer.status()}: ${await answer.text()}`);
    return answer.status() === 204 ? null : ((await answer.json()) as T);
  };
}

type PlatformList = Awaited<ReturnType<typeof platformAdmin>>;

/** The demo marketplace's first buyer (by ID), whose users and groups journeys arrange assignments for. */
export async function firstDemoBuyer(list: PlatformList): Promise<{ ID: string; Name: string }> {
  const buyer = (await list<{ ID: string; Name: string }>('/buyers?sortBy=ID&pageSize=1')).Items[0];
  if (!buyer) throw new Error('The demo data has no buyer.');
  return buyer;
}
