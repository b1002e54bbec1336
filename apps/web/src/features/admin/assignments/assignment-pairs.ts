import type { ApiDescription, ApiOperation, ApiParameter } from '@/description/api-model';

// ASSIGNMENT PAIRS
// Spec 2 §3 "Assignment records" and §7: every `Xxx.List...Assignments` of the description with its
// `Xxx.Save...Assignment` and `Xxx.Delete...Assignment` operations, and what a record of it holds. Everything is
// read off the description (operation names, the Save body, the Delete parameters); nothing is written per pair.

/** An assignment record as the platform answers it: ID fields of both sides plus configurable fields. */
export type AssignmentRecord = Readonly<Record<string, unknown>>;

/** One assignment kind of the API, e.g. product to buyer/user group (`Products.ListAssignments`). */
export interface AssignmentPair {
  /** The list operation's id, which names the pair: `Products.ListAssignments`. */
  readonly id: string;
  /** The operationId prefix: `Products`. */
  readonly resourceId: string;
  /** The part between List and Assignments: `''`, `Product` (Catalogs.ListProductAssignments), `User`. */
  readonly infix: string;
  readonly list: ApiOperation;
  /** The POST that creates or updates a record; null where the description has none. */
  readonly save: ApiOperation | null;
  /** One or more (ApiClients has DeleteBuyerAssignment and DeleteSupplierAssignment); see {@link deleteCall}. */
  readonly deletes: readonly ApiOperation[];
  /** Every ID field of the Save body (writable, name ending in `ID`): `ProductID, BuyerID, ..., PriceScheduleID`. */
  readonly idFields: readonly string[];
  /** The ID fields that identify a record: those a Delete operation takes as a parameter (`ProductID`, `BuyerID`). */
  readonly keyFields: readonly string[];
  /** Writable Save body fields that are not keys: `PriceScheduleID`, `IsShipping`, `IsBilling`, `ListOrder`. */
  readonly configurableFields: readonly string[];
  /** Fields the Save body requires. */
  readonly requiredFields: readonly string[];
  /** The `level` enum when the list takes `level` (`['User', 'Group', 'Company']`), else null. */
  readonly levels: readonly string[] | null;
}

const LIST_ASSIGNMENTS = /^(\w+)\.List(\w*)Assignments$/;
const DELETE_ASSIGNMENT = /^(\w+)\.Delete(\w*)Assignment$/;

/** `productID` names the field `ProductID`, `SpecID` the parameter `specID`: names match ignoring case. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The entry of `names` that matches `name` ignoring case. */
export function findName(names: readonly string[], name: string): string | undefined {
  return names.find((candidate) => sameName(candidate, name));
}

function parameters(operation: ApiOperation): readonly ApiParameter[] {
  return [...operation.pathParams, ...operation.queryParams];
}

/**
 * Which delete belongs to which list: `Catalogs.DeleteProductAssignment` to `Catalogs.ListProductAssignments`;
 * a delete whose infix no list has (`ApiClients.DeleteBuyerAssignment`) to the list whose infix ends it.
 */
function deletesFor(api: ApiDescription, resourceId: string, infix: string, infixes: readonly string[]) {
  return Object.values(api.operationsById).filter((operation) => {
    const match = DELETE_ASSIGNMENT.exec(operation.id);
    if (!match || match[1] !== resourceId || operation.method !== 'delete') return false;
    const deleteInfix = match[2] ?? '';
    if (infixes.includes(deleteInfix)) return deleteInfix === infix;
    const owner = infixes.filter((candidate) => deleteInfix.endsWith(candidate)).sort((a, b) => b.length - a.length);
    return owner[0] === infix;
  });
}

function pairOf(api: ApiDescription, list: ApiOperation, infixes: readonly string[]): AssignmentPair {
  const [, resourceId = '', infix = ''] = LIST_ASSIGNMENTS.exec(list.id) ?? [];
  const saveOperation = api.operationsById[`${resourceId}.Save${infix}Assignment`];
  const save = saveOperation?.method === 'post' ? saveOperation : null;
  const deletes = deletesFor(api, resourceId, infix, infixes);
  const properties = save?.requestBody?.schema.properties ?? {};
  const writable = Object.keys(properties).filter((name) => properties[name]?.readOnly !== true);
  const idFields = writable.filter((name) => name.endsWith('ID'));
  const deleteParams = deletes.flatMap((operation) => parameters(operation).map((param) => param.name));
  const keyFields =
    deletes.length === 0 ? idFields : idFields.filter((field) => findName(deleteParams, field) !== undefined);
  const levelParam = list.queryParams.find((param) => sameName(param.name, 'level'));
  const levelEnum = levelParam?.schema.enum?.filter((value): value is string => typeof value === 'string');
  return {
    id: list.id,
    resourceId,
    infix,
    list,
    save,
    deletes,
    idFields,
    keyFields,
    configurableFields: writable.filter((name) => !keyFields.includes(name)),
    requiredFields: save?.requestBody?.requiredFields ?? [],
    levels: levelEnum && levelEnum.length > 0 ? levelEnum : null,
  };
}

const pairCache = new WeakMap<ApiDescription, readonly AssignmentPair[]>();

/**
 * Every assignment pair of the description, in document order (cached per description).
 *
 * @example
 * discoverAssignmentPairs(api).map((pair) => pair.id); // ['ApiClients.ListAssignments', ...]
 */
export function discoverAssignmentPairs(api: ApiDescription): readonly AssignmentPair[] {
  const cached = pairCache.get(api);
  if (cached) return cached;
  const lists = Object.values(api.operationsById).filter(
    (operation) => operation.method === 'get' && LIST_ASSIGNMENTS.test(operation.id),
  );
  const infixesByResource = new Map<string, string[]>();
  for (const list of lists) {
    const [, resourceId = '', infix = ''] = LIST_ASSIGNMENTS.exec(list.id) ?? [];
    infixesByResource.set(resourceId, [...(infixesByResource.get(resourceId) ?? []), infix]);
  }
  const pairs = lists.map((list) => pairOf(api, list, infixesByResource.get(list.resourceId) ?? []));
  pairCache.set(api, pairs);
  return pairs;
}

/**
 * The pair a list operation names, or null when it is not an assignment list.
 *
 * @example
 * assignmentPair(api, 'Products.ListAssignments')?.configurableFields; // ['PriceScheduleID']
 */
export function assignmentPair(api: ApiDescription, listOperationId: string): AssignmentPair | null {
  return discoverAssignmentPairs(api).find((pair) => pair.id === listOperationId) ?? null;
}

// LEVELS
// The platform's party levels (its `PartyType` enum): a record assigned to a user, to a user group, or to the
// whole company. Which field stands for which level is the enum's meaning, the same for every pair.

/** Highest first: a record is at the first level whose field it fills (the platform's rule). */
const LEVEL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  User: ['UserID'],
  Group: ['UserGroupID'],
  Company: ['BuyerID', 'SupplierID'],
};
const LEVEL_ORDER = Object.keys(LEVEL_FIELDS);

/** The level a party field stands for: `UserGroupID` -> `Group`, `BuyerID` -> `Company`; else null. */
export function levelOfField(field: string): string | null {
  const entry = Object.entries(LEVEL_FIELDS).find(([, fields]) => findName(fields, field) !== undefined);
  return entry?.[0] ?? null;
}

function filled(record: AssignmentRecord, field: string): string | undefined {
  const value = record[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The level of a record of a pair with levels: User when it names a user, Group when a user group, else Company
 * (a company-level address names no party at all: its buyer is in the path). Null for pairs without levels.
 *
 * @example
 * recordLevel(productPair, { ProductID: 'p', BuyerID: 'b', UserGroupID: 'g' }); // 'Group'
 */
export function recordLevel(pair: AssignmentPair, record: AssignmentRecord): string | null {
  if (!pair.levels) return null;
  if (filled(record, 'UserID')) return 'User';
  if (filled(record, 'UserGroupID')) return 'Group';
  return 'Company';
}

/**
 * Whether a record of the pair can be at `level`: the pair has levels and no field of a higher level is
 * required. Narrowing user-group memberships to Group would hide them all, since each names a user.
 *
 * @example
 * levelReachable(addressPair, 'Group'); // true
 * levelReachable(adminUserGroupUserPair, 'Group'); // false: UserID is required
 */
export function levelReachable(pair: AssignmentPair, level: string): boolean {
  if (!pair.levels?.includes(level)) return false;
  const higher = LEVEL_ORDER.slice(0, LEVEL_ORDER.indexOf(level)).flatMap((name) => LEVEL_FIELDS[name] ?? []);
  return higher.every((field) => findName(pair.requiredFields, field) === undefined);
}

/**
 * The levels a record of the pair can be at; fewer than two means the level says nothing (every membership of a
 * user group is at User), so pages show no Level column and never filter by it.
 *
 * @example
 * reachableLevels(productPair); // ['Group', 'Company']
 */
export function reachableLevels(pair: AssignmentPair): string[] {
  const bodyFields = [...pair.idFields];
  return (pair.levels ?? []).filter(
    (level) =>
      levelReachable(pair, level) &&
      (level === 'Company' || (LEVEL_FIELDS[level] ?? []).some((field) => findName(bodyFields, field))),
  );
}

// CALLS

/** An operation with the path and query parameters one call sends. */
export interface AssignmentCall {
  readonly operation: ApiOperation;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

/** A record field's value for a parameter (`productID` reads `ProductID`), else the context's value. */
function valueFor(record: AssignmentRecord, context: Readonly<Record<string, string>>, param: string) {
  const field = findName(Object.keys(record), param);
  const fromRecord = field === undefined ? undefined : filled(record, field);
  return fromRecord ?? context[param] ?? context[findName(Object.keys(context), param) ?? ''];
}

/**
 * The Delete call that removes a record: among the pair's deletes, one whose path parameters the record (or the
 * route's `context`, e.g. `buyerID` for addresses) fills, preferring the one that carries most of the record's
 * keys; query parameters carry the record's other filled keys. Null when no delete fits.
 *
 * @example
 * deleteCall(apiClientPair, { ApiClientID: 'a', BuyerID: 'b' }, {});
 * // { operation: ApiClients.DeleteBuyerAssignment, params: { buyerID: 'b', apiClientID: 'a' }, query: {} }
 */
export function deleteCall(
  pair: AssignmentPair,
  record: AssignmentRecord,
  context: Readonly<Record<string, string>> = {},
): AssignmentCall | null {
  const candidates = pair.deletes.flatMap((operation) => {
    const params: Record<string, string> = {};
    for (const param of operation.pathParams) {
      const value = valueFor(record, context, param.name);
      if (value === undefined) return [];
      params[param.name] = value;
    }
    const query: Record<string, string> = {};
    for (const param of operation.queryParams) {
      const field = findName(pair.keyFields, param.name);
      const value = field === undefined ? undefined : filled(record, field);
      if (value !== undefined) query[param.name] = value;
    }
    const carried = pair.keyFields.filter((field) => filled(record, field) !== undefined);
    const covered = carried.filter((field) => findName(Object.keys({ ...params, ...query }), field) !== undefined);
    return [{ call: { operation, params, query }, missed: carried.length - covered.length }];
  });
  candidates.sort((a, b) => a.missed - b.missed);
  return candidates[0]?.call ?? null;
}

/**
 * The Save body for a record: its filled ID and configurable fields (empty ones left out, so a company-level
 * record sends no UserID), with the path parameters the Save operation takes from the context.
 *
 * @example
 * saveCall(addressPair, { AddressID: 'a1', IsBilling: true }, { buyerID: 'b1' });
 * // { operation: Addresses.SaveAssignment, params: { buyerID: 'b1' }, query: {}, body: { AddressID: 'a1', IsBilling: true } }
 */
export function saveCall(
  pair: AssignmentPair,
  record: AssignmentRecord,
  context: Readonly<Record<string, string>> = {},
): (AssignmentCall & { readonly body: Record<string, unknown> }) | null {
  if (!pair.save) return null;
  const params: Record<string, string> = {};
  for (const param of pair.save.pathParams) {
    const value = valueFor(record, context, param.name);
    if (value === undefined) return null;
    params[param.name] = value;
  }
  const body: Record<string, unknown> = {};
  for (const field of [...pair.idFields, ...pair.configurableFields]) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    body[field] = value;
  }
  return { operation: pair.save, params, query: {}, body };
}

/** The list query parameter that filters a record field (`ProductID` -> `productID`), if the list has one. */
export function filterParamOf(pair: AssignmentPair, field: string): string | undefined {
  return findName(
    pair.list.queryParams.map((param) => param.name),
    field,
  );
}
