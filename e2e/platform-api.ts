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
