import type { Bus } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import { OUTBOUND_TIMEOUT_MS } from './platform-client.ts';
import { Problem } from './problems.ts';

/** The e-mail address and name of a signed-in user, when the access token itself does not carry them. */
export interface IdentityProfile {
  email: string;
  name: string | undefined;
}

/** Finds the profile of the token's subject; undefined when the provider gives none. */
export type ProfileLookup = (accessToken: string, subject: string) => Promise<IdentityProfile | undefined>;

export interface ProfileLookupOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a subject's profile is reused: e-mail addresses rarely change, page loads are frequent. */
  cacheMs?: number;
  /**
   * Where profile changes are announced (`CHANNELS.identityProfile`, by the built-in provider's
   * account page in any process): a changed user's profile is read again at once, not after `cacheMs`.
   */
  bus?: Pick<Bus, 'subscribe'>;
}

/** Profiles kept at most; the cache is a shortcut, not a store, so it is simply emptied when full. */
const CACHE_LIMIT = 5_000;

/**
 * Reads the profile from the identity provider's current-user endpoint (`GET {issuer}/user`, which
 * accepts the same access token). Access tokens that carry `email` never get here.
 *
 * @example
 * const lookup = createProfileLookup(`${config.identityIssuer}/user`);
 * const profile = await lookup(token, claims.sub);
 */
export function createProfileLookup(userUrl: string, options: ProfileLookupOptions = {}): ProfileLookup {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? 5 * 60_000;
  const cache = new Map<string, { expires: number; profile: IdentityProfile }>();
  options.bus?.subscribe(CHANNELS.identityProfile, (subject) => {
    if (subject === undefined) cache.clear();
    else cache.delete(subject);
  });

  return async (accessToken, subject) => {
    const cached = cache.get(subject);
    if (cached && cached.expires > Date.now()) return cached.profile;
    let response: Response;
    try {
      response = await fetchImpl(userUrl, {
        headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new Problem(503, 'The identity provider could not be reached to read your profile. Try again shortly.');
    }
    if (!response.ok) return undefined;
    const body = (await response.json().catch(() => undefined)) as { email?: unknown; name?: unknown } | undefined;
    if (typeof body?.email !== 'string' || body.email.trim() === '') return undefined;
    const profile = {
      email: body.email.trim(),
      name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : undefined,
    };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(subject, { expires: Date.now() + cacheMs, profile });
    return profile;
  };
}
