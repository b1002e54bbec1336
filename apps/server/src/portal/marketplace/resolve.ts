import { and, eq } from 'drizzle-orm';
import type { PrivateAddressPolicy } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createAllowedRoles, type AllowedRoles } from '../allowed-roles.ts';
import type { PortalCaller } from '../auth.ts';
import { connectedCredentials } from '../connected/store.ts';
import { guardedFetch, RemoteAddressError, RemoteRequestError } from '../connected/remote-address.ts';
import { SecretBoxError, SecretKeyMissingError, type SecretBox } from '../connected/secret-box.ts';
import { connectedMarketplaces } from '../db/schema.ts';
import { OUTBOUND_TIMEOUT_MS, type PlatformClient } from '../platform-client.ts';
import { Problem } from '../problems.ts';
import { connectedMarketplace } from './connected.ts';
import { connectedOriginsChanged, isKnownOrigin } from './connected-origins.ts';
import { hostedMarketplace } from './hosted.ts';
import type { MarketplaceLink } from './link.ts';
import { createRemoteState, noteError, type ConnectedRow } from './remote.ts';

/**
 * The marketplace the caller signed in to, hosted or connected: what every route that talks to the marketplace holds.
 *
 * @example
 * const marketplace = await marketplaceFor(services, callerOf(request));
 * await marketplace.listApiClients({ page: 1 });
 */
export function marketplaceFor(
  services: { marketplaces: MarketplaceLinks },
  caller: Pick<PortalCaller, 'organizationId' | 'tenantName'>,
): Promise<MarketplaceLink> {
  return services.marketplaces.of(caller);
}

/** Finds the marketplace a caller signed in to; one per portal service, holding the connected ones' caches. */
export interface MarketplaceLinks {
  of(caller: Pick<PortalCaller, 'organizationId' | 'tenantName'>): Promise<MarketplaceLink>;
}

export interface MarketplaceLinksOptions {
  db: Db;
  platform: PlatformClient;
  /** Role lists of the hosted platform's API description (read with the management API client). */
  hostedAllowedRoles: AllowedRoles;
  secretBox: () => Promise<SecretBox>;
  privateAddresses: PrivateAddressPolicy;
  /** Every call to a connected marketplace gives up after this long. */
  timeoutMs?: number;
}

/** A connected marketplace of the organization by id, without its secret; undefined when there is none. */
export async function connectedRowOf(db: Db, organizationId: string, id: string): Promise<ConnectedRow | undefined> {
  const [row] = await db
    .select({
      id: connectedMarketplaces.id,
      organizationId: connectedMarketplaces.organizationId,
      name: connectedMarketplaces.name,
      environment: connectedMarketplaces.environment,
      apiUrl: connectedMarketplaces.apiUrl,
      clientId: connectedMarketplaces.clientId,
    })
    .from(connectedMarketplaces)
    .where(and(eq(connectedMarketplaces.organizationId, organizationId), eq(connectedMarketplaces.id, id)));
  return row;
}

/**
 * A public JSON document of a connected marketplace (its `/env` or its API description), fetched with the SSRF
 * guards; a failure names which of the two it was.
 */
export function guardedJson(policy: PrivateAddressPolicy, timeoutMs: number) {
  return async (url: string): Promise<unknown> => {
    const what = /\/env(?:[?#]|$)/.test(url) ? 'API version' : 'API description';
    let answer;
    try {
      answer = await guardedFetch(url, { policy, timeoutMs, maxBytes: 32 * 1024 * 1024 });
    } catch (error) {
      if (error instanceof RemoteRequestError && error.reason === 'timeout') {
        throw new Problem(504, `The marketplace did not answer within ${timeoutMs / 1000} seconds (${what}).`);
      }
      const reason = error instanceof RemoteAddressError || error instanceof RemoteRequestError ? error.message : '';
      throw new Problem(502, `The marketplace could not be reached (${what}).${reason ? ` ${reason}` : ''}`);
    }
    if (answer.status !== 200) {
      throw new Problem(502, `The marketplace answered ${answer.status} for its ${what}.`);
    }
    try {
      return JSON.parse(answer.body) as unknown;
    } catch {
      throw new Problem(502, `The marketplace answered its ${what} with something other than JSON.`);
    }
  };
}

/**
 * The tenant a caller signed in to is a connected marketplace when it is one of the caller's organization's
 * connected rows; any other tenant is hosted by the product's platform (as every tenant was before issue 21).
 */
export function createMarketplaceLinks(options: MarketplaceLinksOptions): MarketplaceLinks {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const state = createRemoteState(options.db, options.privateAddresses, timeoutMs);
  const remoteAllowedRoles = createAllowedRoles(guardedJson(options.privateAddresses, timeoutMs));
  return {
    async of(caller) {
      const row = caller.organizationId
        ? await connectedRowOf(options.db, caller.organizationId, caller.tenantName)
        : undefined;
      if (!row) return hostedMarketplace(options.platform, options.hostedAllowedRoles, caller.tenantName);
      // Connected since the pages' policy last read the origins: the next page admits it without waiting 30 s.
      if (!isKnownOrigin(options.db, row.apiUrl)) connectedOriginsChanged(options.db);
      const secret = async () => {
        let credentials;
        try {
          credentials = await connectedCredentials(options.db, await options.secretBox(), row.organizationId, row.id);
        } catch (error) {
          // A missing key or a secret sealed with a key this server lacks: the operator's fix, said plainly.
          if (error instanceof SecretBoxError || error instanceof SecretKeyMissingError) {
            await noteError(state, row.id, error.message);
            throw new Problem(503, `The portal cannot open this marketplace's client secret: ${error.message}`);
          }
          throw error;
        }
        // Disconnected between the lookup and now.
        if (!credentials) throw new Problem(404, 'This marketplace is no longer connected to the portal.');
        return credentials.clientSecret;
      };
      return connectedMarketplace(row, { state, secret, allowedRoles: remoteAllowedRoles });
    },
  };
}
