import {
  CATALOGUE,
  LANDING_REDIRECTS,
  collectionByKey,
  tabSegment,
  type CatalogueCollection,
  type CatalogueTab,
} from './catalogue';

// ADMIN ROUTES
// Every page under /admin is found here, from the catalogue: a list, an item (or `new`), or a related tab of an
// item. The router has one splat route for the admin; this resolver is its route table.

/** The id segment that opens the create form instead of an item. */
export const NEW_ITEM_SEGMENT = 'new';

/** Route parameters by name, as the URL writes them (`direction: 'incoming'`). */
export type RouteParams = Readonly<Record<string, string>>;

/** The item whose tabs frame a nested list or related tab: the owning collection and the item's own path. */
export interface OwnerItem {
  readonly collection: CatalogueCollection;
  readonly params: RouteParams;
  readonly itemId: string;
  /** `/admin/buyers/b1`. */
  readonly href: string;
}

export type AdminLocation =
  | {
      readonly kind: 'list';
      readonly collection: CatalogueCollection;
      readonly params: RouteParams;
      readonly owner: OwnerItem | null;
    }
  | {
      readonly kind: 'item';
      readonly collection: CatalogueCollection;
      readonly params: RouteParams;
      /** Null on `.../new`. */
      readonly itemId: string | null;
    }
  | { readonly kind: 'related'; readonly owner: OwnerItem; readonly tab: CatalogueTab & { kind: 'related' } }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'not-found' };

/** Where a nested collection sits: the collection whose item tab opens it (`buyers.users` -> `buyers`). */
export function ownerOf(collection: CatalogueCollection): CatalogueCollection | null {
  return (
    CATALOGUE.find((candidate) =>
      candidate.tabs.some((tab) => tab.kind === 'collection' && tab.collection === collection.key),
    ) ?? null
  );
}

function matchPattern(pattern: readonly string[], segments: readonly string[], collection: CatalogueCollection) {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (segment === undefined || segment === '') return null;
    if (part.startsWith(':')) {
      const name = part.slice(1);
      const allowed = collection.paramValues?.[name];
      if (allowed && !Object.hasOwn(allowed, segment)) return null;
      params[name] = segment;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

function ownerItem(collection: CatalogueCollection, params: RouteParams): OwnerItem | null {
  const owner = ownerOf(collection);
  if (!owner?.itemParam) return null;
  const itemId = params[owner.itemParam];
  if (itemId === undefined) return null;
  return { collection: owner, params, itemId, href: adminHref(owner, params, itemId) };
}

/**
 * The page of a path below /admin (segments already decoded).
 *
 * @example
 * resolveAdminPath(['buyers', 'b1', 'users', 'u1']); // { kind: 'item', collection: buyers.users, itemId: 'u1', ... }
 * resolveAdminPath(['orders']); // { kind: 'redirect', to: 'orders/incoming' }
 */
export function resolveAdminPath(segments: readonly string[]): AdminLocation {
  const joined = segments.join('/');
  const redirect = LANDING_REDIRECTS[joined];
  if (redirect !== undefined) return { kind: 'redirect', to: redirect };
  for (const collection of CATALOGUE) {
    const pattern = collection.path.split('/');
    const params = matchPattern(pattern, segments, collection);
    if (!params) continue;
    const rest = segments.slice(pattern.length);
    if (rest.length === 0) return { kind: 'list', collection, params, owner: ownerItem(collection, params) };
    if (!collection.itemParam) continue;
    const [itemId = '', tabName] = rest;
    if (itemId === '') continue;
    const itemParams = { ...params, [collection.itemParam]: itemId };
    if (rest.length === 1) {
      // A new item has no id yet, so its parameters stop at the list's.
      if (itemId === NEW_ITEM_SEGMENT && collection.operations.create !== undefined) {
        return { kind: 'item', collection, params, itemId: null };
      }
      return { kind: 'item', collection, params: itemParams, itemId };
    }
    if (rest.length !== 2) continue;
    const tab = collection.tabs.find((candidate) => candidate.kind === 'related' && tabSegment(candidate) === tabName);
    if (tab?.kind === 'related') {
      const href = adminHref(collection, params, itemId);
      return { kind: 'related', owner: { collection, params: itemParams, itemId, href }, tab };
    }
  }
  return { kind: 'not-found' };
}

/** `/admin/...` for a collection's list, or for one of its items when `itemId` is given. */
export function adminHref(collection: CatalogueCollection, params: RouteParams, itemId?: string): string {
  const path = collection.path.replace(/:([^/]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `/admin/${path}${itemId === undefined ? '' : `/${encodeURIComponent(itemId)}`}`;
}

/** The href of a tab of an item page, `owner.href` being the item's own path. */
export function tabHref(owner: Pick<OwnerItem, 'href'>, tab: CatalogueTab): string {
  return `${owner.href}/${tabSegment(tab)}`;
}

/**
 * The path parameters an operation receives from the route: URL values mapped to what the platform takes
 * (`incoming` -> `Incoming`).
 */
export function apiPathParams(collection: CatalogueCollection, params: RouteParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = collection.paramValues?.[name]?.[value] ?? value;
  }
  return values;
}

/** The collection a nested tab opens (for callers holding a tab). */
export function tabCollection(tab: CatalogueTab): CatalogueCollection | null {
  return tab.kind === 'collection' ? collectionByKey(tab.collection) : null;
}
