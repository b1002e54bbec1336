import type { ModelDefinition } from '../resources/fields.ts';
import type { Item } from './item.ts';
import type { ListPage, ListQuery } from './list-query.ts';

/** What listing needs of a resource definition (a ResourceDefinition is one): where, and by which fields. */
export interface ListedResource {
  name: string;
  model: ModelDefinition;
  searchable?: readonly string[] | undefined;
  sortable?: readonly string[] | undefined;
}

/** A stored object with where it lives. */
export interface StoredItem {
  parents: string[];
  id: string;
  item: Item;
}

/**
 * Exact-match conditions on top-level fields: `null` matches a field that is null or missing, a
 * list matches any of its values (`{ ID: ['a', 'b'] }`).
 */
export type Match = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

/**
 * Storage of one marketplace's objects and assignments. Every method is scoped to the
 * marketplace; nested resources are addressed by their parent ids, outermost first.
 */
export interface Store {
  readonly marketplaceId: string;

  get(resource: string, parents: readonly string[], id: string): Promise<Item | undefined>;
  /** Like `get`, but a missing object is a 404 NotFound naming `objectType` (default: the resource's singular model name). */
  require(resource: string, parents: readonly string[], id: string, objectType?: string): Promise<Item>;
  /** A page of a resource's objects, filtered, searched and sorted as the list call asks. */
  list(resource: ListedResource, parents: readonly string[], query: ListQuery, scope?: Match): Promise<ListPage>;
  /** Every object matching `match` (no paging; for rules, cascades and seeds). `parents` undefined = any parent. */
  find(resource: string, parents: readonly string[] | undefined, match?: Match): Promise<StoredItem[]>;
  /** Inserts a new object; a 409 IdExists when its ID is taken. */
  insert(resource: string, parents: readonly string[], item: Item, secret?: Item): Promise<void>;
  /** Stores an object, replacing any with the same ID. */
  put(resource: string, parents: readonly string[], item: Item, secret?: Item): Promise<void>;
  /** Moves an object to a new ID (PATCH with a different ID); a 409 when the new ID is taken. */
  rename(resource: string, parents: readonly string[], fromId: string, item: Item): Promise<void>;
  remove(resource: string, parents: readonly string[], id: string): Promise<boolean>;
  /** Removes every object of `resource` under the given parents (or all of them when parents is empty). */
  removeUnder(resource: string, parents: readonly string[]): Promise<number>;
  getSecret(resource: string, parents: readonly string[], id: string): Promise<Item | undefined>;
  /** Every object of `resource` whose one parent is among `parentIds`, in storage order (one query, any count). */
  findUnder(resource: string, parentIds: readonly string[]): Promise<StoredItem[]>;
  /** How many objects of `resource` each parent has (one level of nesting), in one query. */
  countByParent(resource: string, parentIds: readonly string[]): Promise<Map<string, number>>;

  listAssignments(
    kind: string,
    parents: readonly string[],
    match: Match,
    page: number,
    pageSize: number,
  ): Promise<ListPage>;
  findAssignments(kind: string, parents: readonly string[] | undefined, match: Match): Promise<Item[]>;
  /** Saves an assignment; one with the same key fields is replaced (saving is idempotent). */
  saveAssignment(kind: string, parents: readonly string[], keyFields: readonly string[], item: Item): Promise<void>;
  deleteAssignments(kind: string, parents: readonly string[] | undefined, match: Match): Promise<number>;

  /** Next number of an Incrementor, atomically; NotFound when it does not exist. */
  nextIncrement(incrementorId: string): Promise<number>;
  /** Runs `work` in one transaction; everything it writes is kept, or nothing is. */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
}
