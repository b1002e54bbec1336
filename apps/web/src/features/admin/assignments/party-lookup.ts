import type { ApiDescription } from '@/description/api-model';
import { pickerPathParams, pickerTarget, type PickerTarget } from '@/forms/pickers/id-field-target';
import { CATALOGUE, routeParamNames } from '../catalogue/catalogue';
import { adminHref } from '../catalogue/resolve-path';
import type { AssignmentPair, AssignmentRecord } from './assignment-pairs';

// PARTY LOOKUP
// An assignment record holds bare ids; the page shows each side's display name and links it to its item page.
// Ids are looked up a page at a time: one List call per resource (and parent) with the platform's OR filter
// `ID=a|b|c`, not one Get per row.

/** Where one id of a record is listed: the picker's list for its field, with parents from the record and route. */
export interface PartyRef {
  readonly field: string;
  readonly id: string;
  readonly target: PickerTarget;
  readonly params: Readonly<Record<string, string>>;
  /** Identifies the list call (operation and parents) the id is looked up through. */
  readonly groupKey: string;
}

/** One List call: a resource's list with its parents, and the ids it must answer. */
export interface LookupGroup {
  readonly key: string;
  readonly target: PickerTarget;
  readonly params: Readonly<Record<string, string>>;
  readonly ids: readonly string[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The list that names `record[field]`: a user id under a buyer's route reads that buyer's users, a supplier's
 * user on a security profile reads the supplier's (the record's SupplierID is the parent). Null for an empty
 * field, a field naming nothing listable, or a parent nobody knows (an admin user's security profile).
 */
export function partyRef(
  api: ApiDescription,
  pair: AssignmentPair,
  field: string,
  record: AssignmentRecord,
  context: Readonly<Record<string, string>>,
): PartyRef | null {
  const id = text(record[field]);
  if (!id) return null;
  const value = (name: string) => context[name] ?? text(record[name]);
  const pickerContext = { ownerResourceId: pair.resourceId, value };
  const target = pickerTarget(api, field, pickerContext);
  if (!target) return null;
  const { params, missing } = pickerPathParams(target, pickerContext);
  if (missing.length > 0) return null;
  return { field, id, target, params, groupKey: `${target.operation.id} ${JSON.stringify(params)}` };
}

/**
 * The List calls that name every id of `fields` across the records of a page, ids deduplicated.
 *
 * @example
 * planLookups(api, productPair, ['BuyerID', 'PriceScheduleID'], records, {}).map((g) => g.target.operation.id);
 * // ['Buyers.List', 'PriceSchedules.List']
 */
export function planLookups(
  api: ApiDescription,
  pair: AssignmentPair,
  fields: readonly string[],
  records: readonly AssignmentRecord[],
  context: Readonly<Record<string, string>>,
): LookupGroup[] {
  const groups = new Map<
    string,
    { target: PickerTarget; params: Readonly<Record<string, string>>; ids: Set<string> }
  >();
  for (const record of records) {
    for (const field of fields) {
      const ref = partyRef(api, pair, field, record, context);
      if (!ref) continue;
      const group = groups.get(ref.groupKey) ?? { target: ref.target, params: ref.params, ids: new Set<string>() };
      group.ids.add(ref.id);
      groups.set(ref.groupKey, group);
    }
  }
  return [...groups].map(([key, group]) => ({ key, target: group.target, params: group.params, ids: [...group.ids] }));
}

/**
 * The query of a lookup: the ids OR-ed in one filter, a page big enough for all of them, and the list's own fixed
 * query (categories of every depth). Ids are letters, digits, `-` and `_`, so `|` never splits one.
 */
export function lookupQuery(group: Pick<LookupGroup, 'target' | 'ids'>): Record<string, string | number> {
  return { ...group.target.query, ID: group.ids.join('|'), pageSize: Math.max(group.ids.length, 1) };
}

/** The key a looked-up name is stored under. */
export function nameKey(groupKey: string, id: string): string {
  return `${groupKey} ${id}`;
}

/** The admin page of a party: the catalogue collection listed by the same operation, e.g. `/admin/buyers/b1/users/u1`. */
export function partyHref(ref: Pick<PartyRef, 'target' | 'params' | 'id'>): string | null {
  const collection = CATALOGUE.find((candidate) => candidate.operations.list === ref.target.operation.id);
  if (!collection?.itemParam) return null;
  if (routeParamNames(collection.path).some((name) => !ref.params[name])) return null;
  return adminHref(collection, ref.params, ref.id);
}
