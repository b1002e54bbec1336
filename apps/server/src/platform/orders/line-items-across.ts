import type { Item } from '../engine/item.ts';
import type { OperationContext, Registry } from '../resources/types.ts';
import { inModelOrder } from '../engine/crud.ts';
import { listPage, parseListQuery, type ListPage } from '../engine/list-query.ts';
import { compareValues, memoryList, modelList, type MemoryListSpec } from '../engine/memory-list.ts';
import type { ModelDefinition } from '../resources/fields.ts';
import { parseDirection } from './access.ts';
import { queryParam } from './operation-helpers.ts';
import { withOrderIds } from './order-store.ts';
import { isoParam, listedOrderScope } from './order-writes.ts';

/*
 * `LineItems.ListAcrossOrders`. The store lists the objects of one parent at a time, and line items
 * live under their order; so the visible orders are found first, then their line items in one
 * query, and the list parameters (filters, search, sort, paging) are applied in memory by
 * engine/memory-list.ts, with the same grammar and field checks as the store's lists. Each item
 * carries its OrderID and Order, so filters and sorts may name order fields too
 * (`Order.Status=Open`, `sortBy=!Order.DateSubmitted`).
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

function acrossOrdersList(registry: Registry, fields: AcrossOrdersFields): MemoryListSpec {
  return modelList(registry, fields.model, {
    searchable: fields.searchable,
    sortable: [...fields.sortable, ...fields.orderSortable.map((name) => `Order.${name}`)],
    sortablePrefixes: ['xp.', 'Order.xp.'],
    // Line item IDs repeat across orders: the order breaks the tie, so pages are stable.
    tieBreak: (a, b) => compareValues(a.OrderID, b.OrderID) || compareValues(a.ID, b.ID),
  });
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
  const list = memoryList(acrossOrdersList(context.registry, fields), query);

  const scope = listedOrderScope(context, direction);
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
  for (const { parents, item } of await context.store.findUnder('LineItems', [...orders.keys()])) {
    const orderId = parents[0];
    const order = orderId === undefined ? undefined : orders.get(orderId);
    if (orderId === undefined || !order) continue;
    const extended = inModelOrder(fields.model, { ...withOrderIds(item, orderId), OrderID: orderId, Order: order });
    if (list.matches(extended)) items.push(extended);
  }
  return list.page(items);
}
