import { createHttpClient, type HttpClient, type HttpClientOptions } from './http';

// TYPES: aligned with apps/server/src/identity/user-route.ts. Change them together.

/** `GET /identity/user`: the signed-in person as the identity provider knows them. */
export interface IdentityUser {
  email: string;
  name: string;
  picture: string | null;
  /** ISO date-time of the previous sign-in, null before the first. */
  lastLogin: string | null;
  /** ISO date-time the account was created. */
  created: string;
}

/** Where the identity provider is mounted in the embedded setup (ARCHITECTURE §2). */
export const DEFAULT_IDENTITY_BASE_URL = '/identity';

/** The identity service client; calls carry the identity provider's access token. */
export interface IdentityClient {
  readonly http: HttpClient;
  getUser(): Promise<IdentityUser>;
}

/**
 * Creates the identity client.
 *
 * @example
 * const identity = createIdentityClient({ getToken: () => session.accessToken });
 * const { picture } = await identity.getUser();
 */
export function createIdentityClient(options: Partial<HttpClientOptions> = {}): IdentityClient {
  const http = createHttpClient({ ...options, baseUrl: options.baseUrl ?? DEFAULT_IDENTITY_BASE_URL });
  return { http, getUser: () => http.get('/user') };
}
