import type { ApiDescription } from '@/description/api-model';
import { fieldLabel } from '@/forms/field-model';
import { pickerPathParams, pickerTarget } from '@/forms/pickers/id-field-target';
import { findName, saveCall, type AssignmentPair } from '../assignments/assignment-pairs';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { Item } from '../lib/admin-api';

// BULK ASSIGN
// 'Assign to…' on a list (issue 24): every assignment pair whose Save record holds this list's item offers to
// assign the selected rows, asking for each other id of the record the route does not fill, read off the Save
// body: required ones required (a product assignment's BuyerID), optional ones optional (its UserGroupID and
// PriceScheduleID). An id whose list needs another (a user group is a buyer's) comes after it in the dialog and
// lists the chosen parent's items. So a pair of two ids (products to a catalog) asks one question, a product
// assignment three or four, and any other multi-id pair works the same way.

/** One id the dialog asks for. */
export interface AssignField {
  /** The record field it fills: `BuyerID`. */
  readonly field: string;
  /** 'Buyer', 'Price Schedule': the field's name without ID. */
  readonly label: string;
  readonly required: boolean;
  /** Earlier fields whose value the list of this one needs (a user group's buyer). */
  readonly needs: readonly string[];
}

export interface BulkAssignment {
  readonly pair: AssignmentPair;
  /** The record field a row's ID fills: `ProductID`. */
  readonly rowField: string;
  /** Record fields the route fills, by route parameter: `{ buyerID: 'BuyerID' }` on a buyer's users. */
  readonly routeFields: Readonly<Record<string, string>>;
  /** In asking order: required first, each after the fields it needs. */
  readonly fields: readonly AssignField[];
  /**
   * No field is required, but a record names at least one of them (an API client is assigned to a buyer or a
   * supplier), so the dialog needs one answer.
   */
  readonly oneOf: boolean;
  /** The menu's name for it: 'Catalog', 'Buyer and Price Schedule'. */
  readonly label: string;
}

/** The dialog's answers by record field; empty ones are left out of the record. */
export type AssignValues = Readonly<Record<string, string>>;

/** 'Price Schedule' for `PriceScheduleID`, 'Catalog' for a path's `catalogID`. */
export function assignFieldLabel(field: string): string {
  return fieldLabel(field).replace(/ ID$/, '');
}

function upperFirst(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function joinLabels(labels: readonly string[], conjunction: 'and' | 'or'): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} ${conjunction} ${labels.at(-1) ?? ''}`;
}

/**
 * Fields in asking order, each after those it needs: the required ones, then what narrows them (a buyer's user
 * group), then what the record configures (a price schedule), then the rest.
 */
function ordered(fields: readonly AssignField[], configurable: readonly string[]): AssignField[] {
  const rank = (field: AssignField) => {
    if (field.required) return 0;
    if (field.needs.some((need) => fields.some((f) => f.field === need && f.required))) return 1;
    return configurable.includes(field.field) ? 2 : 3;
  };
  const byRank = [...fields].sort((a, b) => rank(a) - rank(b));
  const done: AssignField[] = [];
  while (done.length < byRank.length) {
    const ready = byRank.find(
      (field) => !done.includes(field) && field.needs.every((need) => done.some((d) => d.field === need)),
    );
    // Needs that go round in a circle: nothing can be listed first, so the pair is not offered.
    if (!ready) return [];
    done.push(ready);
  }
  return done;
}

/**
 * How the rows of `collection` are assigned through `pair`, or null when its records do not hold this list's items
 * or a required id cannot be asked for.
 *
 * @example
 * bulkAssignment(api, assignmentPair(api, 'Products.ListAssignments')!, collectionByKey('products'), {});
 * // { rowField: 'ProductID', label: 'Buyer and Price Schedule',
 * //   fields: [Buyer (required), User Group (needs BuyerID), Price Schedule, Seller] }
 */
export function bulkAssignment(
  api: ApiDescription,
  pair: AssignmentPair,
  collection: CatalogueCollection,
  fullRoute: Readonly<Record<string, string>>,
): BulkAssignment | null {
  const save = pair.save;
  if (!save || !collection.itemParam) return null;
  const rowField = findName(pair.idFields, collection.itemParam);
  if (!rowField) return null;
  // Only the route parameters the pair takes: a buyer in the route says nothing of a supplier's user groups.
  const route = Object.fromEntries(
    Object.entries(fullRoute).filter(
      ([param]) => findName(pair.idFields, param) || save.pathParams.some((p) => p.name === param),
    ),
  );
  const routeFields: Record<string, string> = {};
  for (const [param, value] of Object.entries(route)) {
    const field = findName(pair.idFields, param);
    if (field && value && field !== rowField) routeFields[param] = field;
  }
  const fixed = Object.values(routeFields);
  // A path parameter of the Save that neither the route nor the body fills is asked for too (a category's catalog).
  const pathFields = save.pathParams
    .filter((param) => !route[param.name] && !findName(pair.idFields, param.name))
    .map((param) => upperFirst(param.name));
  const candidates = [...pathFields, ...pair.idFields.filter((f) => f !== rowField && !fixed.includes(f))];
  const isRequired = (field: string) =>
    pathFields.includes(field) || findName(pair.requiredFields, field) !== undefined;
  const required = candidates.filter(isRequired);
  // The row's id must pick from this very list once the answers are in: a user group's UserID names buyer users,
  // not admin users, and a buyer chosen in the dialog would make a supplier's user a buyer's.
  const rowIsThisList = (answered: readonly string[]) => {
    const value = (name: string) => route[name] ?? (findName(answered, name) ? 'chosen' : undefined);
    const target = pickerTarget(api, rowField, { ownerResourceId: pair.resourceId, value });
    return target?.operation.id === collection.operations.list;
  };
  if (!rowIsThisList(required)) return null;

  const fields: AssignField[] = [];
  for (const field of candidates) {
    const target = pickerTarget(api, field, { ownerResourceId: pair.resourceId, value: (name) => route[name] });
    const { missing } = target ? pickerPathParams(target, { value: (name) => route[name] }) : { missing: [] };
    const needs: string[] = missing.map(
      (param: string) => findName(candidates, param) ?? findName([rowField], param) ?? param,
    );
    // An optional id that names nothing listable, whose list hangs on each row's own id (a buyer's user groups on
    // the buyers list), or that would make the rows another list's cannot be one answer for every row: left out.
    // A required one is still asked (typed, when nothing lists it).
    if (!isRequired(field)) {
      const listable = target !== null && needs.every((need) => candidates.includes(need));
      if (!listable || !rowIsThisList([...required, field])) continue;
    }
    if (needs.includes(rowField)) return null;
    fields.push({
      field,
      label: assignFieldLabel(field),
      required: isRequired(field),
      needs: needs.filter((need) => candidates.includes(need)),
    });
  }
  const asked = ordered(fields, pair.configurableFields);
  if (asked.length === 0 || asked.length < fields.length) return null;
  const oneOf = required.length === 0;
  // The menu names what the rows are assigned to: the required ids and the configurable ones (a price schedule), or
  // the choices when none is required ('Buyer or Supplier' for an API client).
  const named = oneOf ? asked : asked.filter((f) => f.required || pair.configurableFields.includes(f.field));
  const label = joinLabels(
    named.map((f) => f.label),
    oneOf ? 'or' : 'and',
  );
  return { pair, rowField, routeFields, fields: asked, oneOf, label };
}

/** Whether every required id has an answer, so the dialog may run. */
export function assignValuesComplete(assignment: BulkAssignment, values: AssignValues): boolean {
  const answered = (field: AssignField) => (values[field.field] ?? '').trim() !== '';
  if (assignment.oneOf) return assignment.fields.some(answered);
  return assignment.fields.every((field) => !field.required || answered(field));
}

/**
 * The answers with a field's value changed, and every answer that hung on it cleared (a new buyer clears its user
 * group, which was the old buyer's).
 */
export function changeAssignValue(
  assignment: BulkAssignment,
  values: AssignValues,
  field: string,
  value: string,
): AssignValues {
  const next: Record<string, string> = { ...values, [field]: value };
  const cleared = new Set([field]);
  for (const each of assignment.fields) {
    if (each.needs.some((need) => cleared.has(need))) {
      cleared.add(each.field);
      delete next[each.field];
    }
  }
  return next;
}

/**
 * The Save of one row's assignment: the route's fields, the answers (trimmed, empty ones left out) and the row's id.
 *
 * @example
 * assignmentRowCall(productAssignment, {}, { BuyerID: 'b1', PriceScheduleID: 'ps1' }, { ID: 'p1' });
 * // { operation: Products.SaveAssignment, params: {},
 * //   body: { ProductID: 'p1', BuyerID: 'b1', PriceScheduleID: 'ps1' } }
 */
export function assignmentRowCall(
  assignment: BulkAssignment,
  route: Readonly<Record<string, string>>,
  values: AssignValues,
  item: Item,
) {
  if (typeof item.ID !== 'string') throw new Error('This row has no ID.');
  const record: Record<string, string> = {};
  for (const [param, field] of Object.entries(assignment.routeFields)) {
    const value = route[param];
    if (value) record[field] = value;
  }
  for (const field of assignment.fields) {
    const value = (values[field.field] ?? '').trim();
    if (value) record[field.field] = value;
  }
  const call = saveCall(assignment.pair, { ...record, [assignment.rowField]: item.ID }, route);
  if (!call) throw new Error('This assignment cannot be made here.');
  return { operation: call.operation, params: call.params, body: call.body };
}
