import type { ChangeActor, ChangeRecord } from '@portal/contracts';
import { CATALOGUE, type CatalogueCollection } from '../catalogue/catalogue';
import { adminHref, resolveAdminPath, type OwnerItem, type RouteParams } from '../catalogue/resolve-path';

// WHICH ITEM A RECORD IS ABOUT
// The change history names an item as the platform's registry does: a resource type (`Products`, the prefix of its
// operation ids), its id and its parents' ids, outermost first. The explorer names it by a catalogue route. These
// functions go from one to the other, both ways, so the History tab asks for its item and the Activity page links
// each record to its item.

/** The last path segment of an item's History tab: `/admin/products/p1/history`. */
export const HISTORY_SEGMENT = 'history';

/** An item as the change history names it. */
export interface HistoryResource {
  readonly ResourceType: string;
  readonly ResourceID: string;
  /** Parent ids joined with '/', outermost first; empty for a top-level item. */
  readonly ParentIDs: string;
}

/** The registry's name of a collection's resource: the prefix of its operation ids (`Products.Get` -> `Products`). */
export function resourceTypeOf(collection: CatalogueCollection): string {
  const operationId = collection.operations.get ?? collection.operations.list;
  return operationId.slice(0, operationId.indexOf('.'));
}

/** The route parameters of a collection's path that hold parent ids (a fixed choice such as `direction` is not one). */
function parentParams(collection: CatalogueCollection): string[] {
  return [...collection.path.matchAll(/:([^/]+)/g)]
    .map((match) => match[1] as string)
    .filter((name) => collection.paramValues?.[name] === undefined);
}

/**
 * The item of a detail page as the change history names it.
 *
 * @example
 * historyResource(buyersUsers, { buyerID: 'b1', userID: 'u1' }, 'u1'); // { ResourceType: 'Users', ResourceID: 'u1', ParentIDs: 'b1' }
 */
export function historyResource(collection: CatalogueCollection, params: RouteParams, itemId: string): HistoryResource {
  const parents = parentParams(collection).map((name) => params[name] ?? '');
  return { ResourceType: resourceTypeOf(collection), ResourceID: itemId, ParentIDs: parents.join('/') };
}

/**
 * The explorer page of the item a record is about (its History tab when it was deleted), or null when no page of
 * the catalogue shows that kind of item (an assignment, an order action's own record).
 *
 * @example
 * recordItemHref({ ResourceType: 'Users', ResourceID: 'u1', ParentIDs: ['b1'], Kind: 'Patch' }); // '/admin/buyers/b1/users/u1'
 */
export function recordItemHref(record: Pick<ChangeRecord, 'ResourceType' | 'ResourceID' | 'ParentIDs' | 'Kind'>) {
  const collection = CATALOGUE.find(
    (candidate) =>
      candidate.itemParam !== null &&
      candidate.operations.get !== undefined &&
      resourceTypeOf(candidate) === record.ResourceType &&
      parentParams(candidate).length === record.ParentIDs.length,
  );
  if (!collection) return null;
  const params: Record<string, string> = {};
  parentParams(collection).forEach((name, index) => {
    params[name] = record.ParentIDs[index] ?? '';
  });
  // A fixed choice in the path (orders' direction) takes its widest value: the record does not say which it was.
  for (const [name, values] of Object.entries(collection.paramValues ?? {})) {
    params[name] = Object.hasOwn(values, 'all') ? 'all' : (Object.keys(values)[0] ?? '');
  }
  const href = adminHref(collection, params, record.ResourceID);
  return record.Kind === 'Delete' ? `${href}/${HISTORY_SEGMENT}` : href;
}

/** The detail page of the user who made a change, or null for a portal developer (no platform user to open). */
export function actorHref(actor: ChangeActor): string | null {
  const id = encodeURIComponent(actor.ID);
  const company = actor.CompanyID === null ? null : encodeURIComponent(actor.CompanyID);
  switch (actor.Type) {
    case 'MarketplaceOwner':
      return `/admin/admin-users/${id}`;
    case 'Buyer':
      return company === null ? null : `/admin/buyers/${company}/users/${id}`;
    case 'Supplier':
      return company === null ? null : `/admin/suppliers/${company}/users/${id}`;
    case 'PortalDeveloper':
      return null;
  }
}

/**
 * The item whose History tab a path below /admin opens (`products/p1/history`), or null when it is another page.
 *
 * @example
 * historyOwner(['products', 'p1', 'history'])?.itemId; // 'p1'
 */
export function historyOwner(segments: readonly string[]): OwnerItem | null {
  if (segments.length < 2 || segments[segments.length - 1] !== HISTORY_SEGMENT) return null;
  const location = resolveAdminPath(segments.slice(0, -1));
  if (location.kind !== 'item' || location.itemId === null) return null;
  const { collection, params, itemId } = location;
  const listParams = Object.fromEntries(Object.entries(params).filter(([name]) => name !== collection.itemParam));
  return { collection, params, itemId, href: adminHref(collection, listParams, itemId) };
}

/** The History tab after an item's other tabs. */
export function historyTab(owner: Pick<OwnerItem, 'href'>): { label: string; href: string } {
  return { label: 'History', href: `${owner.href}/${HISTORY_SEGMENT}` };
}
