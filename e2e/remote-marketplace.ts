import net from 'node:net';

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

/** A way to the remote that a journey can cut and restore: the remote going down, as seen from the portal. */
export interface RemoteLine {
  /** The remote's base URL through this line (its own origin otherwise). */
  url: string;
  /** Refuses every connection, and ends the open ones, as a server that went down does. */
  cut(): Promise<void>;
  /** Takes connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a TCP line on a free loopback port that passes every connection on to the remote. The portal reached through
 * it holds keep-alive connections, so cutting the line ends those too.
 */
export async function openRemoteLine(remoteUrl: string): Promise<RemoteLine> {
  const target = new URL(remoteUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, cut: stop, restore: () => listen(port), close: stop };
}
