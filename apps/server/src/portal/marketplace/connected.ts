import type { MarketplaceInfo, SignInUser } from '@portal/contracts';
import { EXTRA_ROLES, type AllowedRoles } from '../allowed-roles.ts';
import { platformRoot } from '../connected/probe.ts';
import type { ListParams, MgmtApiClient, MgmtListPage, PlatformTokenResponse } from '../platform-client.ts';
import { badRequest, forbidden } from '../problems.ts';
import { listConnectedClientUsers, type ReadPage } from './connected-users.ts';
import type { MarketplaceLink } from './link.ts';
import { adminToken, grantToken, remoteJson, type ConnectedRow, type RemoteState } from './remote.ts';

/** Roles of the portal's own reads: API clients, their assignments, and the users who sign in through them. */
const READ_SCOPE = [
  'ApiClientReader',
  'AdminUserReader',
  'BuyerReader',
  'BuyerUserReader',
  'SupplierReader',
  'SupplierUserReader',
] as const;
const IMPERSONATE_SCOPE = ['BuyerImpersonation'] as const;

export interface ConnectedDependencies {
  state: RemoteState;
  /** The stored client secret, opened (only called when a new token is needed). */
  secret: () => Promise<string>;
  /** Role lists of API descriptions read through guardedFetch, cached per URL. */
  allowedRoles: AllowedRoles;
}

/** The fields of the public API's ApiClient the picker shows (its secret is never read on). */
function apiClientOf(item: Record<string, unknown>): MgmtApiClient {
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    ID: String(item.ID ?? ''),
    AppName: typeof item.AppName === 'string' ? item.AppName : null,
    Active: flag(item.Active),
    AllowAnyBuyer: flag(item.AllowAnyBuyer),
    AllowAnySupplier: flag(item.AllowAnySupplier),
    AllowSeller: flag(item.AllowSeller),
    IsAnonBuyer: flag(item.IsAnonBuyer),
    AssignedBuyerCount: count(item.AssignedBuyerCount),
    AssignedSupplierCount: count(item.AssignedSupplierCount),
  };
}

function listQuery(params: ListParams): string {
  const search = new URLSearchParams();
  if (params.search) search.set('search', params.search);
  if (params.page) search.set('page', String(params.page));
  if (params.pageSize) search.set('pageSize', String(params.pageSize));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A marketplace on another platform, reached through its public API with the organization's stored API client. */
export function connectedMarketplace(row: ConnectedRow, deps: ConnectedDependencies): MarketplaceLink {
  const { state, secret } = deps;
  const root = platformRoot(row.apiUrl);
  const asAdmin = async <T>(scope: readonly string[], path: string, what: string, json?: unknown): Promise<T> =>
    remoteJson<T>(state, row, {
      method: json === undefined ? 'GET' : 'POST',
      path,
      what,
      token: await adminToken(state, row, secret, scope),
      json,
    });
  const allowedRoles = () => deps.allowedRoles(root);

  const describe = async (): Promise<MarketplaceInfo> => ({
    Id: row.id,
    Name: row.name,
    OcEnvironment: row.environment,
    // The portal does not know where another platform hosts a marketplace.
    Region: { Id: null, Name: null },
    CoreApiUrl: root,
    Kind: 'Connected',
  });

  return {
    kind: 'Connected',
    id: row.id,
    describe,
    developerToken: async (_username, roles): Promise<PlatformTokenResponse> => {
      // An empty scope means "every role the client has" to the platform: a user without roles gets no token.
      if (roles.length === 0) {
        throw forbidden('Your role groups give you no roles on this marketplace, so the portal has no token for you.');
      }
      // The client credentials grant acts as the client's default context user: the remote's Me.Get shows that
      // user, not the portal user (no profile travels, unlike the hosted management API's developer token).
      return grantToken(state, row, await secret(), roles);
    },
    impersonationToken: async (clientId, _username, user: SignInUser) => {
      if (user.CommerceRole !== 'Buyer') {
        throw badRequest(
          `Impersonating a ${user.CommerceRole} user is not available on a connected marketplace: the platform's ` +
            'public API impersonates buyer users only.',
        );
      }
      // Ask for every API role: the marketplace narrows them to its impersonation config's security profile.
      const extra = new Set<string>(EXTRA_ROLES);
      const roles = [...(await allowedRoles())].filter((role) => !extra.has(role));
      const path = `/v1/buyers/${encodeURIComponent(user.CompanyID)}/users/${encodeURIComponent(user.ID)}/accesstoken`;
      const token = await asAdmin<Partial<PlatformTokenResponse>>(IMPERSONATE_SCOPE, path, 'impersonation token', {
        ClientID: clientId,
        Roles: roles,
      });
      return {
        access_token: String(token.access_token ?? ''),
        expires_in: typeof token.expires_in === 'number' ? token.expires_in : 0,
        token_type: typeof token.token_type === 'string' ? token.token_type : 'Bearer',
      };
    },
    listApiClients: async (params) => {
      const page = await asAdmin<MgmtListPage<Record<string, unknown>>>(
        READ_SCOPE,
        `/v1/apiclients${listQuery(params)}`,
        'API client list',
      );
      return { Items: (page.Items ?? []).map(apiClientOf), Meta: page.Meta };
    },
    listClientUsers: (clientId, params) => {
      const read: ReadPage = (path) => asAdmin(READ_SCOPE, path, 'API client users');
      return listConnectedClientUsers(read, clientId, params, { id: row.id, name: row.name });
    },
    allowedRoles,
  };
}
