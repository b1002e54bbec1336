import type { Item } from '../engine/item.ts';
import type { ListQuery, RawQuery } from '../engine/list-query.ts';
import type { Store } from '../engine/store.ts';
import type { ModelDefinition } from './fields.ts';
import type { AssignmentDefinition, Reference, ResourceDefinition, RoleSet } from './types.ts';

/** A JSON object (a request body, a stored item or one of its nested objects). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sorts by `ListOrder` (missing last), then by ID, the order specs, options and categories are shown in. */
export function byListOrder(a: Item, b: Item): number {
  const order = (item: Item) => (typeof item.ListOrder === 'number' ? item.ListOrder : Number.MAX_SAFE_INTEGER);
  return order(a) - order(b) || String(a.ID).localeCompare(String(b.ID));
}

/** The current time as the platform writes dates (ISO-8601, UTC). */
export const now = (): string => new Date().toISOString();

/** One query parameter's value (the last one when it is repeated). */
export function queryValue(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

/**
 * Narrows a list call to the objects with the given IDs, on top of the caller's own filters, so a
 * sub-list (the specs of a product) still pages, searches and sorts like the main list.
 * `a|b|c` is the filter grammar's OR; IDs hold only letters, digits, `-` and `_`, so they match literally.
 */
export function withIds(query: ListQuery, ids: readonly string[]): ListQuery {
  return { ...query, filters: [...query.filters, { field: 'ID', values: [ids.join('|')] }] };
}

/** Runs a resource's `present` hook over items an extra operation answers with. */
export async function presentItems(
  resource: ResourceDefinition,
  items: readonly Item[],
  store: Store,
  parents: readonly string[] = [],
): Promise<Item[]> {
  const present = resource.hooks?.present;
  if (!present) return [...items];
  const presented: Item[] = [];
  // One at a time: the store may be a single transaction connection.
  for (const item of items) presented.push(await present(item, { store, parents }));
  return presented;
}

interface BuyerPartyOptions {
  model: ModelDefinition;
  /** Field naming the assigned object, e.g. `PromotionID`. */
  subject: string;
  /** Path or query parameter carrying `subject`, e.g. `promotionID`. */
  subjectParam: string;
  subjectReference: Reference;
  path: string;
  deletePath: string;
  roles: RoleSet;
  noun: string;
  /** The DELETE path ends in `/{buyerID}` (products, bundles) instead of taking `buyerID` as a query parameter. */
  buyerInPath?: boolean;
  /** Assignments carry a `SellerID` that is part of their identity (products, bundles). */
  seller?: boolean;
  /** The list call takes `userID` as well (the platform lists it although these models have no UserID). */
  listUser?: boolean;
  extraListFilters?: Readonly<Record<string, string>>;
  extraReferences?: Readonly<Record<string, Reference>>;
}

/**
 * An assignment of a catalog object (promotion, category, bundle, product, inventory record) to a
 * buyer company or one of its user groups. The buyer is always required; user-level assignments do
 * not exist for these objects, which is why the parties allow a group only.
 *
 * @example
 * buyerPartyAssignment({ model, subject: 'PromotionID', subjectParam: 'promotionID', ... })
 */
export function buyerPartyAssignment(options: BuyerPartyOptions): AssignmentDefinition {
  const { subject, subjectParam, seller } = options;
  return {
    model: options.model,
    requiredOnCreate: [subject, 'BuyerID'],
    path: options.path,
    deletePath: options.deletePath,
    deleteParams: options.buyerInPath ? { [subjectParam]: subject, buyerID: 'BuyerID' } : { [subjectParam]: subject },
    deleteQuery: {
      ...(options.buyerInPath ? {} : { buyerID: 'BuyerID' }),
      userID: 'UserID',
      userGroupID: 'UserGroupID',
      ...(seller ? { sellerID: 'SellerID' } : {}),
    },
    listFilters: {
      [subjectParam]: subject,
      buyerID: 'BuyerID',
      ...(options.listUser ? { userID: 'UserID' } : {}),
      userGroupID: 'UserGroupID',
      ...options.extraListFilters,
    },
    key: seller ? [subject, 'BuyerID', 'UserGroupID', 'SellerID'] : [subject, 'BuyerID', 'UserGroupID'],
    roles: options.roles,
    references: {
      [subject]: options.subjectReference,
      BuyerID: { resource: 'Buyers' },
      UserGroupID: { resource: 'UserGroups', parentFrom: ['BuyerID'] },
      ...options.extraReferences,
    },
    parties: { group: true },
    noun: options.noun,
  };
}

/** One side of a pair assignment: its field, the path/query parameter naming it and what it refers to. */
export interface PairSide {
  field: string;
  param: string;
  reference: Reference;
}

interface PairOptions {
  model: ModelDefinition;
  owner: PairSide;
  member: PairSide;
  /** `Product` or `Bundle`: gives the method names `ListProductAssignments`, `SaveProductAssignment`, ... */
  memberKind: 'Product' | 'Bundle';
  path: string;
  deletePath: string;
  roles: RoleSet;
  noun: string;
  /** Extra required fields besides both sides. */
  alsoRequired?: readonly string[];
  /** List parameters when they differ from the two side parameters. */
  listFilters?: Readonly<Record<string, string>>;
  /** Other fields that must name existing objects. */
  extraReferences?: Readonly<Record<string, Reference>>;
}

/**
 * A plain link between two objects (a product in a catalog, a bundle in a category, a spec on a
 * product): both sides required, no parties, saving the same pair again replaces it.
 */
export function pairAssignment(options: PairOptions): AssignmentDefinition {
  const { owner, member, memberKind } = options;
  const sides = { [owner.param]: owner.field, [member.param]: member.field };
  return {
    model: options.model,
    requiredOnCreate: [owner.field, member.field, ...(options.alsoRequired ?? [])],
    names: {
      list: `List${memberKind}Assignments`,
      save: `Save${memberKind}Assignment`,
      delete: `Delete${memberKind}Assignment`,
    },
    path: options.path,
    deletePath: options.deletePath,
    deleteParams: sides,
    listFilters: options.listFilters ?? sides,
    key: [owner.field, member.field],
    roles: options.roles,
    references: { [owner.field]: owner.reference, [member.field]: member.reference, ...options.extraReferences },
    noun: options.noun,
  };
}
