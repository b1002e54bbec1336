import type { PrivateAddressPolicy } from '../../config.ts';
import type { PortalCaller } from '../auth.ts';
import { developerProfileOf } from '../developer-profile.ts';
import type { MarketplaceLink } from '../marketplace/link.ts';
import { connectedReader, hostedReader, type PlatformRead } from './platform-reader.ts';

/** A token is used until this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
/** Kept at most this long even when the token lives longer, so a moved API address is picked up. */
const MAX_KEEP_MS = 5 * 60_000;
/** Callers whose readers are kept; the oldest is dropped beyond it. */
const MAX_ENTRIES = 500;

interface Minted {
  read: PlatformRead;
  keepUntil: number;
}

/**
 * The caller's platform reader for searches: the developer token the portal mints for them (exactly their role
 * groups' roles) at their marketplace's API address. Kept per caller, marketplace and roles until shortly before
 * the token expires, so typing in the palette costs the platform's lists only, not a token per keystroke. A cache
 * only: another process mints its own.
 */
export function createSearchReaders(options: { policy: PrivateAddressPolicy; timeBoxMs: number }) {
  const entries = new Map<string, Promise<Minted>>();

  async function mint(marketplace: MarketplaceLink, caller: PortalCaller, roles: readonly string[]): Promise<Minted> {
    const [info, token] = await Promise.all([
      marketplace.describe(),
      marketplace.developerToken(caller.email, roles, developerProfileOf(caller)),
    ]);
    const keepUntil = Date.now() + Math.min(MAX_KEEP_MS, Math.max(0, token.expires_in * 1000 - RENEW_BEFORE_MS));
    const read =
      marketplace.kind === 'Hosted'
        ? hostedReader(info.CoreApiUrl, token.access_token)
        : connectedReader(info.CoreApiUrl, token.access_token, options.policy, options.timeBoxMs);
    return { read, keepUntil };
  }

  return {
    async readerFor(
      marketplace: MarketplaceLink,
      caller: PortalCaller,
      roles: readonly string[],
    ): Promise<PlatformRead> {
      const key = [
        marketplace.kind,
        marketplace.id,
        caller.organizationId ?? '',
        caller.email,
        ...[...roles].sort(),
      ].join('\n');
      const cached = entries.get(key);
      // Concurrent keystrokes share one mint; a failed mint is not kept, so the next keystroke tries again.
      const minted = await cached?.catch(() => undefined);
      if (minted && minted.keepUntil > Date.now()) return minted.read;
      let current = entries.get(key);
      if (current === undefined || current === cached) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        const fresh = mint(marketplace, caller, roles);
        fresh.catch(() => entries.get(key) === fresh && entries.delete(key));
        entries.set(key, fresh);
        current = fresh;
      }
      return (await current).read;
    },
  };
}
