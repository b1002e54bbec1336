import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { pathParams } from '../engine/ids.ts';
import type { ListPage, ListQuery } from '../engine/list-query.ts';
import type { Match, Store } from '../engine/store.ts';
import { buyerGroupMemberships } from './buyers.ts';
import { presentItems } from './catalog-rules.ts';
import { adminGroupMemberships } from './marketplace-owners.ts';
import { supplierGroupMemberships } from './suppliers.ts';
import { assignmentKind, type AssignmentDefinition, type OperationContext, type ResourceDefinition } from './types.ts';

/** Where the signed-in user's record and user groups are stored. */
export interface UserHome {
  /** User resource: AdminUsers, Users or SupplierUsers. */
  users: string;
  /** Group resource of the same company. */
  groups: string;
  memberships: AssignmentDefinition;
  /** Parent ids of the user and group resources: none, or the buyer or supplier id. */
  parents: string[];
  /** Path parameter the user resource's hooks read the company from. */
  companyParam?: 'buyerID' | 'supplierID';
}

/** The user's home, or undefined for a buyer or supplier token without a company (no record can match). */
export function homeOf(auth: AuthContext): UserHome | undefined {
  if (auth.userType === 'admin') {
    return { users: 'AdminUsers', groups: 'AdminUserGroups', memberships: adminGroupMemberships, parents: [] };
  }
  if (!auth.companyId) return undefined;
  return auth.userType === 'buyer'
    ? {
        users: 'Users',
        groups: 'UserGroups',
        memberships: buyerGroupMemberships,
        parents: [auth.companyId],
        companyParam: 'buyerID',
      }
    : {
        users: 'SupplierUsers',
        groups: 'SupplierUserGroups',
        memberships: supplierGroupMemberships,
        parents: [auth.companyId],
        companyParam: 'supplierID',
      };
}

/** A signed-in buyer user: their buyer and the buyer user groups they belong to. */
export interface BuyerCaller {
  buyerId: string;
  userId: string;
  groupIds: readonly string[];
}

/** Non-empty strings among `values`, each once, in first-seen order. */
export function uniqueIds(values: Iterable<unknown>): string[] {
  const ids = new Set<string>();
  for (const value of values) if (typeof value === 'string' && value !== '') ids.add(value);
  return [...ids];
}

/** The parent ids an assignment definition is stored under, from named values (`{ buyerID: 'b1' }`). */
export function assignmentParents(
  definition: AssignmentDefinition,
  values: Readonly<Record<string, string>> = {},
): string[] {
  return pathParams(definition.path).map((name) => values[name] ?? '');
}

/** Ids of the groups a user belongs to, through the memberships of their company. */
export async function groupIdsOf(store: Store, home: UserHome, userId: string): Promise<string[]> {
  const memberships = await store.findAssignments(assignmentKind(home.memberships), home.parents, { UserID: userId });
  return uniqueIds(memberships.map((membership) => membership.UserGroupID));
}

/**
 * The caller as a buyer user, or undefined for admin and supplier users: most of Me is about
 * what a buyer gives its users, so those lists are empty for anyone else.
 */
export async function buyerCaller(context: OperationContext): Promise<BuyerCaller | undefined> {
  const { auth } = context;
  const home = homeOf(auth);
  if (auth.userType !== 'buyer' || !home || !auth.companyId) return undefined;
  // An anonymous shopper sees what the default context user it browses as sees through its groups.
  const member = auth.anonymous?.templateUserId ?? auth.userId;
  return { buyerId: auth.companyId, userId: auth.userId, groupIds: await groupIdsOf(context.store, home, member) };
}

/**
 * Assignments of `definition` that reach the buyer user: made to them (when the model has a
 * UserID), to one of their groups, or to the whole buyer. Three exact-match queries rather than
 * one per buyer, so a buyer with many users and assignments is not read in full.
 *
 * @example
 * await reachingAssignments(store, addressAssignments, { buyerID }, { AddressID: id }, caller)
 */
export async function reachingAssignments(
  store: Store,
  definition: AssignmentDefinition,
  parentValues: Readonly<Record<string, string>>,
  match: Match,
  caller: BuyerCaller,
): Promise<Item[]> {
  const kind = assignmentKind(definition);
  const parents = assignmentParents(definition, parentValues);
  const found: Item[] = [];
  if ('UserID' in definition.model.fields) {
    found.push(...(await store.findAssignments(kind, parents, { ...match, UserID: caller.userId })));
  }
  if (caller.groupIds.length > 0) {
    found.push(
      ...(await store.findAssignments(kind, parents, { ...match, UserID: null, UserGroupID: caller.groupIds })),
    );
  }
  found.push(...(await store.findAssignments(kind, parents, { ...match, UserID: null, UserGroupID: null })));
  return found;
}

/** The assignment definition of `modelName` declared by a resource (definitions that are not exported). */
export function declaredAssignment(
  resources: readonly ResourceDefinition[],
  resourceName: string,
  modelName: string,
): AssignmentDefinition {
  const resource = resources.find((candidate) => candidate.name === resourceName);
  const definition = resource?.assignments?.find((assignment) => assignment.model.name === modelName);
  if (!definition) throw new Error(`me: ${resourceName} declares no ${modelName}`);
  return definition;
}

/** A resource of a family's exported list, by name (for definitions and models a family does not export). */
export function declaredResource(resources: readonly ResourceDefinition[], name: string): ResourceDefinition {
  const resource = resources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`me: resource ${name} is not declared`);
  return resource;
}

/**
 * A page of `resource` narrowed to the given ids, with the caller's filters, search, sort and
 * paging applied on top exactly as on the resource's own list, and items presented by its hook.
 */
/**
 * The empty page of a caller who can see nothing of `resource` (an admin user on a buyer's Me
 * list): still asked of the store, so a bad filter, search or sort is a 400 as for anyone else.
 */
export function nothingVisible(context: OperationContext, resource: string, query: ListQuery): Promise<ListPage> {
  return listByIds(context, context.registry.resource(resource), [], [], query);
}

export async function listByIds(
  context: OperationContext,
  resource: ResourceDefinition,
  parents: readonly string[],
  ids: Iterable<string>,
  query: ListQuery,
  scope: Match = {},
): Promise<ListPage> {
  const page = await context.store.list(resource, parents, query, { ...scope, ID: uniqueIds(ids) });
  return { ...page, Items: await presentItems(resource, page.Items, context.store, parents) };
}
