import { templateUserOf } from '../engine/anonymous-users.ts';
import type { Item } from '../engine/item.ts';
import { notFound } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { orderTotals } from './pricing.ts';
import { refreshPromotionDiscounts } from './promotion-discounts.ts';

/** The kind of company an id names, or undefined when it names none. */
export type CompanyKind = 'marketplace' | 'buyer' | 'supplier';

/** Currency of orders whose buyer has no locale with a currency. */
export const DEFAULT_CURRENCY = 'USD';

/** The current time as the platform writes dates. */
export const nowIso = (): string => new Date().toISOString();

/** Whether an id names the marketplace itself, one of its buyers or one of its suppliers. */
export async function companyKind(
  store: Store,
  companyId: string | null | undefined,
): Promise<CompanyKind | undefined> {
  if (!companyId) return undefined;
  if (companyId === store.marketplaceId) return 'marketplace';
  if (await store.get('Buyers', [], companyId)) return 'buyer';
  if (await store.get('Suppliers', [], companyId)) return 'supplier';
  return undefined;
}

/** Where a company keeps its users and addresses: resource names and parent ids. */
function companyStorage(kind: CompanyKind, companyId: string): { users: string; addresses: string; parents: string[] } {
  if (kind === 'marketplace') return { users: 'AdminUsers', addresses: 'AdminAddresses', parents: [] };
  if (kind === 'buyer') return { users: 'Users', addresses: 'Addresses', parents: [companyId] };
  return { users: 'SupplierUsers', addresses: 'SupplierAddresses', parents: [companyId] };
}

/**
 * A copy of one of the company's saved addresses, as orders and line items embed it; a 404
 * naming the address when the company has no such address.
 */
export async function companyAddress(
  store: Store,
  companyId: string | null | undefined,
  addressId: string,
): Promise<Item> {
  const kind = await companyKind(store, companyId);
  if (!kind || !companyId) throw notFound('Address', addressId);
  const { addresses, parents } = companyStorage(kind, companyId);
  const address = await store.get(addresses, parents, addressId);
  if (!address) throw notFound('Address', addressId);
  return { ...address };
}

/** Fields of a user that an order keeps as its FromUser (never the password or lockout counters). */
const USER_FIELDS = [
  'ID',
  'CompanyID',
  'Username',
  'FirstName',
  'LastName',
  'Email',
  'Phone',
  'TermsAccepted',
  'Active',
  'xp',
  'AvailableRoles',
  'Locale',
  'DateCreated',
  'LastActive',
  'PasswordLastSetDate',
] as const;

/** The user as an order shows it in FromUser. */
export function userSnapshot(user: Item): Item {
  const snapshot: Item = {};
  for (const field of USER_FIELDS) snapshot[field] = user[field] ?? (field === 'xp' ? {} : null);
  return snapshot;
}

/** A user of a company (admin, buyer or supplier user); a 404 naming the user when there is none. */
export async function companyUser(store: Store, companyId: string, userId: string): Promise<Item> {
  const kind = await companyKind(store, companyId);
  // Orders and subscriptions are placed by buyer users, so an unknown company is reported as a buyer.
  if (!kind) throw notFound('Buyer', companyId);
  const { users, parents } = companyStorage(kind, companyId);
  const user = await store.get(users, parents, userId);
  if (!user) throw notFound('User', userId);
  return user;
}

/**
 * The currency of a buyer's orders: the currency of the locale assigned to the whole buyer,
 * else the platform default.
 */
export async function buyerCurrency(store: Store, buyerId: string | null | undefined): Promise<string> {
  if (!buyerId) return DEFAULT_CURRENCY;
  const assignments = await store.findAssignments('LocaleAssignment', [], { BuyerID: buyerId, UserGroupID: null });
  for (const assignment of assignments) {
    const locale = await store.get('Locales', [], String(assignment.LocaleID));
    if (typeof locale?.Currency === 'string' && locale.Currency !== '') return locale.Currency;
  }
  return DEFAULT_CURRENCY;
}

/** The line items of an order, in the order they were added. */
export async function lineItemsOf(store: Store, orderId: string): Promise<Item[]> {
  return (await store.find('LineItems', [orderId])).map((stored) => stored.item);
}

/** Stores an order, stamping LastUpdated. */
export async function saveOrder(store: Store, order: Item): Promise<Item> {
  const saved = { ...order, LastUpdated: nowIso() };
  await store.put('Orders', [], saved);
  return saved;
}

/**
 * Recomputes an order's figures from its line items (count, subtotal, promotion discounts, total)
 * and stores it. `excludeLineItemId` leaves out a line item that is being deleted in the same
 * transaction.
 */
export async function recalculateOrder(store: Store, orderId: string, excludeLineItemId?: string): Promise<Item> {
  const order = await store.require('Orders', [], orderId, 'Order');
  const lines = (await lineItemsOf(store, orderId)).filter((line) => line.ID !== excludeLineItemId);
  // Promotion rules read the order's figures, so they see the new subtotal.
  const counted = { ...order, ...orderTotals(order, lines) };
  const promoted = await refreshPromotionDiscounts(store, counted, lines);
  const discounted = { ...counted, PromotionDiscount: promoted.discount };
  return saveOrder(store, { ...discounted, ...orderTotals(discounted, promoted.lines) });
}

/** Ids of the user groups a user belongs to: admin groups, or groups of their buyer or supplier. */
export async function groupIdsOf(
  store: Store,
  companyParents: readonly string[],
  userId: string,
): Promise<Set<string>> {
  // An anonymous shopper belongs to the groups of the default context user it shops as.
  const member = templateUserOf(userId) ?? userId;
  const memberships = await store.findAssignments('UserGroupAssignment', companyParents, { UserID: member });
  return new Set(memberships.map((membership) => String(membership.UserGroupID)));
}

/**
 * Moves the nested objects of a parent whose ID changed (a PATCH or PUT with a new ID): the
 * engine renames the parent only, which would leave its line items, payments... behind.
 */
export async function moveChildren(
  store: Store,
  resources: readonly string[],
  fromId: string,
  toId: string,
): Promise<void> {
  if (fromId === toId) return;
  for (const resource of resources) {
    for (const { id, item } of await store.find(resource, [fromId])) {
      await store.insert(resource, [toId], item);
      await store.remove(resource, [fromId], id);
    }
  }
}

/** The ID an object had before a write, when the write gave it a new one. */
export function renamedFrom(previous: Item | undefined, next: Item): string | undefined {
  return previous && previous.ID !== next.ID ? String(previous.ID) : undefined;
}

/**
 * A line with the orders it belongs to named, as the public platform answers every line item:
 * IncomingOrderID is the order the line came in on as the marketplace sees it (the line's own order,
 * or for a copy on a supplier's order the buyer's order it was copied from, stored when copied);
 * OutgoingOrderID is the supplier's order a forwarded line went to (stored when forwarded), else null.
 * Filled on the way out rather than stored, so lines saved before and orders renamed since answer right.
 */
export function withOrderIds(line: Item, orderId: string): Item {
  return {
    ...line,
    IncomingOrderID: filled(line.IncomingOrderID) ? line.IncomingOrderID : orderId,
    OutgoingOrderID: filled(line.OutgoingOrderID) ? line.OutgoingOrderID : null,
  };
}
