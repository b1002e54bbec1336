import type Provider from 'oidc-provider';
import type { Bus } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import { createIdentityProvider, type IdentityProviderOptions } from './provider.ts';
import { arrangeSigningKeys, loadProviderSecrets, type ProviderSecrets } from './provider-secrets.ts';

/**
 * Stored keys are read again at least this often while requests come, so a process that missed a
 * rotation notice publishes the new key well within the time it is published before it signs.
 */
const RECHECK_MS = 30_000;

export interface ProviderSourceOptions extends Omit<IdentityProviderOptions, 'secrets' | 'now'> {
  /** The secrets read at start-up; the first provider is built from them. */
  secrets: ProviderSecrets;
  /** Rotations announced by any process; without it they are seen within {@link RECHECK_MS}. */
  bus?: Pick<Bus, 'subscribe'>;
  /** Runs on every provider built (the first included), e.g. to listen to its events. */
  onBuild?: (provider: Provider) => void;
  /** A failed re-read; requests keep the provider they have (its keys are still valid) meanwhile. */
  onRefreshError?: (error: unknown) => void;
}

/** The identity provider as it should be now; rebuilt when its signing keys change. */
export interface ProviderSource {
  /**
   * The first provider. Sessions, interactions and grants live in the database and cookies are
   * signed with keys that do not rotate, so code that only reads those may keep using it.
   */
  readonly initial: Provider;
  /** The provider to hand a request to: the signing keys it holds are the current ones. */
  current(): Promise<Provider>;
}

/**
 * oidc-provider takes its key set once, at construction. Building a provider is cheap and it keeps
 * nothing of its own in memory (every model is in the database), so a change of keys (a rotation
 * notice, a published key's time to sign, or a periodic re-read) builds a new provider, which
 * every later request uses.
 *
 * @example
 * const providers = createProviderSource({ db, config, mountPath, secrets, bus: app.bus });
 * await app.register((child) => mountProvider(child, providers.current));
 */
export function createProviderSource(options: ProviderSourceOptions): ProviderSource {
  const { secrets, bus, onBuild, onRefreshError, ...providerOptions } = options;

  const build = (built: ProviderSecrets, now: number) => {
    const arrangement = arrangeSigningKeys(built.signingKeys, now);
    const provider = createIdentityProvider({ ...providerOptions, secrets: built, now });
    onBuild?.(provider);
    return { provider, secrets: built, arrangement, checkedAt: now };
  };
  const initial = build(secrets, Date.now());
  let state = initial;
  let stale = false;
  let refreshing: Promise<void> | undefined;

  bus?.subscribe(CHANNELS.identitySigningKeys, () => {
    stale = true;
  });

  const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((kid, i) => kid === b[i]);
  const kidsOf = (arrangement: typeof state.arrangement) => arrangement.keys.map((key) => key.kid ?? '');

  const refresh = async () => {
    const now = Date.now();
    // Cleared before reading, so a notice arriving during the read is not lost.
    stale = false;
    const read = await loadProviderSecrets(providerOptions.db);
    const arrangement = arrangeSigningKeys(read.signingKeys, now);
    if (sameKeys(kidsOf(arrangement), kidsOf(state.arrangement))) {
      state = { ...state, arrangement, checkedAt: now };
      return;
    }
    state = build(read, now);
  };

  return {
    initial: initial.provider,
    async current() {
      const now = Date.now();
      const due = state.arrangement.nextChangeAt !== undefined && now >= state.arrangement.nextChangeAt;
      if (stale || due || now - state.checkedAt >= RECHECK_MS) {
        refreshing ??= refresh()
          .catch((error: unknown) => {
            // Tried again on the next request.
            stale = true;
            onRefreshError?.(error);
          })
          .finally(() => {
            refreshing = undefined;
          });
        await refreshing;
      }
      return state.provider;
    },
  };
}
