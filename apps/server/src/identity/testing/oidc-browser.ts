import { createHash, randomBytes } from 'node:crypto';

/**
 * A scripted browser for tests of the identity provider: keeps cookies, follows redirects by hand
 * and speaks the portal's authorization code + PKCE flow over real HTTP.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const split = pair.indexOf('=');
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
      const expired = expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now();
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type Outcome =
  /** Sent back to the web app: read `code`, `state` or `error` from the URL. */
  | { kind: 'redirect'; url: URL }
  /** Stopped at a page of the provider (sign-in, error, logout confirmation). */
  | { kind: 'page'; status: number; html: string; url: string };

export interface AuthorizeOptions {
  organization?: string;
  tenantName?: string;
  prompt?: string;
  scope?: string;
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export class OidcBrowser {
  readonly jar = new CookieJar();
  readonly redirectUri: string;
  #verifier = '';

  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
  ) {
    this.redirectUri = `${baseUrl}/auth/callback`;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(new URL(url, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows the provider's redirects until one leaves it (back to the web app) or a page answers. */
  async follow(start: string | Response, from = this.baseUrl): Promise<Outcome> {
    let response = typeof start === 'string' ? await this.request(start) : start;
    let current = typeof start === 'string' ? new URL(start, this.baseUrl).href : from;
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { kind: 'page', status: response.status, html: await response.text(), url: current };
      }
      await response.body?.cancel();
      const next = new URL(location, current);
      if (!next.href.startsWith(`${this.baseUrl}/identity/`)) {
        return { kind: 'redirect', url: next };
      }
      current = next.href;
      response = await this.request(current);
    }
    throw new Error(`too many redirects, last at ${current}`);
  }

  /** Starts a sign-in as the portal does; a fresh PKCE verifier each time. */
  authorize(options: AuthorizeOptions = {}): Promise<Outcome> {
    this.#verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: options.scope ?? 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(this.#verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
    });
    for (const key of ['organization', 'tenantName', 'prompt'] as const) {
      const value = options[key];
      if (value !== undefined) params.set(key, value);
    }
    return this.follow(`/identity/auth?${params}`);
  }

  /** Submits the sign-in form of a page outcome. */
  async submitSignIn(page: Outcome, email: string, password: string): Promise<Outcome> {
    if (page.kind !== 'page') throw new Error(`expected the sign-in page, got a redirect to ${page.url.href}`);
    const response = await this.postForm(page.url, { email, password });
    return this.follow(response, page.url);
  }

  async exchange(outcome: Outcome): Promise<TokenSet> {
    const code = outcome.kind === 'redirect' ? outcome.url.searchParams.get('code') : null;
    if (!code)
      throw new Error(`no code: ${outcome.kind === 'redirect' ? outcome.url.href : outcome.html.slice(0, 500)}`);
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      code_verifier: this.#verifier,
    });
  }

  async token(fields: Record<string, string>, origin?: string): Promise<TokenSet> {
    const response = await this.tokenResponse(fields, origin);
    const body = await response.json();
    if (!response.ok) throw new Error(`token endpoint ${response.status}: ${JSON.stringify(body)}`);
    return body as TokenSet;
  }

  tokenResponse(fields: Record<string, string>, origin?: string): Promise<Response> {
    return fetch(`${this.baseUrl}/identity/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams({ client_id: this.clientId, ...fields }).toString(),
    });
  }

  /** The whole sign-in: authorize, sign in when asked, exchange the code. */
  async signIn(email: string, password: string, options: AuthorizeOptions = {}): Promise<TokenSet> {
    let outcome = await this.authorize(options);
    if (outcome.kind === 'page') outcome = await this.submitSignIn(outcome, email, password);
    return this.exchange(outcome);
  }
}

/** The claims of a JWT, unverified (tests verify signatures separately). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
