import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { ApiError } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { validateBody } from '../engine/validate.ts';
import { defineModel, enumOf, int, list, text, type ModelDefinition } from '../resources/fields.ts';
import type { OperationContext, OperationDefinition } from '../resources/types.ts';
import { accessTokenMinutes } from './client-access.ts';
import { oauthErrors } from './oauth-error.ts';
import { mintAccessToken, type TokenIssuer } from './tokens.ts';
import { limitToClient, narrowRoles, orderRoles, profileRoles } from './user-roles.ts';

/** Body of `Users.GetAccessToken`. */
export const impersonateTokenRequestModel = defineModel('ImpersonateTokenRequest', {
  ClientID: text(),
  Roles: list(enumOf('ApiRole')),
  CustomRoles: list(text()),
});

/** An access token as `Users.GetAccessToken` answers it. */
export const accessTokenModel = defineModel('AccessToken', {
  access_token: text(),
  expires_in: int(),
  token_type: text(),
  refresh_token: text(),
});

/** Models the impersonation operation refers to; pass them to createRegistry as shared models. */
export const impersonationModels: readonly ModelDefinition[] = [impersonateTokenRequestModel, accessTokenModel];

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter(present) : []);

const configError = () =>
  new ApiError(
    400,
    'Impersonation.ConfigError',
    'No Impersonation Config exists for the requested Buyer ID and API client ID or there are no roles assigned to the SecurityProfile. Check your configuration and try again.',
  );

async function isMember(store: Store, parents: readonly string[], groupId: string, userId: string): Promise<boolean> {
  const found = await store.findAssignments('UserGroupAssignment', parents, { UserGroupID: groupId, UserID: userId });
  return found.length > 0;
}

/** Whether the config's impersonatee party (BuyerID / GroupID / UserID; null = any) is the target user. */
async function matchesTarget(store: Store, config: Item, buyerId: string, userId: string): Promise<boolean> {
  if (present(config.BuyerID) && config.BuyerID !== buyerId) return false;
  if (present(config.UserID) && config.UserID !== userId) return false;
  if (present(config.GroupID) && !(await isMember(store, [buyerId], config.GroupID, userId))) return false;
  return true;
}

/**
 * Whether the config's impersonator party (Impersonation*; null = any) is the caller. A group is
 * looked up among the caller's own kind of groups: admin groups for admin users, buyer groups for
 * buyer users.
 */
async function matchesCaller(store: Store, config: Item, auth: AuthContext): Promise<boolean> {
  const callerBuyer = auth.userType === 'buyer' ? auth.companyId : undefined;
  if (present(config.ImpersonationBuyerID) && config.ImpersonationBuyerID !== callerBuyer) return false;
  if (present(config.ImpersonationUserID) && config.ImpersonationUserID !== auth.userId) return false;
  if (present(config.ImpersonationGroupID)) {
    const parents = callerBuyer ? [callerBuyer] : [];
    if (!(await isMember(store, parents, config.ImpersonationGroupID, auth.userId))) return false;
  }
  return true;
}

/** Refuses unless the client exists, is active and lets the target's buyer sign in. */
async function requireClient(store: Store, clientId: string, buyerId: string): Promise<Item> {
  const client = await store.get('ApiClients', [], clientId);
  if (!client) {
    throw new ApiError(400, 'Impersonation.ClientIDNotFound', 'Client ID not found or you do not have access to it.', {
      ClientID: clientId,
    });
  }
  if (client.Active !== true) throw oauthErrors.clientNotActive();
  if (client.AllowAnyBuyer !== true) {
    const assigned = await store.findAssignments('ApiClientAssignment', [], {
      ApiClientID: clientId,
      BuyerID: buyerId,
    });
    if (assigned.length === 0) {
      throw new ApiError(400, 'Impersonation.BuyerNotAssigned', 'Buyer is not assigned to the API client.', {
        ClientID: clientId,
        BuyerID: buyerId,
      });
    }
  }
  return client;
}

/** Roles of every security profile of the matching configs. */
async function configRoles(store: Store, configs: readonly Item[]): Promise<string[]> {
  const ids = [...new Set(configs.map((config) => config.SecurityProfileID).filter(present))];
  const profiles = await Promise.all(ids.map((id) => store.get('SecurityProfiles', [], id)));
  return orderRoles(profiles.flatMap(profileRoles));
}

async function getAccessToken(issuer: TokenIssuer, context: OperationContext): Promise<Item> {
  const { params, store, auth, registry } = context;
  const buyerId = params.buyerID ?? '';
  const userId = params.userID ?? '';
  const { value, errors } = validateBody(registry, impersonateTokenRequestModel, context.body, {
    required: ['ClientID'],
    previous: undefined,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);

  if (auth.userType === 'supplier' || (auth.userType === 'buyer' && auth.companyId !== buyerId)) {
    throw new ApiError(403, 'Auth.UnauthorizedRole', 'Buyer users may only impersonate users of their own buyer.', {
      BuyerID: buyerId,
    });
  }
  const buyer = await store.require('Buyers', [], buyerId);
  const user = await store.require('Users', [buyerId], userId);
  if (buyer.Active !== true) throw oauthErrors.companyNotActive();
  if (user.Active !== true) throw oauthErrors.userNotActive();

  const clientId = String(value.ClientID);
  const client = await requireClient(store, clientId, buyerId);
  const configs = await store.find('ImpersonationConfigs', [], { ClientID: clientId });
  const matching: Item[] = [];
  for (const { item } of configs) {
    if ((await matchesTarget(store, item, buyerId, userId)) && (await matchesCaller(store, item, auth)))
      matching.push(item);
  }
  const allowed = await configRoles(store, matching);
  if (allowed.length === 0) throw configError();

  const requested = [...strings(value.Roles), ...strings(value.CustomRoles)];
  const roles = limitToClient(narrowRoles(allowed, requested.length > 0 ? requested : undefined), client);
  const token = await mintAccessToken(issuer, {
    marketplaceId: context.marketplaceId,
    clientId,
    user: { id: userId, username: String(user.Username ?? userId), type: 'buyer', companyId: buyerId },
    roles,
    impersonatorId: auth.userId,
    durationMinutes: accessTokenMinutes(client),
  });
  return {
    access_token: token.access_token,
    expires_in: token.expires_in,
    token_type: token.token_type,
    refresh_token: null,
  };
}

/**
 * `Users.GetAccessToken` (`POST /buyers/{buyerID}/users/{userID}/accesstoken`): a token acting as a
 * buyer user, allowed by an ImpersonationConfig. Append it to the Users resource's extraOperations.
 * The issuer comes from the request's platform services (the registry is declared before the
 * signing keys exist); tests may pass one directly.
 *
 * @example
 * const users = { ...usersResource, extraOperations: [...(usersResource.extraOperations ?? []), createImpersonationOperation({ keys, baseUrl })] };
 */
export function createImpersonationOperation(issuer?: TokenIssuer | (() => TokenIssuer)): OperationDefinition {
  const issuerFor = (context: OperationContext): TokenIssuer => {
    const resolved = context.services?.issuer ?? (typeof issuer === 'function' ? issuer() : issuer);
    if (!resolved) throw new Error('Users.GetAccessToken needs the token issuer in the platform services.');
    return resolved;
  };
  return {
    name: 'GetAccessToken',
    method: 'POST',
    path: '/buyers/{buyerID}/users/{userID}/accesstoken',
    roles: ['BuyerImpersonation'],
    summary: 'Get an access token that acts as a buyer user.',
    description:
      "Impersonation: the token carries the user's identity and the requested roles, limited to those of the security profile of a matching impersonation config for the API client.",
    body: { schema: { type: 'object', modelRef: impersonateTokenRequestModel.name }, required: ['ClientID'] },
    response: { status: 200, schema: { type: 'object', modelRef: accessTokenModel.name } },
    handler: (context) => getAccessToken(issuerFor(context), context),
  };
}
