import type { ModelDefinition } from '../resources/fields.ts';
import type { Registry } from '../resources/types.ts';
import { validation } from './errors.ts';
import { resolveField } from './filter-sql.ts';
import type { RawQuery } from './list-query.ts';
import type { PlatformOperation } from './operations.ts';

/** The list options every list takes, in the spelling the handlers read them. */
export const LIST_OPTIONS = ['search', 'searchOn', 'searchType', 'sortBy', 'page', 'pageSize', 'pageKey', 'filters'];

type MutableQuery = Record<string, string | string[] | undefined>;

/**
 * A model property named in any case (`name`, `shipping.address.city`) in the model's own spelling
 * (`Name`, `Shipping.Address.City`). What follows `xp.` is the caller's own data and keeps its case;
 * a segment the model does not know is left as sent, so the list still refuses it as an unknown property.
 */
export function canonicalPropertyPath(registry: Registry, model: ModelDefinition, property: string): string {
  const segments = property.split('.');
  let current: ModelDefinition | undefined = model;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as string;
    if (segment.toLowerCase() === 'xp') {
      segments[i] = 'xp';
      break;
    }
    if (!current) break;
    const name: string | undefined =
      segment in current.fields
        ? segment
        : Object.keys(current.fields).find((candidate) => candidate.toLowerCase() === segment.toLowerCase());
    if (!name) break;
    segments[i] = name;
    const ref: string | undefined = current.fields[name]?.modelRef;
    current = ref ? registry.model(ref) : undefined;
  }
  return segments.join('.');
}

/** `!Name,xp.Color` with each property in the model's spelling, the `!` kept. */
function canonicalPropertyList(registry: Registry, model: ModelDefinition, value: string): string {
  return value
    .split(',')
    .map((part) => {
      const trimmed = part.trim();
      const descending = trimmed.startsWith('!');
      const property = descending ? trimmed.slice(1) : trimmed;
      return `${descending ? '!' : ''}${canonicalPropertyPath(registry, model, property)}`;
    })
    .join(',');
}

/**
 * List options an assignment list has no use for. The public platform ignores them there (an outside
 * admin sends `depth=all` to every list), so ours does too: they cannot change which assignments answer.
 */
const IGNORED_ON_ASSIGNMENT_LISTS = new Set(['depth', 'search', 'searchon', 'searchtype', 'sortby', 'pagekey']);

/** A name an assignment list does not declare would filter if it were known, so it is refused, never ignored. */
function unknownAssignmentParameter(key: string, declared: PlatformOperation['query']) {
  const names = declared.map((param) => param.name).join(', ');
  return validation(
    `${key} is not a parameter of this list; it takes ${names}.`,
    { Property: key },
    'List.InvalidProperty',
  );
}

/**
 * A sort key that names no property of the listed model is refused here, before the handler runs:
 * some lists answer early without asking the store (nothing the caller may see), and would
 * otherwise ignore it. Whether a property is sortable is still the list's own check.
 */
function checkSortKeys(registry: Registry, model: ModelDefinition, sortBy: string | string[] | undefined): void {
  for (const entry of Array.isArray(sortBy) ? sortBy : sortBy === undefined ? [] : [sortBy]) {
    for (const key of entry.split(',').map((part) => part.trim())) {
      const property = key.startsWith('!') ? key.slice(1) : key;
      if (property !== '') resolveField(registry, model, property, 'List.InvalidSortProperty');
    }
  }
}

function merge(into: MutableQuery, name: string, value: string | string[] | undefined): void {
  if (value === undefined) return;
  const existing = into[name];
  if (existing === undefined) into[name] = value;
  else into[name] = [...(Array.isArray(existing) ? existing : [existing]), ...(Array.isArray(value) ? value : [value])];
}

/**
 * Query parameter names are case-insensitive, as on the public platform: this turns a request's
 * query into the spelling the operation's handler reads (`ProductID` -> `productID`, `PageSize` ->
 * `pageSize`, `name` -> `Name` for a filter on a list), once per request, so no handler has to care.
 * An assignment list takes only its declared parameters and ignores the list options it has no use
 * for; any other name is a 400, since a mistyped filter must not silently list everything.
 */
export function queryNormaliser(
  registry: Registry,
  operation: Pick<PlatformOperation, 'kind' | 'list' | 'query'>,
): (raw: RawQuery) => RawQuery {
  const declared = new Map<string, string>();
  for (const option of operation.list ? LIST_OPTIONS : []) {
    declared.set(option.toLowerCase(), option);
  }
  for (const param of operation.query) declared.set(param.name.toLowerCase(), param.name);
  const strict = operation.kind === 'ListAssignments';
  const model = operation.list;
  return (raw) => {
    const query: MutableQuery = {};
    for (const [key, value] of Object.entries(raw)) {
      const known = declared.get(key.toLowerCase());
      if (strict && !known) {
        if (IGNORED_ON_ASSIGNMENT_LISTS.has(key.toLowerCase())) continue;
        throw unknownAssignmentParameter(key, operation.query);
      }
      merge(query, known ?? (model ? canonicalPropertyPath(registry, model, key) : key), value);
    }
    if (model) {
      for (const option of ['sortBy', 'searchOn']) {
        const value = query[option];
        if (value === undefined) continue;
        query[option] = Array.isArray(value)
          ? value.map((entry) => canonicalPropertyList(registry, model, entry))
          : canonicalPropertyList(registry, model, value);
      }
      checkSortKeys(registry, model, query.sortBy);
    }
    return query;
  };
}
