// The vocabulary of the admin catalogue (catalogue.ts): what a row holds and the small builders its table uses.

/** The standard operations a collection uses; any may be absent (a list-only or read-only collection). */
export interface CollectionOperations {
  readonly list: string;
  readonly get?: string;
  readonly create?: string;
  /** PUT: used when there is no `patch`. */
  readonly save?: string;
  /** PATCH: saving an existing item sends only the changed fields through it. */
  readonly patch?: string;
  readonly delete?: string;
}

/**
 * A tab of a detail page. `collection` opens a nested list of this catalogue (its key); `related` is a list the
 * assignments issue builds (it names the operation it will use, so the walk checks it exists already).
 */
export type CatalogueTab =
  | { readonly label: string; readonly kind: 'collection'; readonly collection: string }
  | {
      readonly label: string;
      readonly kind: 'related';
      readonly segment: string;
      readonly operationId: string;
      /** Values every assignment this tab creates carries, where the description cannot say (features/admin/assignments). */
      readonly createValues?: Readonly<Record<string, string | boolean>>;
    };

/** A page elsewhere in the portal about an item, linked from its detail header when `shows` says it applies. */
export interface ItemLink {
  readonly label: string;
  /** An in-app path; the signed-in context is kept. */
  readonly to: string;
  readonly shows: (item: Readonly<Record<string, unknown>>) => boolean;
}

/** Collections whose screens have something beyond the generic list and detail (features/admin/orders). */
export type SpecialScreen = 'order' | 'line-item' | 'payment' | 'shipment' | 'shipment-items';

export interface CatalogueCollection {
  /** Unique key, the route pattern without parameters: `buyers.users`. */
  readonly key: string;
  /** Route pattern below /admin: `buyers/:buyerID/users`. Parameters name the description's path parameters. */
  readonly path: string;
  /** The route parameter holding the item's id, or null for a list without item pages. */
  readonly itemParam: string | null;
  /** Plural and singular, as the user reads them: 'Users', 'User'. */
  readonly label: string;
  readonly singular: string;
  readonly operations: CollectionOperations;
  /** Detail tabs after 'Details'; empty for a detail page without tabs. */
  readonly tabs: readonly CatalogueTab[];
  /** Body fields the form leaves out (spec 2 §2: Locale on admin users, Options on specs). */
  readonly hiddenFields?: readonly string[];
  /** Shows fields without editing (orders, line items, payments, shipment items). */
  readonly readOnly?: boolean;
  readonly special?: SpecialScreen;
  /** Links in the detail header to other portal pages about the item (a delivery configuration's receiver). */
  readonly itemLinks?: readonly ItemLink[];
  /** Route parameter values as the URL writes them, mapped to what the platform takes (orders/incoming). */
  readonly paramValues?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Extra query parameters every list call carries (categories of every depth). */
  readonly listQuery?: Readonly<Record<string, string>>;
  /**
   * An assignment page (spec 2 §2 "Assignment pages"): the `Xxx.List...Assignments` whose records join this list's
   * items to one chosen in a switcher; once chosen, an Assignment column shows each row's record (see
   * assignments/list-column).
   */
  readonly assignmentSwitcher?: string;
}

/** A tab served by features/admin/assignments: the operation lists its records (or the items it filters). */
export const related = (
  label: string,
  operationId: string,
  options: { segment?: string; createValues?: Readonly<Record<string, string | boolean>> } = {},
): CatalogueTab => ({
  label,
  kind: 'related',
  segment: options.segment ?? kebab(label),
  operationId,
  ...(options.createValues ? { createValues: options.createValues } : {}),
});
export const nested = (label: string, collection: string): CatalogueTab => ({ label, kind: 'collection', collection });

/** The usual operation names of a resource: `Xxx.List`, `Xxx.Get`, `Xxx.Create`, `Xxx.Save`, `Xxx.Patch`, `Xxx.Delete`. */
export function crud(resourceId: string): CollectionOperations {
  const op = (method: string) => `${resourceId}.${method}`;
  return {
    list: op('List'),
    get: op('Get'),
    create: op('Create'),
    save: op('Save'),
    patch: op('Patch'),
    delete: op('Delete'),
  };
}

export function readOnly(resourceId: string, list = `${resourceId}.List`): CollectionOperations {
  return { list, get: `${resourceId}.Get` };
}

function kebab(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

type Row = Omit<CatalogueCollection, 'key' | 'tabs'> & { tabs?: readonly CatalogueTab[] };

export function row(definition: Row): CatalogueCollection {
  return {
    ...definition,
    key: definition.path.replace(/\/:[^/]+/g, '').replace(/\//g, '.'),
    tabs: definition.tabs ?? [],
  };
}

export const DIRECTIONS = { incoming: 'Incoming', outgoing: 'Outgoing', all: 'All' } as const;
