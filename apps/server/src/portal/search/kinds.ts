import type { SearchItem, SearchKind } from '@portal/contracts';

/*
 * What the palette searches (issue 24), one declaration per kind: the platform list it reads, the roles that list
 * needs (the public API's read roles; FullAccess opens every one), and how a platform object becomes a result line.
 */

/** A platform object as a list answers it; only a few of its fields are read. */
export type PlatformObject = Record<string, unknown>;

/** Where a kind's objects are listed: one list, or one list per parent company (users live under their company). */
export type SearchSource =
  | { type: 'list'; path: string; getPath?: (id: string) => string }
  | {
      type: 'perParent';
      /** A list across every parent, where the platform offers one (`GET /buyerusers`); tried first. */
      acrossPath?: string;
      parentPath: string;
      /** The roles listing the parents needs, besides the kind's own. */
      parentRoles: readonly string[];
      childPath: (parentId: string) => string;
    };

export interface SearchKindDefinition {
  kind: SearchKind;
  label: string;
  /** Any one of these (or FullAccess) lets the caller read the kind. */
  readRoles: readonly string[];
  source: SearchSource;
  toItem(object: PlatformObject, parentIds: string[]): SearchItem;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const joined = (separator: string, ...parts: unknown[]) =>
  parts
    .map(text)
    .filter((part) => part.trim() !== '')
    .join(separator);

/** Title and subtitle of a person: their name (or username), then e-mail and username. */
function personItem(object: PlatformObject, parentIds: string[]): SearchItem {
  const id = text(object.ID);
  const name = joined(' ', object.FirstName, object.LastName);
  return {
    ID: id,
    Title: name || text(object.Username) || id,
    Subtitle: joined(' · ', object.Email, object.Username) || id,
    ParentIDs: parentIds,
  };
}

/** Name first, the ID as the second line. */
function namedItem(nameField: string) {
  return (object: PlatformObject, parentIds: string[]): SearchItem => {
    const id = text(object.ID);
    return { ID: id, Title: text(object[nameField]) || id, Subtitle: id, ParentIDs: parentIds };
  };
}

function money(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'number') return '';
  return `${amount.toFixed(2)}${typeof currency === 'string' && currency ? ` ${currency}` : ''}`;
}

function orderItem(object: PlatformObject): SearchItem {
  const from = (object.FromUser ?? {}) as PlatformObject;
  const buyer = joined(' ', from.FirstName, from.LastName) || text(object.FromCompanyID);
  return {
    ID: text(object.ID),
    Title: joined(' · ', object.ID, buyer),
    Subtitle: joined(' · ', object.Status, money(object.Total, object.Currency), object.FromCompanyID),
    // Orders live under their direction; the palette reads the orders coming in to the marketplace.
    ParentIDs: ['Incoming'],
  };
}

const byId = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Every kind, in the order of their groups (SEARCH_KINDS). */
export const SEARCH_KIND_DEFINITIONS: readonly SearchKindDefinition[] = [
  {
    kind: 'Orders',
    label: 'Orders',
    readRoles: ['OrderAdmin', 'OrderReader'],
    source: { type: 'list', path: '/orders/Incoming', getPath: byId('/orders/Incoming') },
    toItem: orderItem,
  },
  {
    kind: 'Products',
    label: 'Products',
    readRoles: ['ProductAdmin', 'ProductReader'],
    source: { type: 'list', path: '/products', getPath: byId('/products') },
    toItem: namedItem('Name'),
  },
  {
    kind: 'Buyers',
    label: 'Buyers',
    readRoles: ['BuyerAdmin', 'BuyerReader'],
    source: { type: 'list', path: '/buyers', getPath: byId('/buyers') },
    toItem: namedItem('Name'),
  },
  {
    kind: 'Users',
    label: 'Buyer users',
    readRoles: ['BuyerUserAdmin', 'BuyerUserReader'],
    source: {
      type: 'perParent',
      acrossPath: '/buyerusers',
      parentPath: '/buyers',
      parentRoles: ['BuyerAdmin', 'BuyerReader'],
      childPath: (buyerId) => `/buyers/${encodeURIComponent(buyerId)}/users`,
    },
    toItem: personItem,
  },
  {
    kind: 'SupplierUsers',
    label: 'Supplier users',
    readRoles: ['SupplierUserAdmin', 'SupplierUserReader'],
    source: {
      type: 'perParent',
      parentPath: '/suppliers',
      parentRoles: ['SupplierAdmin', 'SupplierReader'],
      childPath: (supplierId) => `/suppliers/${encodeURIComponent(supplierId)}/users`,
    },
    toItem: personItem,
  },
  {
    kind: 'AdminUsers',
    label: 'Admin users',
    readRoles: ['AdminUserAdmin', 'AdminUserReader'],
    source: { type: 'list', path: '/adminusers', getPath: byId('/adminusers') },
    toItem: personItem,
  },
  {
    kind: 'Promotions',
    label: 'Promotions',
    readRoles: ['PromotionAdmin', 'PromotionReader'],
    source: { type: 'list', path: '/promotions', getPath: byId('/promotions') },
    toItem: (object, parentIds) => ({
      ID: text(object.ID),
      Title: text(object.Name) || text(object.Code) || text(object.ID),
      Subtitle: joined(' · ', object.Code, object.ID),
      ParentIDs: parentIds,
    }),
  },
  {
    kind: 'Catalogs',
    label: 'Catalogs',
    readRoles: ['CatalogAdmin', 'CatalogReader'],
    source: { type: 'list', path: '/catalogs', getPath: byId('/catalogs') },
    toItem: namedItem('Name'),
  },
  {
    kind: 'ApiClients',
    label: 'API clients',
    readRoles: ['ApiClientAdmin', 'ApiClientReader'],
    source: { type: 'list', path: '/apiclients', getPath: byId('/apiclients') },
    toItem: namedItem('AppName'),
  },
];

const holdsAny = (roles: ReadonlySet<string>, wanted: readonly string[]) =>
  roles.has('FullAccess') || wanted.some((role) => roles.has(role));

/**
 * The kinds `roles` may search: decided before any call, so a kind the caller cannot read costs nothing. A kind
 * listed per parent also needs the parents' list (a buyer user reader who cannot list buyers finds no buyer users,
 * unless the platform lists them across buyers; see search-kind.ts).
 */
export function searchableKinds(roles: readonly string[]): SearchKindDefinition[] {
  const held = new Set(roles);
  return SEARCH_KIND_DEFINITIONS.filter((definition) => holdsAny(held, definition.readRoles));
}

/** Whether `roles` may list a per-parent kind's parents. */
export function canListParents(definition: SearchKindDefinition, roles: readonly string[]): boolean {
  return definition.source.type !== 'perParent' || holdsAny(new Set(roles), definition.source.parentRoles);
}
