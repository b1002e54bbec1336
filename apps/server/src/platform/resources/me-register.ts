import {
  anonUserProhibited,
  mustPassAnonUserToken,
  verifyAnonUserToken,
  type AnonymousClaims,
} from '../auth/anonymous.ts';
import { accessTokenMinutes, authorizeUser } from '../auth/client-access.ts';
import { oauthErrors } from '../auth/oauth-error.ts';
import { mintAccessToken, type TokenIssuer } from '../auth/tokens.ts';
import { limitToClient, missingRequiredRoles, resolveRoles } from '../auth/user-roles.ts';
import type { Item } from '../engine/item.ts';
import { createItem } from '../engine/crud.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { validateBody } from '../engine/validate.ts';
import { moveAnonymousOrders } from '../orders/anonymous-orders.ts';
import { queryValue } from './catalog-rules.ts';
import { defineModel, model, text, type ModelDefinition } from './fields.ts';
import { meUserModel } from './me-models.ts';
import { USER_REQUIRED } from './shared-models.ts';
import type { OperationContext, OperationDefinition, QueryParamDefinition } from './types.ts';

/** The answer of Me.Register: only the new user's access token. */
export const accessTokenBasicModel = defineModel('AccessTokenBasic', { access_token: text() });

/** Models the register operations refer to; index.ts adds them to the registry. */
export const meRegisterModels: readonly ModelDefinition[] = [accessTokenBasicModel];

const ANON_USER_TOKEN: QueryParamDefinition = {
  name: 'anonUserToken',
  schema: text(),
  required: true,
  description: 'The access token the anonymous shopper was given.',
};

function issuerOf(context: OperationContext): TokenIssuer {
  const issuer = context.services?.issuer;
  // The platform always passes its services; without them no token can be checked or issued.
  if (!issuer) throw new Error('Me.Register and Me.TransferAnonUserOrder need the token issuer in the services.');
  return issuer;
}

async function anonymousShopper(context: OperationContext): Promise<AnonymousClaims> {
  const token = queryValue(context.query, 'anonUserToken');
  return verifyAnonUserToken(issuerOf(context), token, context.marketplaceId);
}

/** The API client the anonymous token came through; the new user's token is issued through it too. */
async function clientOf(store: Store, anonymous: AnonymousClaims): Promise<Item> {
  const client = await store.get('ApiClients', [], anonymous.cid);
  if (!client) throw mustPassAnonUserToken();
  if (client.Active !== true) throw oauthErrors.clientNotActive();
  return client;
}

/**
 * `Me.Register`: the anonymous shopper of `anonUserToken` becomes a buyer user of the same buyer.
 * The user is created under the rules of Users.Create (required fields, unique username, hashed
 * password), must be able to sign in through the anonymous token's client, takes over the
 * shopper's unsubmitted orders, and gets an access token through that client. One transaction:
 * a refusal at any step leaves neither a user nor moved orders behind.
 */
async function register(context: OperationContext): Promise<Item> {
  const anonymous = await anonymousShopper(context);
  const { value, errors } = validateBody(context.registry, meUserModel, context.body, {
    required: USER_REQUIRED,
    previous: undefined,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);
  const issuer = issuerOf(context);
  return context.store.transaction(async (store) => {
    const client = await clientOf(store, anonymous);
    const buyerId = anonymous.cmp;
    const users = context.registry.resource('Users');
    const shown = await createItem({ ...context, store, resource: users, params: { buyerID: buyerId }, body: value });
    const userId = String(shown.ID);
    const user = await store.require('Users', [buyerId], userId, 'User');
    const username = String(user.Username);
    const subject = { id: userId, type: 'buyer' as const, companyId: buyerId };
    await authorizeUser(store, client, {
      ...subject,
      resource: 'Users',
      username,
      item: user,
      passwordHash: undefined,
    });
    await moveAnonymousOrders(store, { buyerId, anonymousUserId: anonymous.u }, { buyerId, user });
    const available = await resolveRoles(store, subject);
    const missing = missingRequiredRoles(available, client);
    if (missing.length > 0) throw oauthErrors.insufficientRoles(missing);
    const token = await mintAccessToken(issuer, {
      marketplaceId: context.marketplaceId,
      clientId: anonymous.cid,
      user: { ...subject, username },
      roles: limitToClient(available, client),
      durationMinutes: accessTokenMinutes(client),
    });
    return { access_token: token.access_token };
  });
}

/**
 * `Me.TransferAnonUserOrder`: a signed-in buyer user takes over the unsubmitted orders of the
 * anonymous shopper of `anonUserToken` (a shopper who signs in after filling a cart).
 */
async function transferAnonUserOrder(context: OperationContext): Promise<void> {
  const { auth } = context;
  if (auth.anonymous) throw anonUserProhibited();
  if (auth.userType !== 'buyer' || !auth.companyId) {
    throw validation('Only buyer users can take over an anonymous shopper’s orders.', {
      UserType: auth.userType,
    });
  }
  const anonymous = await anonymousShopper(context);
  const buyerId = auth.companyId;
  await context.store.transaction(async (store) => {
    const user = await store.get('Users', [buyerId], auth.userId);
    if (!user) throw notFound('User', auth.userId);
    await moveAnonymousOrders(store, { buyerId: anonymous.cmp, anonymousUserId: anonymous.u }, { buyerId, user });
  });
}

/** Me.Register and Me.TransferAnonUserOrder, attached to the Me resource in index.ts. */
export const meRegisterOperations: readonly OperationDefinition[] = [
  {
    name: 'Register',
    method: 'PUT',
    path: '/me/register',
    roles: ['Shopper'],
    summary: 'Register a user.',
    description:
      'Turns the anonymous shopper of anonUserToken into a user of the same buyer, under the same rules as ' +
      'creating a buyer user. The shopper’s unsubmitted orders become the new user’s, and the answer is an ' +
      'access token for the new user through the same API client.',
    query: [ANON_USER_TOKEN],
    body: { schema: model('MeUser'), required: USER_REQUIRED },
    response: { status: 200, schema: model('AccessTokenBasic') },
    handler: register,
  },
  {
    name: 'TransferAnonUserOrder',
    method: 'PUT',
    path: '/me/orders',
    roles: ['Shopper'],
    summary: 'Transfer an anonymous user order.',
    description:
      'If a shopper begins an order anonymously and later signs in, this moves the unsubmitted orders of ' +
      'anonUserToken to the signed-in buyer user.',
    query: [ANON_USER_TOKEN],
    response: { status: 204 },
    handler: transferAnonUserOrder,
  },
];
