import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { OidcBrowser } from '../identity/testing/oidc-browser.ts';

/** An answer read once: status, parsed JSON body (or the text) and headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One HTTP call with a JSON body and a bearer token, to `base` (a process or the proxy). */
export async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // Not JSON (a proxy's 502 text): kept as text for the failure message.
  }
  return { status: response.status, body: parsed, headers: response.headers } satisfies Answer;
}

export interface PlatformTokens {
  access_token: string;
  refresh_token?: string;
}

/** `POST /platform/oauth/token` with a form; throws with the answer unless 200. */
export async function platformToken(base: string, form: Record<string, string>): Promise<PlatformTokens> {
  const response = await fetch(`${base}/platform/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as PlatformTokens;
  if (response.status !== 200) throw new Error(`token ${response.status} from ${base}: ${JSON.stringify(body)}`);
  return body;
}

/** The demo admin of demo-sandbox (README), by password grant. */
export const DEMO_ADMIN = {
  grant_type: 'password',
  username: 'admin',
  password: 'Demo-Admin-1',
  client_id: 'demo-sandbox-admin',
  scope: 'FullAccess',
} as const;

/**
 * The portal's sign-in as a script, each request sent to a chosen process instead of the public
 * address the provider's redirects name (what a load balancer without sticky sessions does).
 */
export class PinnedOidcBrowser extends OidcBrowser {
  via: string;
  readonly #processOrigins: Set<string>;

  /** `processUrls`: every process's own address, `via` the one requests go to (changeable). */
  constructor(publicUrl: string, clientId: string, processUrls: readonly string[], via: string) {
    super(publicUrl, clientId);
    this.#processOrigins = new Set(processUrls.map((url) => new URL(url).origin));
    this.via = via;
  }

  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const response = await super.request(`${this.via}${target.pathname}${target.search}`, init);
    // The provider builds some redirects from the Host header (also stored to resume a sign-in on
    // any process), which a proxy passes on as the public one; fetch cannot set Host, so a redirect
    // to a process's own address is mapped back to the public address.
    const location = response.headers.get('location');
    const next = location ? new URL(location, this.via) : undefined;
    if (!next || !this.#processOrigins.has(next.origin)) return response;
    const headers = new Headers(response.headers);
    headers.set('location', `${this.baseUrl}${next.pathname}${next.search}`);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  override tokenResponse(fields: Record<string, string>, origin?: string): Promise<Response> {
    return fetch(`${this.via}/identity/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams({ client_id: this.clientId, ...fields }).toString(),
    });
  }
}

/** A portal captcha answer: a challenge from `base`, solved as the widget solves it in a browser. */
export async function solvedCaptcha(base: string, portalToken: string): Promise<string> {
  const { status, body } = await call(base, 'GET', '/portal-api/captcha/challenge', portalToken);
  if (status !== 200) throw new Error(`captcha challenge ${status}: ${JSON.stringify(body)}`);
  const challenge = body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
