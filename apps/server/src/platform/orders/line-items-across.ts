import type { Item, OperationContext } from '../engine/context.ts';
import { inModelOrder } from '../engine/crud.ts';
import { validation } from '../engine/errors.ts';
import { resolveField, type ResolvedField } from '../engine/filter-sql.ts';
import { listPage, parseListQuery, type FilterClause, type ListPage, type ListQuery } from '../engine/list-query.ts';
import type { ModelDefinition } from '../resources/fields.ts';
import type { Registry } from '../resources/registry.ts';
import { narrowScope, orderScope, parseDirection } from './access.ts';
import { queryParam } from './operation-helpers.ts';
import { isoParam } from './order-writes.ts';

/*
 * `LineItems.ListAcrossOrders`. The store lists the objects of one parent at a time, and line items
 * live under their order; so the visible orders are found first, then their line items, and the
 * list parameters (filters, search, sort, paging) are applied here with the same grammar and the
 * same field checks as the store's lists. Each item carries its OrderID and Order, so filters and
 * sorts may name order fields too (`Order.Status=Open`, `sortBy=!Order.DateSubmitted`).
 */

/** What the list may be searched, sorted and narrowed by besides `Order.*` and `xp.*`. */
export interface AcrossOrdersFields {
  model: ModelDefinition;
  searchable: readonly string[];
  sortable: readonly string[];
  /** Sortable fields of the order, named `Order.{field}` in sortBy. */
  orderSortable: readonly string[];
}

const EXTRA_PARAMS = ['buyerID', 'supplierID', 'from', 'to'];
const NUMBER = /^-?\d+(\.\d+)?$/;

function valueAt(item: Item, path: readonly string[]): unknown {
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

function filterPredicate(registry: Registry, model: ModelDefinition, filters: readonly FilterClause[]) {
  const checks = filters.map((filter) => ({
    field: resolveField(registry, model, filter.field),
    values: filter.values,
  }));
  return (item: Item) => checks.every(({ field, values }) => values.every((raw) => satisfies(field, item, raw)));
}

function searchPredicate(registry: Registry, fields: AcrossOrdersFields, query: ListQuery) {
  const term = query.search?.toLowerCase();
  if (!term) return () => true;
  const names = query.searchOn ?? fields.searchable;
  for (const name of names) {
    if (!fields.searchable.includes(name)) {
      throw validation(
        `${name} cannot be searched on ${fields.model.name} lists.`,
        { Property: name },
        'List.InvalidSearchProperty',
      );
    }
  }
  const paths = names.map((name) => resolveField(registry, fields.model, name, 'List.InvalidSearchProperty').path);
  return (item: Item) =>
    paths.some((path) => {
      const value = valueAt(item, path);
      return !isNull(value) && lower(value).includes(term);
    });
}

function compareValues(a: unknown, b: unknown, descending: boolean): number {
  // Nulls first going up and last going down, as the store sorts.
  if (isNull(a) || isNull(b)) {
    if (isNull(a) === isNull(b)) return 0;
    return isNull(a) === descending ? 1 : -1;
  }
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return descending ? -order : order;
}

function comparator(registry: Registry, fields: AcrossOrdersFields, keys: readonly string[]) {
  const allowed = new Set([...fields.sortable, ...fields.orderSortable.map((name) => `Order.${name}`)]);
  const resolved = keys.map((key) => {
    const descending = key.startsWith('!');
    const name = descending ? key.slice(1) : key;
    if (!allowed.has(name) && !name.startsWith('xp.') && !name.startsWith('Order.xp.')) {
      throw validation(
        `${name} cannot be used to sort ${fields.model.name} lists.`,
        { Property: name },
        'List.InvalidSortProperty',
      );
    }
    return { path: resolveField(registry, fields.model, name, 'List.InvalidSortProperty').path, descending };
  });
  return (a: Item, b: Item): number => {
    for (const { path, descending } of resolved) {
      const order = compareValues(valueAt(a, path), valueAt(b, path), descending);
      if (order !== 0) return order;
    }
    // Line item IDs repeat across orders: the order breaks the tie, so pages are stable.
    return compareValues(a.OrderID, b.OrderID, false) || compareValues(a.ID, b.ID, false);
  };
}

/**
 * The line items of every order the caller sees in the path's direction, each with its OrderID and
 * Order; `buyerID`, `supplierID` and a `from`/`to` range of the order's DateCreated narrow the orders
 * as they do for Orders.List.
 */
export async function listLineItemsAcrossOrders(
  context: OperationContext,
  fields: AcrossOrdersFields,
): Promise<ListPage> {
  const direction = parseDirection(context.params.direction);
  const query = parseListQuery(context.query, EXTRA_PARAMS);
  const from = queryParam(context, 'from');
  const to = queryParam(context, 'to');
  const since = from === undefined ? undefined : isoParam('from', from);
  const until = to === undefined ? undefined : isoParam('to', to);
  // Everything the request names is checked before any reading, so a bad field is a 400 even on an empty list.
  const keep = filterPredicate(context.registry, fields.model, query.filters);
  const found = searchPredicate(context.registry, fields, query);
  const compare = comparator(context.registry, fields, query.sortBy);

  const visible = orderScope(context.auth, context.marketplaceId, direction);
  const scope =
    visible &&
    narrowScope(visible, {
      FromCompanyID: queryParam(context, 'buyerID'),
      ToCompanyID: queryParam(context, 'supplierID'),
    });
  if (!scope) return listPage([], 0, query);
  const orders = new Map<string, Item>();
  for (const { id, item } of await context.store.find('Orders', [], scope)) {
    const created = typeof item.DateCreated === 'string' ? new Date(item.DateCreated).toISOString() : undefined;
    if (since !== undefined && (created === undefined || created < since)) continue;
    if (until !== undefined && (created === undefined || created > until)) continue;
    orders.set(id, inModelOrder(context.registry.model('Order'), item));
  }
  if (orders.size === 0) return listPage([], 0, query);

  const items: Item[] = [];
  for (const { parents, item } of await context.store.find('LineItems', undefined)) {
    const orderId = parents[0];
    const order = parents.length === 1 && orderId !== undefined ? orders.get(orderId) : undefined;
    if (!order) continue;
    const extended = inModelOrder(fields.model, { ...item, OrderID: orderId, Order: order });
    if (keep(extended) && found(extended)) items.push(extended);
  }
  items.sort(compare);
  const start = (query.page - 1) * query.pageSize;
  return listPage(items.slice(start, start + query.pageSize), items.length, query);
}
