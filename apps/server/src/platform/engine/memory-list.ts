import type { ModelDefinition } from '../resources/fields.ts';
import type { Item } from './item.ts';
import type { Registry } from '../resources/types.ts';
import { validation } from './errors.ts';
import { resolveField, type ResolvedField } from './filter-sql.ts';
import { listPage, type ListPage, type ListQuery } from './list-query.ts';

/*
 * The list grammar (filters with `a|b`, `!x`, `!*`, `*` wildcards and `<`/`>`/`<=`/`>=`, search and
 * searchOn, sortBy with `!`, paging) applied to items held in memory, for the few lists that are not
 * one stored resource. It mirrors engine/filter-sql.ts, which compiles the same grammar to SQL for
 * the store, so both answer alike and fail with the same error codes.
 */

/** What one in-memory list may be narrowed, searched and sorted by. */
export interface MemoryListSpec {
  /** Named in error messages ("... cannot be searched on {name} lists"). */
  name: string;
  /** Resolves a property named by the query; an unknown one is a 400 with `errorCode`. */
  resolve: (property: string, errorCode: string) => ResolvedField;
  /** Searched when the query has no searchOn; searchOn may only name these. */
  searchable: readonly string[];
  /** Whether sortBy may name the property (it must also resolve). */
  sortable: (property: string) => boolean;
  /** Orders the items every sort key finds equal; without it they keep the order they came in. */
  tieBreak?: (a: Item, b: Item) => number;
}

/** A list of objects of `model`: any field may be filtered (as in the store), `xp.*` also sorted. */
export function modelList(
  registry: Registry,
  model: ModelDefinition,
  options: {
    searchable: readonly string[];
    sortable: readonly string[];
    /** Prefixes of paths sortable without being listed; `xp.` unless told. */
    sortablePrefixes?: readonly string[];
    tieBreak?: (a: Item, b: Item) => number;
  },
): MemoryListSpec {
  const sortable = new Set(options.sortable);
  const prefixes = options.sortablePrefixes ?? ['xp.'];
  return {
    name: model.name,
    resolve: (property, errorCode) => resolveField(registry, model, property, errorCode),
    searchable: options.searchable,
    sortable: (property) => sortable.has(property) || prefixes.some((prefix) => property.startsWith(prefix)),
    tieBreak: options.tieBreak,
  };
}

/** A list of plain rows whose only properties are the text `fields`: each may be filtered, searched and sorted. */
export function fieldList(fields: readonly string[], name = 'these'): MemoryListSpec {
  return {
    name,
    resolve: (property, errorCode) => {
      if (!fields.includes(property)) {
        throw validation(`${property} is not a property of ${name} items.`, { Property: property }, errorCode);
      }
      return { path: [property], kind: 'text' };
    },
    searchable: fields,
    sortable: (property) => fields.includes(property),
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The value at a dotted path; undefined when a step is missing or is not an object. */
export function valueAt(item: Item, path: readonly string[]): unknown {
  let value: unknown = item;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Item)[segment];
  }
  return value;
}

const isNull = (value: unknown): boolean => value === null || value === undefined;
const lower = (value: unknown): string =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).toLowerCase();

function wildcard(pattern: string): RegExp {
  const escaped = pattern.toLowerCase().replace(/[.+?^${}()[\]\\|]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\*/g, '.*')}$`, 's');
}

/** Equality the way the store compares (case-insensitive text; xp may hold text, numbers or booleans). */
function equals(field: ResolvedField, value: unknown, raw: string): boolean {
  if (Array.isArray(value)) return value.some((entry) => equals(field, entry, raw));
  if (isNull(value)) return false;
  const name = field.path.join('.');
  if (field.kind === 'number') {
    if (!NUMBER.test(raw)) throw validation(`${name} must be a number.`, { Value: raw }, 'List.InvalidType');
    return value === Number(raw);
  }
  if (field.kind === 'boolean') {
    const lowered = raw.toLowerCase();
    if (lowered !== 'true' && lowered !== 'false')
      throw validation(`${name} must be true or false.`, { Value: raw }, 'List.InvalidType');
    return value === (lowered === 'true');
  }
  if (typeof value === 'number') return NUMBER.test(raw) && value === Number(raw);
  if (typeof value === 'boolean') return String(value) === raw.toLowerCase();
  return lower(value) === raw.toLowerCase();
}

/** One alternative of a filter value, without its `!`. */
function holds(field: ResolvedField, item: Item, raw: string): boolean {
  const value = valueAt(item, field.path);
  if (raw === '*') return !isNull(value);
  const comparison = raw.match(/^(<=|>=|<|>)(.*)$/);
  if (comparison) {
    const [, operator = '', operand = ''] = comparison;
    const numeric = field.kind === 'number' || (field.kind === 'dynamic' && NUMBER.test(operand));
    if (numeric && !NUMBER.test(operand)) {
      throw validation(`${field.path.join('.')} must be compared with a number.`, { Value: raw }, 'List.InvalidType');
    }
    if (isNull(value) || (numeric && typeof value !== 'number')) return false;
    const order = numeric ? (value as number) - Number(operand) : String(value).localeCompare(operand);
    return operator === '<' ? order < 0 : operator === '>' ? order > 0 : operator === '<=' ? order <= 0 : order >= 0;
  }
  if (raw.includes('*')) return !isNull(value) && wildcard(raw).test(lower(value));
  return equals(field, value, raw);
}

/** `a|b` alternatives, each optionally negated with `!`; `!*` is "has no value". */
function satisfies(field: ResolvedField, item: Item, raw: string): boolean {
  return raw.split('|').some((alternative) => {
    if (alternative === '!*') return isNull(valueAt(item, field.path));
    if (alternative.startsWith('!')) return !holds(field, item, alternative.slice(1));
    return holds(field, item, alternative);
  });
}

function filterPredicate(spec: MemoryListSpec, query: ListQuery): (item: Item) => boolean {
  const checks = query.filters.map((filter) => ({
    field: spec.resolve(filter.field, 'List.InvalidProperty'),
    values: filter.values,
  }));
  return (item) => checks.every(({ field, values }) => values.every((raw) => satisfies(field, item, raw)));
}

function searchPredicate(spec: MemoryListSpec, query: ListQuery): (item: Item) => boolean {
  const term = query.search?.toLowerCase();
  if (!term) return () => true;
  const names = query.searchOn ?? spec.searchable;
  for (const name of names) {
    if (!spec.searchable.includes(name)) {
      throw validation(
        `${name} cannot be searched on ${spec.name} lists.`,
        { Property: name },
        'List.InvalidSearchProperty',
      );
    }
  }
  const paths = names.map((name) => spec.resolve(name, 'List.InvalidSearchProperty').path);
  return (item) =>
    paths.some((path) => {
      const value = valueAt(item, path);
      return !isNull(value) && lower(value).includes(term);
    });
}

/** Nulls first going up and last going down, as the store sorts; numbers by value, the rest as text. */
export function compareValues(a: unknown, b: unknown, descending = false): number {
  if (isNull(a) || isNull(b)) {
    if (isNull(a) === isNull(b)) return 0;
    return isNull(a) === descending ? 1 : -1;
  }
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return descending ? -order : order;
}

function comparator(spec: MemoryListSpec, keys: readonly string[]): (a: Item, b: Item) => number {
  const resolved = keys.map((key) => {
    const descending = key.startsWith('!');
    const name = descending ? key.slice(1) : key;
    if (!spec.sortable(name)) {
      throw validation(
        `${name} cannot be used to sort ${spec.name} lists.`,
        { Property: name },
        'List.InvalidSortProperty',
      );
    }
    return { path: spec.resolve(name, 'List.InvalidSortProperty').path, descending };
  });
  return (a, b) => {
    for (const { path, descending } of resolved) {
      const order = compareValues(valueAt(a, path), valueAt(b, path), descending);
      if (order !== 0) return order;
    }
    return spec.tieBreak ? spec.tieBreak(a, b) : 0;
  };
}

/** A list call checked against its spec: which items it keeps, and the page it makes of them. */
export interface MemoryList {
  matches: (item: Item) => boolean;
  /** Sorts (in place) and pages items that already match. */
  page: (items: Item[]) => ListPage;
}

/**
 * Checks every property the query names before any item is looked at, so a bad field is a 400
 * even on an empty list.
 */
export function memoryList(spec: MemoryListSpec, query: ListQuery): MemoryList {
  const keep = filterPredicate(spec, query);
  const found = searchPredicate(spec, query);
  const compare = comparator(spec, query.sortBy);
  return {
    matches: (item) => keep(item) && found(item),
    page: (items) => {
      items.sort(compare);
      const start = (query.page - 1) * query.pageSize;
      return listPage(items.slice(start, start + query.pageSize), items.length, query);
    },
  };
}

/** Filters, searches, sorts and pages `items`; a plain field list is read as `fieldList(fields)`. */
export function memoryPage(
  spec: MemoryListSpec | readonly string[],
  items: readonly Item[],
  query: ListQuery,
): ListPage {
  const list = memoryList(isFieldList(spec) ? fieldList(spec) : spec, query);
  return list.page(items.filter(list.matches));
}

function isFieldList(spec: MemoryListSpec | readonly string[]): spec is readonly string[] {
  return Array.isArray(spec);
}
