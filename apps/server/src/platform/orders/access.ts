import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { OperationContext } from '../resources/types.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Match, Store } from '../engine/store.ts';
import type { ApiRole } from '../resources/roles.ts';

/** The `OrderDirection` enum: which side of an order the caller looks from. */
export type OrderDirection = 'Incoming' | 'Outgoing' | 'All';

const DIRECTIONS: readonly OrderDirection[] = ['Incoming', 'Outgoing', 'All'];

/** Whether the caller holds FullAccess or one of `roles`. */
export function hasAnyRole(auth: AuthContext, roles: readonly ApiRole[]): boolean {
  return auth.roles.has('FullAccess') || roles.some((role) => auth.roles.has(role));
}

/** The `{direction}` path segment, matched case-insensitively; anything else is a 400. */
export function parseDirection(raw: string | undefined): OrderDirection {
  const found = DIRECTIONS.find((direction) => direction.toLowerCase() === (raw ?? '').toLowerCase());
  if (!found) {
    throw validation(`direction must be one of ${DIRECTIONS.join(', ')} (got ${raw ?? 'nothing'}).`, {
      Property: 'direction',
      Value: raw ?? null,
    });
  }
  return found;
}

/** The company that sells as the caller: the marketplace for admin users, their supplier for supplier users. */
export function sellerCompanyOf(auth: AuthContext, marketplaceId: string): string | undefined {
  if (auth.userType === 'admin') return marketplaceId;
  if (auth.userType === 'supplier') return auth.companyId;
  return undefined;
}

/**
 * The orders a caller sees in a direction, as exact-match conditions; null when none at all.
 *
 * - admin users: Incoming = to the marketplace, Outgoing = from the marketplace, All = every order
 *   of the marketplace (the store cannot OR two fields, and the marketplace owner may see them all);
 * - buyer users: their buyer's outgoing orders (All = Outgoing; nothing is incoming to a buyer),
 *   only their own unless they hold OrderAdmin or OrderReader;
 * - supplier users: orders to their supplier (Incoming, All), or from it (Outgoing).
 */
export function orderScope(auth: AuthContext, marketplaceId: string, direction: OrderDirection): Match | null {
  if (auth.userType === 'admin') {
    if (direction === 'Incoming') return { ToCompanyID: marketplaceId };
    if (direction === 'Outgoing') return { FromCompanyID: marketplaceId };
    return {};
  }
  const company = auth.companyId;
  if (!company) return null;
  if (auth.userType === 'buyer') {
    if (direction === 'Incoming') return null;
    const ownOnly = !hasAnyRole(auth, ['OrderAdmin', 'OrderReader']);
    return ownOnly ? { FromCompanyID: company, FromUserID: auth.userId } : { FromCompanyID: company };
  }
  return direction === 'Outgoing' ? { FromCompanyID: company } : { ToCompanyID: company };
}

/** Whether an item satisfies every exact-match condition (null matches a missing field, a list any of its values). */
export function matches(item: Item, match: Match): boolean {
  return Object.entries(match).every(([field, value]) =>
    Array.isArray(value) ? value.includes(String(item[field])) : (item[field] ?? null) === value,
  );
}

/** Whether an item lies within a caller's visibility scope (null: the caller sees nothing). */
export function inScope(item: Item, scope: Match | null): boolean {
  return scope !== null && matches(item, scope);
}

/**
 * A top-level item (order, shipment, subscription) as the caller may see it within `scope`; a 404
 * naming it (`label`) when it does not exist or lies outside the scope.
 */
export async function requireInScope(
  store: Store,
  resource: string,
  id: string,
  label: string,
  scope: Match | null,
): Promise<Item> {
  const item = await store.require(resource, [], id, label);
  if (!inScope(item, scope)) throw notFound(label, id);
  return item;
}

/** Whether the caller may see the order when looking in `direction`. */
export function canSeeOrder(
  order: Item,
  context: Pick<OperationContext, 'auth' | 'marketplaceId'>,
  direction: OrderDirection,
): boolean {
  return inScope(order, orderScope(context.auth, context.marketplaceId, direction));
}

/**
 * Merges a visibility scope with list parameters that narrow it (`buyerID`, `supplierID`); null
 * when they contradict each other, so the list is empty.
 */
export function narrowScope(scope: Match, narrowing: Readonly<Record<string, string | undefined>>): Match | null {
  const merged: Record<string, Match[string]> = { ...scope };
  for (const [field, value] of Object.entries(narrowing)) {
    if (value === undefined || value === '') continue;
    if (field in merged && merged[field] !== value) return null;
    merged[field] = value;
  }
  return merged;
}

/**
 * The order an operation is about, as the caller may see it in `direction`; a 404 naming the order
 * when it does not exist or belongs to someone else.
 */
export async function requireOrder(
  context: Pick<OperationContext, 'auth' | 'marketplaceId'> & { store: Store },
  orderId: string,
  direction: OrderDirection = 'All',
): Promise<Item> {
  const scope = orderScope(context.auth, context.marketplaceId, direction);
  return requireInScope(context.store, 'Orders', orderId, 'Order', scope);
}

/** The order of a request whose path holds `{direction}` and `{orderID}`. */
export async function requireOrderOfPath(context: OperationContext): Promise<Item> {
  const direction = parseDirection(context.params.direction);
  return requireOrder(context, context.params.orderID ?? '', direction);
}

/**
 * Ids of every order a buyer or supplier user may see (any direction), for lists of objects that
 * hang off orders (returns); undefined for admin users, who see them all.
 */
export async function visibleOrderIds(
  context: Pick<OperationContext, 'auth' | 'marketplaceId' | 'store'>,
): Promise<string[] | undefined> {
  if (context.auth.userType === 'admin') return undefined;
  const scope = orderScope(context.auth, context.marketplaceId, 'All');
  if (!scope) return [];
  const found = await context.store.find('Orders', [], scope);
  return found.map((stored) => stored.id);
}
