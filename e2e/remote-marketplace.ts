/*
 * The second product instance the connected-marketplace journeys connect to (issue 21): a stand-in for a
 * marketplace elsewhere, reached only over HTTP. global-setup.ts starts it and prepares it here as its own admin
 * would; the journeys read the same constants. Plain fetch, so the setup needs no browser.
 */

/** The remote's API client the portal connects with, and the secret its admin gave it. */
export const REMOTE_CLIENT_ID = 'demo-sandbox-admin';
export const REMOTE_CLIENT_SECRET = 'Remote-Connect-Secret-1';
/**
 * A storefront client that exists only on the remote, with an impersonation config for its buyer users: picking it
 * in the console proves the portal lists and impersonates through the remote, not through its own platform.
 */
export const REMOTE_STOREFRONT_CLIENT = 'e2e-remote-storefront';
/** The buyer user the console journey impersonates on the remote (a demo buyer, password Demo-Buyer-1). */
export const REMOTE_BUYER_USER = 'buyer07';

/** The remote's platform API base URL, as an admin types it in the connect form. */
export function remoteApiUrl(remoteUrl: string): string {
  return `${remoteUrl}/platform/v1`;
}

async function call(remoteUrl: string, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, ...rest } = init;
  const response = await fetch(`${remoteUrl}/platform${path}`, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...rest.headers,
    },
  });
  if (!response.ok) {
    throw new Error(`remote ${rest.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/**
 * Signs in to the remote's demo-sandbox as its admin (password grant); the token can do everything. Once prepared,
 * the client has a secret, and the grant must carry it.
 */
export async function remoteAdminToken(
  remoteUrl: string,
  secret: string | null = REMOTE_CLIENT_SECRET,
): Promise<string> {
  const response = await call(remoteUrl, '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: REMOTE_CLIENT_ID,
      username: 'admin',
      password: 'Demo-Admin-1',
      scope: 'FullAccess',
      ...(secret === null ? {} : { client_secret: secret }),
    }).toString(),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Reads one resource of the remote through its own API, as its admin. */
export async function remoteGet<T = Record<string, unknown>>(remoteUrl: string, path: string): Promise<T> {
  const token = await remoteAdminToken(remoteUrl);
  return (await (await call(remoteUrl, `/v1${path}`, { token })).json()) as T;
}

/**
 * Prepares the remote as its admin would, over HTTP only: a known secret on the client the portal connects with,
 * and a storefront client whose buyer users that admin may impersonate (an ImpersonationConfig with the shopper
 * profile the demo data holds).
 */
export async function prepareRemote(remoteUrl: string): Promise<void> {
  const token = await remoteAdminToken(remoteUrl, null);
  const send = (method: string, path: string, body: unknown) =>
    call(remoteUrl, `/v1${path}`, { method, token, body: JSON.stringify(body) });
  await send('PATCH', `/apiclients/${REMOTE_CLIENT_ID}`, { ClientSecret: REMOTE_CLIENT_SECRET });
  await send('PUT', `/apiclients/${REMOTE_STOREFRONT_CLIENT}`, {
    AppName: 'Remote Storefront',
    Active: true,
    AllowAnyBuyer: true,
    AllowSeller: false,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 0,
  });
  await send('POST', '/impersonationconfig', {
    ID: 'e2e-remote-shoppers',
    ClientID: REMOTE_STOREFRONT_CLIENT,
    SecurityProfileID: 'shopper',
  });
}
