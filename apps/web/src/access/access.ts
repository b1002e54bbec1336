import { getResource, type ApiDescription, type ApiOperation, type ApiResource } from '@/description/api-model';

// Every access decision of the portal (sidebar, home tiles, console, list and detail actions, checklist) is one
// of these pure functions over the token's roles and the operations' security (spec 1 §6, ARCHITECTURE §7).

/** The role that satisfies every operation. */
export const FULL_ACCESS = 'FullAccess';

/** Just the security part of an operation, so callers can test rules without a whole description. */
export type SecuredOperation = Pick<ApiOperation, 'roles'>;

/**
 * The token roles that satisfy an operation (the operation's roles intersected with the token's).
 *
 * @example
 * matchingRoles(['ProductReader', 'Shopper'], { roles: ['FullAccess', 'ProductAdmin', 'ProductReader'] }); // ['ProductReader']
 */
export function matchingRoles(roles: readonly string[], operation: SecuredOperation): string[] {
  return operation.roles.filter((role) => roles.includes(role));
}

/**
 * Whether a token with these roles may call the operation: no role required, FullAccess held, or any listed
 * role held. An operation the description lacks (undefined) may not be called.
 *
 * @example
 * canCall(['ProductReader'], getOperation(api, 'Products.List')); // true
 * canCall(['ProductReader'], getOperation(api, 'Products.Create')); // false
 */
export function canCall(roles: readonly string[], operation: SecuredOperation | undefined): boolean {
  if (!operation) return false;
  if (operation.roles.length === 0 || roles.includes(FULL_ACCESS)) return true;
  return operation.roles.some((role) => roles.includes(role));
}

/**
 * Whether any of the operations may be called.
 *
 * @example
 * canCallAny(roles, [getOperation(api, 'ApiClients.List'), getOperation(api, 'AdminUsers.List')]);
 */
export function canCallAny(roles: readonly string[], operations: readonly (SecuredOperation | undefined)[]): boolean {
  return operations.some((operation) => canCall(roles, operation));
}

/**
 * A resource is accessible when any of its operations may be called (spec 1 §6); a missing one is not.
 *
 * @example
 * resourceAccessible(['BuyerReader'], getResource(api, 'Buyers')); // true
 */
export function resourceAccessible(
  roles: readonly string[],
  resource: Pick<ApiResource, 'operations'> | undefined,
): boolean {
  return resource !== undefined && canCallAny(roles, resource.operations);
}

/**
 * {@link resourceAccessible} for a resource named as the sidebar names it (the tag name, e.g. `Api Clients`).
 *
 * @example
 * resourceNameAccessible(roles, api, 'Security Profiles');
 */
export function resourceNameAccessible(roles: readonly string[], api: ApiDescription, name: string): boolean {
  return resourceAccessible(roles, getResource(api, name));
}

/**
 * Whether list pages show create, edit and delete controls (spec 2 §2 "Generic list page"): the token holds
 * FullAccess or one of the list operation's roles that contains 'Admin' without starting with it. The
 * second half follows the spec as written, so `AdminUserAdmin` alone does not qualify on Admin Users.
 *
 * @example
 * canManageFromList(['ProductAdmin'], getOperation(api, 'Products.List')); // true
 * canManageFromList(['ProductReader'], getOperation(api, 'Products.List')); // false
 */
export function canManageFromList(roles: readonly string[], listOperation: SecuredOperation | undefined): boolean {
  if (!listOperation) return false;
  if (roles.includes(FULL_ACCESS)) return true;
  return listOperation.roles.some(
    (role) => (role === FULL_ACCESS || (role.includes('Admin') && !role.startsWith('Admin'))) && roles.includes(role),
  );
}

// HOME TILES

/** A sidebar entry as the tiles need it; `resourceName` defaults to `label` (the tag name). */
export interface TileItem {
  label: string;
  href: string;
  resourceName?: string;
}

/** A home tile: one sidebar section the user may use, linking its first permitted child. */
export interface SectionTile<TItem extends TileItem> {
  title: string;
  href: string;
  firstItem: TItem;
  permittedItems: readonly TItem[];
}

/**
 * One tile per sidebar section with at least one accessible child, in sidebar order, each linking the
 * first accessible child (spec 1 §2 Routes "/"). Children the description lacks count as inaccessible.
 *
 * @example
 * sectionTiles(roles, api, sidebar).map((tile) => [tile.title, tile.href]);
 * // [['Buyers and Suppliers', '/admin/buyers'], ...]
 */
export function sectionTiles<TItem extends TileItem>(
  roles: readonly string[],
  api: ApiDescription,
  sections: readonly { title: string; items: readonly TItem[] }[],
): SectionTile<TItem>[] {
  const tiles: SectionTile<TItem>[] = [];
  for (const section of sections) {
    const permittedItems = section.items.filter((item) =>
      resourceNameAccessible(roles, api, item.resourceName ?? item.label),
    );
    const firstItem = permittedItems[0];
    if (firstItem) tiles.push({ title: section.title, href: firstItem.href, firstItem, permittedItems });
  }
  return tiles;
}

// HOME CHECKLIST

/** The exact notices of spec 1 §8 "Checklist". */
export const CHECKLIST_NOTICES = {
  cannotComplete: 'You are not authorized to complete this step',
  cannotView: 'You are not authorized to view this step',
} as const;

/** What one API-access checklist step shows. */
export interface ChecklistStepState {
  /** Completed when the count is above 0 (spec 1 §4); pending otherwise, including when it cannot be read. */
  status: 'completed' | 'pending';
  /** The step's deep link is disabled without create permission. */
  disabled: boolean;
  canRead: boolean;
  canCreate: boolean;
  /** Why the step is limited, or null when it is not. */
  notice: string | null;
}

/**
 * The state of a checklist step from its count and its read and create operations.
 *
 * @example
 * checklistStepState({
 *   roles,
 *   count: 0,
 *   readOperation: getOperation(api, 'AdminUsers.List'),
 *   createOperation: getOperation(api, 'AdminUsers.Create'),
 * }); // { status: 'pending', disabled: false, ... }
 */
export function checklistStepState(step: {
  roles: readonly string[];
  count: number | null | undefined;
  readOperation: SecuredOperation | undefined;
  createOperation: SecuredOperation | undefined;
}): ChecklistStepState {
  const canRead = canCall(step.roles, step.readOperation);
  const canCreate = canCall(step.roles, step.createOperation);
  const completed = canRead && typeof step.count === 'number' && step.count > 0;
  const notice = !canCreate ? CHECKLIST_NOTICES.cannotComplete : !canRead ? CHECKLIST_NOTICES.cannotView : null;
  return { status: completed ? 'completed' : 'pending', disabled: !canCreate, canRead, canCreate, notice };
}

// TOKENS

/**
 * The claims of a JWT, decoded locally without verifying the signature (the platform verifies; the portal
 * only needs to know what the token carries). Null for anything that is not a readable JWT.
 *
 * @example
 * decodeTokenClaims(token)?.usr; // 'admin'
 */
export function decodeTokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The roles in a token's `role` claim, which is a string when there is one role and a list otherwise.
 *
 * @example
 * decodeTokenRoles(developerToken); // ['FullAccess', 'ProductAdmin']
 */
export function decodeTokenRoles(token: string | null | undefined): string[] {
  const role = decodeTokenClaims(token)?.role;
  if (typeof role === 'string') return role === '' ? [] : [role];
  return Array.isArray(role) ? role.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

// PAGES OPENED BY URL

/**
 * The roles that would open a page needing all of these operations, or null when the token may call every one.
 * A page opened by URL whose data the token cannot read shows these instead of sending requests that can only be
 * refused (issue 20). The roles named are those of the first operation refused: holding any one of them opens it.
 * An operation the description lacks yields an empty list (no role would open it).
 *
 * @example
 * rolesToOpen(['ProductReader'], [getOperation(api, 'AdminUsers.List')]); // ['FullAccess', 'AdminUserAdmin', 'AdminUserReader']
 * rolesToOpen(['FullAccess'], [getOperation(api, 'AdminUsers.List')]); // null
 */
export function rolesToOpen(
  roles: readonly string[],
  operations: readonly (SecuredOperation | undefined)[],
): string[] | null {
  for (const operation of operations) {
    if (canCall(roles, operation)) continue;
    if (!operation) return [];
    // FullAccess satisfies every operation (see canCall), so it is named even where the description leaves it out.
    return operation.roles.includes(FULL_ACCESS) ? [...operation.roles] : [FULL_ACCESS, ...operation.roles];
  }
  return null;
}
