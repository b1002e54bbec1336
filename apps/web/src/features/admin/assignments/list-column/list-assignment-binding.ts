import type { ApiDescription } from '@/description/api-model';
import { pickerPathParams, pickerTarget } from '@/forms/pickers/id-field-target';
import { CATALOGUE, routeParamNames, type CatalogueCollection } from '../../catalogue/catalogue';
import { PAGE_OWNED_PREFIX } from '../../lib/list-url-state';
import {
  assignmentPair,
  filterParamOf,
  findName,
  levelOfField,
  reachableLevels,
  type AssignmentPair,
  type AssignmentRecord,
} from '../assignment-pairs';
import { TabBindingError } from '../tab-binding';

// LIST ASSIGNMENT BINDING
// Spec 2 §2 "Assignment pages": a list of the catalogue (a buyer's users) whose row declares
// `assignmentSwitcher: 'UserGroups.ListUserAssignments'` shows, once an item of the other side is chosen in a
// switcher ('Select a User Group to view Users'), an Assignment column holding each row's record with that item.
// Everything else is read off the pair: the row's id fills the field named like the list's item parameter
// (`userID` -> `UserID`), the route fills its own fields (`buyerID`), and every other key field is a switcher
// step. Several steps narrow one another: on a catalog's categories a Buyer is chosen first (the Company level),
// then optionally one of its User Groups (the Group level). The seventh route of the spec,
// `buyers/:buyerID/user-groups/:userGroupID/categories`, is the group's Categories tab (tab-binding.ts).

/** One choice of the switcher: the record field it fills and how the page reads and writes it. */
export interface SwitcherStep {
  /** `UserGroupID`. */
  readonly field: string;
  /** The list's query parameter filtering records by it: `userGroupID`. */
  readonly filterParam: string;
  /** 'User Group', or the catalogue's name of the list it picks from ('Admin User'). */
  readonly resourceLabel: string;
  /** The URL key keeping the choice across reloads: `assign-UserGroupID` (see list-url-state.ts). */
  readonly urlKey: string;
  /** The level a record is at when this is the last step chosen (`Group`), when the level says something. */
  readonly level: string | null;
  /** Earlier steps whose choice this step's list needs (a user group's buyer). */
  readonly needs: readonly string[];
}

export interface ListAssignmentBinding {
  readonly pair: AssignmentPair;
  /** The record field a row's ID fills: `UserID`. */
  readonly rowField: string;
  /** Route parameters a record field or the list's path takes: `buyerID`. */
  readonly routeParams: readonly string[];
  /** At least one; the first must be chosen, later ones narrow (optional). */
  readonly steps: readonly SwitcherStep[];
  /** 'Select a User Group to view Users'. */
  readonly prompt: string;
  /** What a row's record is called: 'User' (its delete reads 'Delete User Assignment'). */
  readonly noun: string;
}

/** The URL keys of switcher choices start with this; the list page keeps them and never reads them as filters. */
export const SWITCHER_URL_PREFIX = PAGE_OWNED_PREFIX;

/** 'a User Group', 'an Admin User': 'an' before a vowel sound ('User' and 'Unit' start with a 'y' sound). */
export function withArticle(label: string): string {
  return `${/^([aeio]|u(?!s|ni))/i.test(label) ? 'an' : 'a'} ${label}`;
}

function fieldOf(param: string): string {
  return param.charAt(0).toUpperCase() + param.slice(1);
}

function stepFor(api: ApiDescription, pair: AssignmentPair, field: string, others: readonly string[]): SwitcherStep {
  const filterParam = filterParamOf(pair, field);
  if (!filterParam) throw new TabBindingError(`${pair.id} cannot be filtered by ${field}.`);
  const target = pickerTarget(api, field, { ownerResourceId: pair.resourceId, value: () => undefined });
  if (!target) throw new TabBindingError(`No list to choose ${field} from for ${pair.id}.`);
  // The parents the picker cannot find in the route come from earlier steps (a user group's buyer).
  const { missing } = pickerPathParams(target, { value: () => undefined });
  const needs = missing.map(fieldOf).filter((name) => others.includes(name));
  const level = levelOfField(field);
  const collection = CATALOGUE.find((candidate) => candidate.operations.list === target.operation.id);
  return {
    field,
    filterParam,
    resourceLabel: collection?.singular ?? target.label,
    urlKey: `${SWITCHER_URL_PREFIX}${field}`,
    level: level && reachableLevels(pair).length > 1 && reachableLevels(pair).includes(level) ? level : null,
    needs,
  };
}

/** Steps in an order where each comes after those it needs. */
function ordered(steps: SwitcherStep[], pair: AssignmentPair): SwitcherStep[] {
  const done: SwitcherStep[] = [];
  let left = steps;
  while (left.length > 0) {
    const ready = left.filter((step) => step.needs.every((need) => done.some((d) => d.field === need)));
    if (ready.length === 0) throw new TabBindingError(`${pair.id}: the switcher's choices need one another.`);
    done.push(...ready);
    left = left.filter((step) => !ready.includes(step));
  }
  return done;
}

/**
 * The assignment column of a catalogue list that declares `assignmentSwitcher`, or null when it declares none.
 * Throws {@link TabBindingError} when the description cannot serve the declaration (the catalogue walk calls
 * this for every row).
 *
 * @example
 * bindListAssignments(api, collectionByKey('buyers.users'));
 * // { rowField: 'UserID', steps: [{ field: 'UserGroupID', ... }], prompt: 'Select a User Group to view Users' }
 */
export function bindListAssignments(
  api: ApiDescription,
  collection: CatalogueCollection,
): ListAssignmentBinding | null {
  if (!collection.assignmentSwitcher) return null;
  const pair = assignmentPair(api, collection.assignmentSwitcher);
  if (!pair) throw new TabBindingError(`${collection.assignmentSwitcher} is not an assignment list.`);
  if (!pair.save || pair.deletes.length === 0) throw new TabBindingError(`${pair.id} has no Save and Delete.`);
  const routeParams = routeParamNames(collection.path);
  const missing = pair.list.pathParams.filter((param) => !routeParams.includes(param.name));
  if (missing.length > 0) throw new TabBindingError(`${pair.id} needs ${missing.map((p) => p.name).join(', ')}.`);
  const recordFields = [...pair.idFields, ...pair.configurableFields];
  const rowField = collection.itemParam ? findName(pair.keyFields, collection.itemParam) : undefined;
  if (!rowField) throw new TabBindingError(`${pair.id} records have no key for ${collection.path}'s items.`);
  const fixed = routeParams.map((param) => findName(recordFields, param));
  const others = pair.keyFields.filter((field) => field !== rowField && !fixed.includes(field));
  if (others.length === 0) throw new TabBindingError(`${pair.id} leaves nothing to choose on ${collection.path}.`);
  const steps = ordered(
    others.map((field) => stepFor(api, pair, field, others)),
    pair,
  );
  const first = steps[0]?.resourceLabel ?? '';
  return {
    pair,
    rowField,
    routeParams,
    steps,
    prompt: `Select ${withArticle(first)} to view ${collection.label}`,
    noun: collection.singular,
  };
}

// CHOICES AND RECORDS

/** The switcher's choice by record field: `{ BuyerID: 'b1', UserGroupID: 'g1' }`; only leading steps count. */
export type SwitcherChoice = Readonly<Record<string, string>>;

/**
 * The choice a URL holds: each step's value in order, stopping at the first step not chosen (a user group
 * without its buyer means nothing). Empty when the first step is not chosen.
 */
export function choiceFromUrl(binding: ListAssignmentBinding, search: URLSearchParams): SwitcherChoice {
  const choice: Record<string, string> = {};
  for (const step of binding.steps) {
    const value = search.get(step.urlKey);
    if (!value) break;
    choice[step.field] = value;
  }
  return choice;
}

/** Whether the first step is chosen, so the Assignment column can show. */
export function isChosen(binding: ListAssignmentBinding, choice: SwitcherChoice): boolean {
  const [first] = binding.steps;
  return first !== undefined && Boolean(choice[first.field]);
}

/** The level of the deepest chosen step (Company for a buyer alone, Group with a group), or null. */
export function choiceLevel(binding: ListAssignmentBinding, choice: SwitcherChoice): string | null {
  const chosen = binding.steps.filter((step) => choice[step.field]);
  return chosen.at(-1)?.level ?? null;
}

/**
 * One page of the records matching a choice: the route in the path and filters, each chosen step as a filter,
 * and the level. Null while nothing is chosen.
 *
 * @example
 * matchedRecordsRequest(binding, { buyerID: 'b1' }, { UserGroupID: 'g1' }, 1, 100);
 * // { params: { buyerID: 'b1' }, query: { userGroupID: 'g1', page: 1, pageSize: 100 } }
 */
export function matchedRecordsRequest(
  binding: ListAssignmentBinding,
  route: Readonly<Record<string, string>>,
  choice: SwitcherChoice,
  page: number,
  pageSize: number,
): { params: Record<string, string>; query: Record<string, string | number> } | null {
  if (!isChosen(binding, choice)) return null;
  const { pair } = binding;
  const params: Record<string, string> = {};
  for (const param of pair.list.pathParams) {
    const value = route[param.name];
    if (!value) return null;
    params[param.name] = value;
  }
  const query: Record<string, string | number> = {};
  for (const param of binding.routeParams) {
    const filter = filterParamOf(pair, param);
    const value = route[param];
    if (filter && value && !Object.hasOwn(params, filter)) query[filter] = value;
  }
  for (const step of binding.steps) {
    const value = choice[step.field];
    if (value) query[step.filterParam] = value;
  }
  const level = choiceLevel(binding, choice);
  const levelParam = pair.list.queryParams.find((param) => param.name.toLowerCase() === 'level');
  if (level && levelParam) query[levelParam.name] = level;
  return { params, query: { ...query, page, pageSize } };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The records of the choice by the row id they hold. A record is the choice's only when every step matches it
 * exactly: a chosen step has its value, an unchosen one is empty (a buyer-level category assignment, not one of
 * the buyer's groups), whatever the platform's filters let through.
 */
export function recordsByRow(
  binding: ListAssignmentBinding,
  choice: SwitcherChoice,
  records: readonly AssignmentRecord[],
): Map<string, AssignmentRecord> {
  const byRow = new Map<string, AssignmentRecord>();
  for (const record of records) {
    const matches = binding.steps.every((step) => text(record[step.field]) === (choice[step.field] ?? ''));
    const rowId = text(record[binding.rowField]);
    if (matches && rowId) byRow.set(rowId, record);
  }
  return byRow;
}

/** The record assigning a row to the choice: the route's fields, the choice, and the row's id. */
export function recordForRow(
  binding: ListAssignmentBinding,
  route: Readonly<Record<string, string>>,
  choice: SwitcherChoice,
  rowId: string,
): AssignmentRecord {
  const { pair } = binding;
  const record: Record<string, string> = {};
  for (const param of binding.routeParams) {
    const field = findName([...pair.idFields, ...pair.configurableFields], param);
    const value = route[param];
    if (field && value) record[field] = value;
  }
  return { ...record, ...choice, [binding.rowField]: rowId };
}
