import type { Item } from '../engine/item.ts';
import type { Store } from '../engine/store.ts';
import { API_ROLES, isApiRole } from '../resources/roles.ts';
import type { UserType } from './tokens.ts';

/** The user whose roles are resolved. */
export interface RoleSubject {
  id: string;
  type: UserType;
  /** Buyer or supplier id for buyer and supplier users. */
  companyId?: string | undefined;
}

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * ApiRoles in the platform's order, then custom roles in the order first seen; duplicates dropped.
 * A stable order keeps tokens, tests and the role claim predictable.
 */
export function orderRoles(roles: Iterable<string>): string[] {
  const unique = new Set(roles);
  const api = API_ROLES.filter((role) => unique.has(role));
  const custom = [...unique].filter((role) => !isApiRole(role));
  return [...api, ...custom];
}

/** Roles (ApiRoles and CustomRoles) of a security profile. */
export function profileRoles(profile: Item | undefined): string[] {
  if (!profile) return [];
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(present) : []);
  return [...list(profile.Roles), ...list(profile.CustomRoles)];
}

/** Ids of the groups the user belongs to: admin groups, or groups of the user's buyer or supplier. */
async function groupsOf(store: Store, user: RoleSubject): Promise<Set<string>> {
  if (user.type !== 'admin' && !present(user.companyId)) return new Set();
  // Memberships are stored under the company's id ('' for admin groups), so the parent key picks the right kind of group.
  const parents = user.type === 'admin' ? [] : [user.companyId as string];
  // Each kind of group keeps its memberships apart (see the `kind` of their assignment definitions).
  const kind = {
    admin: 'AdminUserGroupAssignment',
    buyer: 'UserGroupAssignment',
    supplier: 'SupplierUserGroupAssignment',
  }[user.type];
  const memberships = await store.findAssignments(kind, parents, { UserID: user.id });
  return new Set(memberships.map((membership) => membership.UserGroupID).filter(present));
}

/**
 * The security profiles that apply to the user, each once, assigned
 * - to the marketplace (no BuyerID, SupplierID, UserID or UserGroupID), for admin users;
 * - to the user's company (BuyerID or SupplierID only), for buyer and supplier users;
 * - to a group the user belongs to (UserGroupID, with the company's id for buyer and supplier groups);
 * - to the user (UserID, with the company's id for buyer and supplier users).
 */
export async function securityProfilesOf(store: Store, user: RoleSubject): Promise<Item[]> {
  if (user.type !== 'admin' && !present(user.companyId)) return [];
  const company =
    user.type === 'admin'
      ? { BuyerID: null, SupplierID: null }
      : user.type === 'buyer'
        ? { BuyerID: user.companyId as string, SupplierID: null }
        : { BuyerID: null, SupplierID: user.companyId as string };
  const [groups, assignments] = await Promise.all([
    groupsOf(store, user),
    store.findAssignments('SecurityProfileAssignment', [], company),
  ]);
  const profileIds = new Set<string>();
  for (const assignment of assignments) {
    const userId = assignment.UserID;
    const groupId = assignment.UserGroupID;
    const applies = present(userId) ? userId === user.id : present(groupId) ? groups.has(groupId) : true;
    if (applies && present(assignment.SecurityProfileID)) profileIds.add(assignment.SecurityProfileID);
  }
  const profiles = await Promise.all([...profileIds].map((id) => store.get('SecurityProfiles', [], id)));
  return profiles.filter((profile): profile is Item => profile !== undefined);
}

/**
 * The user's roles: the union of the Roles and CustomRoles of the security profiles that apply to
 * the user (see `securityProfilesOf`).
 *
 * @example
 * const roles = await resolveRoles(new PgStore(db, registry, 'mkt1'), { id: 'u1', type: 'buyer', companyId: 'b1' });
 */
export async function resolveRoles(store: Store, user: RoleSubject): Promise<string[]> {
  const profiles = await securityProfilesOf(store, user);
  return orderRoles(profiles.flatMap(profileRoles));
}

/**
 * The `scope` parameter as a list of roles, or undefined when absent or empty (= every role of the user).
 * The JS SDK sends `scope=undefined role1` when only custom roles are asked for, so the literal
 * `undefined` is ignored.
 */
export function parseScope(scope: string | undefined): string[] | undefined {
  const roles = (scope ?? '').split(/\s+/).filter((role) => role !== '' && role !== 'undefined');
  return roles.length > 0 ? roles : undefined;
}

/**
 * The roles a token gets when `requested` roles are asked of a user holding `available`: the
 * intersection, where FullAccess stands for every ApiRole (custom roles must be held explicitly).
 * Nothing requested = everything available.
 */
export function narrowRoles(available: readonly string[], requested: readonly string[] | undefined): string[] {
  if (requested === undefined) return orderRoles(available);
  const held = new Set(available);
  const fullAccess = held.has('FullAccess');
  return orderRoles(requested.filter((role) => held.has(role) || (fullAccess && isApiRole(role))));
}

/** The API client's role limits (MaximumGranted*), applied when the client sets them. */
export function limitToClient(roles: readonly string[], client: Item): string[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(present) : []);
  const maxApi = list(client.MaximumGrantedRoles);
  const maxCustom = list(client.MaximumGrantedCustomRoles);
  return roles.filter((role) => {
    if (isApiRole(role)) return maxApi.length === 0 || maxApi.includes(role) || maxApi.includes('FullAccess');
    return maxCustom.length === 0 || maxCustom.includes(role);
  });
}

/** MinimumRequired* roles of the client that the user lacks (FullAccess covers every ApiRole). */
export function missingRequiredRoles(available: readonly string[], client: Item): string[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(present) : []);
  const held = new Set(available);
  const required = [...list(client.MinimumRequiredRoles), ...list(client.MinimumRequiredCustomRoles)];
  return required.filter((role) => !held.has(role) && !(isApiRole(role) && held.has('FullAccess')));
}
