import { canCall, canManageFromList } from '@/access/access';
import { getOperation, type ApiDescription, type ApiOperation } from '@/description/api-model';
import { fieldLabel } from '@/forms/field-model';
import { discoverAssignmentPairs } from '../assignments/assignment-pairs';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { Item } from '../lib/admin-api';
import { bulkAssignment, type BulkAssignment } from './bulk-assign';

// BULK ACTIONS
// What the bulk bar of a list offers (issue 24), read off the description and the user's roles: Delete when the
// resource has a delete; setting a boolean or enum field, or an xp value, when it has a PATCH (else its PUT save);
// and assigning the rows through every assignment pair whose records hold this list's items (products to a catalog,
// to a buyer with a price schedule, users to a user group: bulk-assign.ts). Nothing on a list the roles do not
// manage, and no operation the roles cannot call; the platform refuses them anyway. The builders answer one call per
// row, which the bulk engine (bulk-run.ts) sends.

/** A field of the write body the bar can set on every row. */
export interface SettableField {
  readonly field: string;
  readonly label: string;
  /** `[true, false]` for a boolean, the enum's values for an enum. */
  readonly values: readonly string[] | readonly boolean[];
}

export interface BulkWrite {
  readonly operation: ApiOperation;
  /** PATCH sends just the field; PUT sends the whole item with the field changed. */
  readonly partial: boolean;
}

export interface BulkActionPlan {
  readonly remove: ApiOperation | null;
  readonly write: BulkWrite | null;
  readonly booleans: readonly SettableField[];
  readonly enums: readonly SettableField[];
  /** The write body has an `xp` object. */
  readonly xp: boolean;
  /** One per assignment pair the roles may save, whose records take this list's items. */
  readonly assignments: readonly BulkAssignment[];
}

/** A call the bulk engine sends for one row. */
export interface RowCall {
  readonly operation: ApiOperation;
  readonly params: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

const NOTHING: BulkActionPlan = { remove: null, write: null, booleans: [], enums: [], xp: false, assignments: [] };

function callable(api: ApiDescription, roles: readonly string[], id: string | undefined) {
  const operation = id ? getOperation(api, id) : undefined;
  return operation && canCall(roles, operation) ? operation : null;
}

function settableFields(write: ApiOperation | null) {
  const properties = write?.requestBody?.schema.properties ?? {};
  const booleans: SettableField[] = [];
  const enums: SettableField[] = [];
  for (const [field, schema] of Object.entries(properties)) {
    if (schema.readOnly) continue;
    const label = fieldLabel(field);
    if (schema.type === 'boolean') booleans.push({ field, label, values: [true, false] });
    const values = (schema.enum ?? []).filter((value): value is string => typeof value === 'string');
    if (values.length > 0) enums.push({ field, label, values });
  }
  return { booleans, enums, xp: properties.xp?.readOnly !== true && properties.xp !== undefined };
}

function assignments(
  api: ApiDescription,
  roles: readonly string[],
  collection: CatalogueCollection,
  route: Readonly<Record<string, string>>,
): BulkAssignment[] {
  return discoverAssignmentPairs(api).flatMap((pair) => {
    if (!pair.save || !canCall(roles, pair.save)) return [];
    const assignment = bulkAssignment(api, pair, collection, route);
    return assignment ? [assignment] : [];
  });
}

/**
 * The bulk actions of a catalogue list for a user with these roles; nothing for a read-only list.
 *
 * @example
 * bulkActionsFor(api, collectionByKey('products'), ['ProductAdmin', 'CatalogAdmin'], {});
 * // { remove: Products.Delete, write: { operation: Products.Patch, partial: true }, booleans: [Active, ...],
 * //   xp: true, assignments: [Catalogs.ListProductAssignments, ...] }
 */
export function bulkActionsFor(
  api: ApiDescription,
  collection: CatalogueCollection,
  roles: readonly string[],
  route: Readonly<Record<string, string>>,
): BulkActionPlan {
  if (collection.readOnly || !collection.itemParam) return NOTHING;
  // The bar is one of the list's management controls: like Create and Delete on the page (spec 2 §2), only for a
  // token that manages the list (a BuyerReader who is also a CatalogAdmin gets none on buyers).
  if (!canManageFromList(roles, getOperation(api, collection.operations.list))) return NOTHING;
  const remove = callable(api, roles, collection.operations.delete);
  const patch = callable(api, roles, collection.operations.patch);
  const save = patch ? null : callable(api, roles, collection.operations.save);
  const write = patch ? { operation: patch, partial: true } : save ? { operation: save, partial: false } : null;
  return {
    remove,
    write,
    ...settableFields(write?.operation ?? null),
    assignments: assignments(api, roles, collection, route),
  };
}

/** Whether the plan offers anything, so the list shows selection boxes. */
export function hasBulkActions(plan: BulkActionPlan): boolean {
  return plan.remove !== null || plan.write !== null || plan.assignments.length > 0;
}

// CALLS

function itemParams(collection: CatalogueCollection, route: Readonly<Record<string, string>>, item: Item) {
  if (!collection.itemParam || typeof item.ID !== 'string') throw new Error('This row has no ID.');
  return { ...route, [collection.itemParam]: item.ID };
}

/** The DELETE of one row. */
export function deleteRowCall(
  remove: ApiOperation,
  collection: CatalogueCollection,
  route: Readonly<Record<string, string>>,
  item: Item,
): RowCall {
  return { operation: remove, params: itemParams(collection, route, item) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep(base: unknown, change: unknown): unknown {
  if (!isObject(base) || !isObject(change)) return change;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) merged[key] = mergeDeep(base[key], value);
  return merged;
}

/**
 * The write of `changes` to one row: PATCH with just the changes, or PUT with the row's writable fields and the
 * changes merged in (xp deeply, as a PATCH would).
 *
 * @example
 * writeRowCall({ operation: productsPatch, partial: true }, products, {}, { ID: 'p1', Active: true }, { Active: false });
 * // { operation: Products.Patch, params: { productID: 'p1' }, body: { Active: false } }
 */
export function writeRowCall(
  write: BulkWrite,
  collection: CatalogueCollection,
  route: Readonly<Record<string, string>>,
  item: Item,
  changes: Readonly<Record<string, unknown>>,
): RowCall {
  const params = itemParams(collection, route, item);
  if (write.partial) return { operation: write.operation, params, body: changes };
  const properties = write.operation.requestBody?.schema.properties ?? {};
  const writable = Object.fromEntries(
    Object.entries(item).filter(([field]) => properties[field] !== undefined && properties[field]?.readOnly !== true),
  );
  return { operation: write.operation, params, body: mergeDeep(writable, changes) };
}

// XP

const XP_SEGMENT = /^[A-Za-z_][\w-]*$/;

/**
 * The `xp` change that sets a value at a dotted path, or the reason the path or value is not valid.
 *
 * @example
 * xpChange('Brand.Name', '"Acme"'); // { change: { xp: { Brand: { Name: 'Acme' } } } }
 * xpChange('Brand', 'Acme'); // { error: 'The value is not valid JSON (put text in double quotes).' }
 */
export function xpChange(path: string, json: string): { change: Record<string, unknown> } | { error: string } {
  const segments = path.trim().split('.');
  if (path.trim() === '' || !segments.every((segment) => XP_SEGMENT.test(segment))) {
    return { error: 'The path is one or more names separated by dots, like Brand.Name.' };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: 'The value is not valid JSON (put text in double quotes).' };
  }
  const nested = segments.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
  return { change: { xp: nested } };
}
