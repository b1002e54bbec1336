import { anonUserProhibited } from '../auth/anonymous.ts';
import type { Item } from '../engine/item.ts';
import type { AuthContext, PortalUserProfile } from '../engine/auth-context.ts';
import type { OperationContext, WriteContext } from './types.ts';
import { ApiError, validation, type ApiErrorEntry } from '../engine/errors.ts';
import { parseListQuery, type ListPage } from '../engine/list-query.ts';
import { hashPassword } from '../../security/passwords.ts';
import type { Store } from '../engine/store.ts';
import { deepMerge, validateBody, withDefaults } from '../engine/validate.ts';
import { presentItems, queryValue } from './catalog-rules.ts';
import { declaredResource, groupIdsOf, homeOf, listByIds, nothingVisible, type UserHome } from './me-access.ts';
import { meUserModel, shapeAs } from './me-models.ts';
import { orderResources } from './orders.ts';
import { USER_REQUIRED, userModel } from './shared-models.ts';

/** Fields a user cannot change about themselves: who they are and whether they may sign in. */
const FIXED_FIELDS = ['ID', 'Active'] as const;

/** Orders as stored by the Orders resource, for when the registry at hand does not declare it (tests). */
const ordersResource = declaredResource(orderResources, 'Orders');

/** 404 for a caller without a user record (a buyer or supplier token whose user was deleted). */
function noUserRecord(auth: AuthContext): ApiError {
  return new ApiError(404, 'NotFound', `User not found: ${auth.userId}`, { ObjectType: 'User', ObjectID: auth.userId });
}

/**
 * 400 for a write of Me by a portal user: they act on the marketplace from the portal and have no
 * user record to change; their name and e-mail address come from the portal profile.
 */
function portalUserReadOnly(auth: AuthContext, operation: string): ApiError {
  return new ApiError(
    400,
    'User.PortalUserReadOnly',
    `This token belongs to a portal user, who has no user record in the marketplace; ${operation} cannot change ` +
      `${auth.userId}. Their name and e-mail address come from their portal profile.`,
    { ObjectType: 'User', ObjectID: auth.userId },
  );
}

/**
 * What a portal user's Me.Get shows: their platform id, username, the name and e-mail address the
 * portal put in the token, active, belonging to the marketplace (shown as Seller by presentMe).
 */
function portalUserRecord(context: OperationContext, profile: PortalUserProfile): Item {
  const { auth } = context;
  return {
    ID: auth.userId,
    CompanyID: context.marketplaceId,
    Username: auth.username,
    FirstName: profile.firstName,
    LastName: profile.lastName,
    Email: profile.email,
    Active: true,
    xp: {},
  };
}

async function requireMe(context: OperationContext, store: Store): Promise<{ home: UserHome; user: Item }> {
  const home = homeOf(context.auth);
  const user = home ? await store.get(home.users, home.parents, context.auth.userId) : undefined;
  if (!home || !user) throw noUserRecord(context.auth);
  return { home, user };
}

/** The MeUser answer: the record plus the company it belongs to and the roles of the token. */
async function presentMe(context: OperationContext, store: Store, user: Item): Promise<Item> {
  const { auth } = context;
  let buyer: Item | null = null;
  if (auth.userType === 'buyer' && auth.companyId) {
    const stored = await store.get('Buyers', [], auth.companyId);
    buyer = { ID: auth.companyId, DefaultCatalogID: stored?.DefaultCatalogID ?? null };
  }
  return shapeAs(meUserModel, {
    ...user,
    Buyer: buyer,
    Supplier: auth.userType === 'supplier' ? { ID: auth.companyId ?? null } : null,
    Seller: auth.userType === 'admin' ? { ID: context.marketplaceId } : null,
    AvailableRoles: [...auth.roles],
  });
}

/** `Me.Get`: the signed-in user's own record. */
export async function getMe(context: OperationContext): Promise<Item> {
  const { auth } = context;
  if (auth.anonymous) {
    // An anonymous shopper has no record: it is shown as itself, without the default context user's details.
    return presentMe(context, context.store, { ID: auth.userId, Username: auth.username, Active: true, xp: {} });
  }
  if (auth.portalUser) return presentMe(context, context.store, portalUserRecord(context, auth.portalUser));
  const { user } = await requireMe(context, context.store);
  return presentMe(context, context.store, user);
}

/**
 * `Me.Save` and `Me.Patch`: the user updates their own record. ID and Active may be sent back as
 * they are but never changed (a user could otherwise reactivate or rename themselves); CompanyID
 * and the other read-only fields keep their stored values. The user resource's own hooks run, so
 * usernames stay unique across the marketplace.
 */
async function writeMe(context: OperationContext, mode: 'replace' | 'patch'): Promise<Item> {
  if (context.auth.anonymous) throw anonUserProhibited();
  if (context.auth.portalUser) throw portalUserReadOnly(context.auth, mode === 'replace' ? 'Me.Save' : 'Me.Patch');
  return context.store.transaction(async (store) => {
    const inner: OperationContext = { ...context, store };
    const { home, user } = await requireMe(inner, store);
    const shown = await presentMe(inner, store, user);
    const { value, errors } = validateBody(context.registry, meUserModel, context.body, {
      required: mode === 'replace' ? USER_REQUIRED : [],
      previous: shown,
    });
    const fixedErrors: ApiErrorEntry[] = FIXED_FIELDS.filter(
      (field) => value[field] !== undefined && value[field] !== null && value[field] !== user[field],
    ).map((field) => ({
      ErrorCode: 'ValidationFailure',
      Message: `${field} cannot be changed through Me.`,
      Data: { Property: field },
    }));
    if (errors.length + fixedErrors.length > 0) throw ApiError.many(400, [...errors, ...fixedErrors]);

    const password = value.Password;
    for (const field of [...FIXED_FIELDS, 'Password']) delete value[field];
    let next: Item = mode === 'patch' ? (deepMerge(user, value) as Item) : withDefaults(userModel, value);
    if (mode === 'replace') {
      // Read-only fields (dates, counters, CompanyID) and the fixed ones survive a replace.
      for (const [name, field] of Object.entries(userModel.fields)) {
        if (field.readOnly || (FIXED_FIELDS as readonly string[]).includes(name)) next[name] = user[name] ?? null;
      }
    }
    let secret: Item | undefined;
    if (typeof password === 'string' && password !== '') {
      const stored = await store.getSecret(home.users, home.parents, context.auth.userId);
      secret = { ...stored, Password: await hashPassword(password) };
      next.PasswordLastSetDate = new Date().toISOString();
    }

    const resource = context.registry.resource(home.users);
    const companyParams = home.companyParam ? { [home.companyParam]: home.parents[0] ?? '' } : {};
    const write: WriteContext = {
      ...inner,
      resource,
      params: { ...context.params, ...companyParams },
      mode,
      parents: home.parents,
      id: context.auth.userId,
      previous: user,
      next,
    };
    await resource.hooks?.beforeWrite?.(write);
    next = write.next;
    await store.put(home.users, home.parents, next, secret);
    await resource.hooks?.afterWrite?.(write);
    return presentMe(inner, store, next);
  });
}

export const saveMe = (context: OperationContext) => writeMe(context, 'replace');
export const patchMe = (context: OperationContext) => writeMe(context, 'patch');

/** `Me.ListUserGroups`: the groups the user belongs to, in their own company. */
export async function listMyUserGroups(context: OperationContext): Promise<ListPage> {
  const query = parseListQuery(context.query);
  const home = homeOf(context.auth);
  if (!home) return nothingVisible(context, 'UserGroups', query);
  // An anonymous shopper belongs to the groups of the default context user it browses as.
  const member = context.auth.anonymous?.templateUserId ?? context.auth.userId;
  const ids = await groupIdsOf(context.store, home, member);
  return listByIds(context, context.registry.resource(home.groups), home.parents, ids, query);
}

/** ISO form of a `from`/`to` parameter, or a 400 naming it. */
function dateParam(context: OperationContext, name: string): string | undefined {
  const raw = queryValue(context.query, name);
  if (raw === undefined || raw === '') return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time))
    throw validation(`${name} must be a date.`, { Property: name, Value: raw }, 'List.InvalidType');
  return new Date(time).toISOString();
}

/** `Me.ListOrders`: the orders the user placed, optionally created between `from` and `to`. */
export async function listMyOrders(context: OperationContext): Promise<ListPage> {
  const query = parseListQuery(context.query, ['from', 'to']);
  const { auth } = context;
  const company = auth.userType === 'admin' ? context.marketplaceId : auth.companyId;
  if (!company) return nothingVisible(context, 'Orders', query);
  const from = dateParam(context, 'from');
  const to = dateParam(context, 'to');
  const filters = [
    ...query.filters,
    ...(from ? [{ field: 'DateCreated', values: [`>=${from}`] }] : []),
    ...(to ? [{ field: 'DateCreated', values: [`<=${to}`] }] : []),
  ];
  const orders = context.registry.resources.find((resource) => resource.name === 'Orders') ?? ordersResource;
  const page = await context.store.list(
    orders,
    [],
    { ...query, filters },
    { FromCompanyID: company, FromUserID: auth.userId },
  );
  return { ...page, Items: await presentItems(orders, page.Items, context.store) };
}
