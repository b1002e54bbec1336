import type { ApiDescription, ApiOperation } from '@/description/api-model';
import { pickerTarget, singularOf } from '@/forms/pickers/id-field-target';
import { routeParamNames, type CatalogueCollection, type CatalogueTab } from '../catalogue/catalogue';
import {
  assignmentPair,
  filterParamOf,
  findName,
  levelOfField,
  reachableLevels,
  type AssignmentPair,
  type AssignmentRecord,
} from './assignment-pairs';

// TAB BINDING
// What a related tab of the catalogue shows (spec 2 §2): the owner item is one side of an assignment (a product's
// id fills ProductID), the tab's label names the other ('User Groups' -> UserGroupID, 'Buyers' -> BuyerID,
// 'Company' -> the Company level, 'Assignments' -> every party), and a list path parameter the route lacks
// (catalogID for a buyer's categories) is chosen first in a switcher. Tabs that list another resource by a field
// pointing at the owner (an API client's impersonation configs) bind as a filtered list.

/** A list path parameter the route lacks, chosen before the list shows ('Select a Catalog to view Categories'). */
export interface Switcher {
  /** The list's path parameter: `catalogID`. */
  readonly param: string;
  /** The field whose picker lists the choices (for the 'Select {resource}' modal): `CatalogID`. */
  readonly field: string;
  /** `Catalog`. */
  readonly resourceLabel: string;
  /** 'Select a Catalog to view Categories'. */
  readonly prompt: string;
}

/** A tab listing assignment records of one pair, one side fixed by the route. */
export interface AssignmentTabBinding {
  /** `company`: the owner assigned to the route's company as a whole, shown as one checkbox. */
  readonly kind: 'assignments' | 'company';
  readonly pair: AssignmentPair;
  /** What the tab lists, as its label reads: `User Groups`. */
  readonly label: string;
  /** The route parameter holding the owner item's id: `productID`. */
  readonly ownerParam: string;
  /** The record field the owner's id fills: `ProductID` (`PriceScheduleID` on a price schedule). */
  readonly ownerField: string;
  /** Route parameters (owner's included) a record field or list parameter takes: `buyerID`, `productID`. */
  readonly routeParams: readonly string[];
  /** The other side's ID fields, shown as columns and chosen in the create dialog: `['UserGroupID']`. */
  readonly otherFields: readonly string[];
  /** The level the list is narrowed to (`Company`, `Group`, `User`), or null for every level. */
  readonly level: string | null;
  readonly switcher: Switcher | null;
  /** Values a created record carries, from the catalogue row where the description cannot say: `IsShipping`. */
  readonly createValues: Readonly<Record<string, string | boolean>>;
}

/** A tab listing items of another resource whose field points at the owner: `ImpersonationConfigs` by ClientID. */
export interface FilteredListBinding {
  readonly kind: 'filtered-list';
  readonly label: string;
  readonly list: ApiOperation;
  /** The listed items' field holding the owner's id: `ClientID`. */
  readonly filterField: string;
  readonly ownerParam: string;
}

export type RelatedTabBinding = AssignmentTabBinding | FilteredListBinding;

/** Why a tab cannot be bound: the catalogue names something the description cannot serve. */
export class TabBindingError extends Error {}

/** `a Catalog`, `an Address`. */
function withArticle(label: string): string {
  return `${/^[AEIOU]/i.test(label) ? 'an' : 'a'} ${label}`;
}

/** The field a label names: 'User Groups' -> `UserGroupID`, 'Catalog' -> `CatalogID`, when the record has it. */
function fieldNamedBy(label: string, fields: readonly string[]): string | undefined {
  return findName(fields, `${singularOf(label.replace(/[^A-Za-z0-9]/g, ''))}ID`);
}

/**
 * The level a tab narrows its list to: the level of the party the tab is about (the owner, else a single other
 * side), when records can be at several levels and at that one (see `reachableLevels`); else null.
 */
function tabLevel(pair: AssignmentPair, candidates: readonly string[]): string | null {
  const reachable = reachableLevels(pair);
  if (reachable.length < 2) return null;
  for (const field of candidates) {
    const level = levelOfField(field);
    if (level) return reachable.includes(level) ? level : null;
  }
  return null;
}

function switcherFor(api: ApiDescription, pair: AssignmentPair, routeParams: readonly string[], label: string) {
  const missing = pair.list.pathParams.filter((param) => !routeParams.includes(param.name));
  if (missing.length === 0) return null;
  const [param] = missing;
  if (missing.length > 1 || !param) {
    throw new TabBindingError(`${pair.id} needs ${missing.map((p) => p.name).join(', ')}; one switcher at most.`);
  }
  const field = param.name.charAt(0).toUpperCase() + param.name.slice(1);
  const target = pickerTarget(api, field, { value: () => undefined });
  if (!target) throw new TabBindingError(`No list to choose ${param.name} from for ${pair.id}.`);
  const resourceLabel = target.label;
  return { param: param.name, field, resourceLabel, prompt: `Select ${withArticle(resourceLabel)} to view ${label}` };
}

function bindAssignments(
  api: ApiDescription,
  pair: AssignmentPair,
  owner: CatalogueCollection,
  tab: CatalogueTab,
): AssignmentTabBinding {
  const ownerParam = owner.itemParam ?? '';
  const recordFields = [...pair.idFields, ...pair.configurableFields];
  const ownerField = findName(recordFields, ownerParam);
  if (!ownerField) throw new TabBindingError(`${pair.id} records have no field for ${ownerParam}.`);
  const routeParams = [...routeParamNames(owner.path), ownerParam];
  const fixed = routeParams.map((param) => findName(recordFields, param));
  const switcher = switcherFor(api, pair, routeParams, tab.label);
  const createValues = (tab.kind === 'related' && tab.createValues) || {};
  const unknown = Object.keys(createValues).filter((field) => !pair.configurableFields.includes(field));
  if (unknown.length > 0) throw new TabBindingError(`${pair.id} has no configurable ${unknown.join(', ')}.`);
  const base = { pair, label: tab.label, ownerParam, ownerField, routeParams, switcher, createValues };
  if (pair.levels?.includes(tab.label)) {
    return { ...base, kind: 'company', otherFields: [], level: tab.label };
  }
  const named = fieldNamedBy(tab.label, pair.idFields);
  const otherFields = named ? [named] : pair.keyFields.filter((field) => !fixed.includes(field));
  if (otherFields.length === 0) throw new TabBindingError(`${tab.label} names no other side of ${pair.id}.`);
  const level = tabLevel(pair, [ownerField, ...(otherFields.length === 1 ? otherFields : [])]);
  return { ...base, kind: 'assignments', otherFields, level };
}

function bindFilteredList(api: ApiDescription, owner: CatalogueCollection, tab: CatalogueTab, list: ApiOperation) {
  const ownerResourceId = api.operationsById[owner.operations.list]?.resourceId;
  const fields = Object.keys(list.listItemSchema?.properties ?? {});
  const filterField = fields.find(
    (field) => field !== 'ID' && pickerTarget(api, field, { value: () => undefined })?.resource.id === ownerResourceId,
  );
  if (!filterField) throw new TabBindingError(`${list.id} items have no field pointing at ${owner.label}.`);
  return { kind: 'filtered-list' as const, label: tab.label, list, filterField, ownerParam: owner.itemParam ?? '' };
}

/**
 * How a related tab of `owner`'s item page is served; throws {@link TabBindingError} when the description cannot
 * serve it (the catalogue walk test calls this for every related tab).
 *
 * @example
 * bindRelatedTab(api, collectionByKey('buyers.addresses'), companyTab);
 * // { kind: 'company', pair: Addresses.ListAssignments, ownerField: 'AddressID', level: 'Company', ... }
 * bindRelatedTab(api, collectionByKey('buyers'), categoriesTab).switcher?.prompt;
 * // 'Select a Catalog to view Categories'
 */
export function bindRelatedTab(api: ApiDescription, owner: CatalogueCollection, tab: CatalogueTab): RelatedTabBinding {
  if (tab.kind !== 'related') throw new TabBindingError(`${tab.label} is not a related tab.`);
  if (!owner.itemParam) throw new TabBindingError(`${owner.path} has no item page.`);
  const pair = assignmentPair(api, tab.operationId);
  if (pair) return bindAssignments(api, pair, owner, tab);
  const list = api.operationsById[tab.operationId];
  if (!list) throw new TabBindingError(`The description has no operation ${tab.operationId}.`);
  return bindFilteredList(api, owner, tab, list);
}

// REQUESTS

/** The route's values (`{ buyerID, productID }`) plus the switcher's choice, by parameter name. */
export type TabContext = Readonly<Record<string, string>>;

/** The record fields the route (and switcher) fix, with their values: `{ ProductID: 'p1' }`, `{ BuyerID, UserGroupID }`. */
export function fixedValues(binding: AssignmentTabBinding, context: TabContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fixedFields(binding)) {
    const param = findName(binding.routeParams, field) ?? '';
    const value = context[param];
    if (value) values[field] = value;
  }
  return values;
}

/**
 * The list call of a page: path parameters from the route and switcher, the fixed fields as filters, the level.
 * Null while a switcher has no choice.
 *
 * @example
 * assignmentListRequest(binding, { buyerID: 'b1', userGroupID: 'g1', catalogID: 'c1' }, 2, 20);
 * // { params: { catalogID: 'c1' }, query: { buyerID: 'b1', userGroupID: 'g1', level: 'Group', page: 2, pageSize: 20 } }
 */
export function assignmentListRequest(
  binding: AssignmentTabBinding,
  context: TabContext,
  page: number,
  pageSize: number,
): { params: Record<string, string>; query: Record<string, string | number> } | null {
  const params: Record<string, string> = {};
  for (const param of binding.pair.list.pathParams) {
    const value = context[param.name];
    if (!value) return null;
    params[param.name] = value;
  }
  const query: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(fixedValues(binding, context))) {
    const filter = filterParamOf(binding.pair, field);
    if (filter && !Object.hasOwn(params, filter)) query[filter] = value;
  }
  const levelParam = binding.pair.list.queryParams.find((param) => param.name.toLowerCase() === 'level');
  if (binding.level && levelParam) query[levelParam.name] = binding.level;
  return { params, query: { ...query, page, pageSize } };
}

/** The record fields the route fills: the owner's (`ProductID`) and other route values (`BuyerID` on a group). */
export function fixedFields(binding: AssignmentTabBinding): string[] {
  const fields = [...binding.pair.idFields, ...binding.pair.configurableFields];
  return binding.routeParams.map((param) => findName(fields, param)).filter((field) => field !== undefined);
}

/**
 * The fields the create dialog hides: those the route fills (spec 2 §4: the own key field is hidden), and keys
 * of a party this tab is not about (a UserID on an address's User Groups tab) unless the body requires them.
 */
export function hiddenOnCreate(binding: AssignmentTabBinding): string[] {
  const { keyFields, requiredFields } = binding.pair;
  const fixed = fixedFields(binding);
  const unrelated = keyFields.filter(
    (field) => !fixed.includes(field) && !binding.otherFields.includes(field) && !requiredFields.includes(field),
  );
  return [...fixed, ...unrelated];
}

/** Editing an existing record shows only its configurable fields (spec 2 §4): every ID field else is hidden. */
export function hiddenOnEdit(binding: AssignmentTabBinding): string[] {
  return binding.pair.idFields.filter((field) => !binding.pair.configurableFields.includes(field));
}

/**
 * Whether a listed record is this tab's. A list without a level to narrow by (an API client's assignments) also
 * answers the records of a sibling tab (its suppliers on the Buyers tab); those lack this tab's optional other
 * side and are left to their own tab. The page's count still counts them: the platform cannot filter by a blank.
 */
export function belongsToTab(binding: AssignmentTabBinding, record: AssignmentRecord): boolean {
  const [other] = binding.otherFields;
  if (binding.otherFields.length !== 1 || !other || binding.level !== null) return true;
  if (binding.pair.requiredFields.includes(other)) return true;
  const value = record[other];
  return typeof value === 'string' && value !== '';
}

/** Whether a company-level record exists among those listed (the 'Assigned to the buyer' checkbox). */
export function isCompanyAssigned(records: readonly AssignmentRecord[]): boolean {
  return records.some((record) => !record.UserID && !record.UserGroupID);
}
