import type { Item } from '../engine/item.ts';
import { getItem } from '../engine/crud.ts';
import { ApiError } from '../engine/errors.ts';
import { parseListQuery, type ListPage } from '../engine/list-query.ts';
import type { Match, Store } from '../engine/store.ts';
import { validateBody } from '../engine/validate.ts';
import { presentItems } from '../resources/catalog-rules.ts';
import { model, type ModelDefinition } from '../resources/fields.ts';
import type { ApiRole } from '../resources/roles.ts';
import type { OperationContext, OperationDefinition, ResourceDefinition, ResourceHooks } from '../resources/types.ts';

interface GuardedGetOptions {
  /** Path of the item, e.g. `/orders/{direction}/{orderID}/lineitems/{lineItemID}`. */
  path: string;
  roles: readonly ApiRole[];
  noun: string;
  model: ModelDefinition;
  /** Method name; `Get` unless the resource's operations are published under another resource. */
  name?: string;
  /** Throws (404) when the caller may not see the item's parent (the order, subscription...). */
  guard(context: OperationContext): Promise<unknown>;
}

/**
 * The standard Get of a nested resource, behind a check on its parent. The engine's `visible`
 * hook is synchronous and only sees the item itself, which for line items and payments does not
 * tell whose order they belong to; so these resources publish Get as an operation of their own.
 */
export function guardedGet(options: GuardedGetOptions): OperationDefinition {
  return {
    name: options.name ?? 'Get',
    method: 'GET',
    path: options.path,
    roles: options.roles,
    summary: `Get a single ${options.noun}.`,
    response: { status: 200, schema: model(options.model.name) },
    async handler(context) {
      await options.guard(context);
      return getItem(context);
    },
  };
}

/**
 * The `listScope` of a nested resource whose parent decides who sees it (line items, approvals...):
 * the list answers 404 when the caller may not see the parent, and is not narrowed otherwise.
 *
 * @example
 * hooks: { listScope: parentChecked(requireOrderOfPath) }
 */
export function parentChecked(
  guard: (context: OperationContext) => Promise<unknown>,
): NonNullable<ResourceHooks['listScope']> {
  return async (context) => {
    await guard(context);
    return undefined;
  };
}

/**
 * A maker of the actions of one object (`Orders.Submit`, `OrderReturns.Approve`): each a POST to
 * `{itemPath}/{segment}` open to `roles` that answers the object with 201; `extra` overrides any of it.
 *
 * @example
 * const action = objectActions('/orders/{direction}/{orderID}', ORDER_ROLES.write, 'Order');
 * action('Submit', 'submit', 'Submit an order.', submitOrder);
 */
export function objectActions(itemPath: string, roles: readonly ApiRole[], answer: string) {
  return (
    name: string,
    segment: string,
    summary: string,
    handler: OperationDefinition['handler'],
    extra: Partial<OperationDefinition> = {},
  ): OperationDefinition => ({
    name,
    method: 'POST',
    path: `${itemPath}/${segment}`,
    roles,
    summary,
    response: { status: 201, schema: model(answer) },
    handler,
    ...extra,
  });
}

/** What a list is narrowed to before the request's own list parameters apply. */
export interface ListWithinOptions {
  parents?: readonly string[];
  /** Resource-specific query parameters that are not filters. */
  extraParams?: readonly string[];
  /** Exact-match conditions; null means the caller sees nothing. */
  scope?: Match | null;
  /** Only items whose `idField` is one of these (none = empty page). */
  ids?: readonly string[];
  idField?: string;
  /** Extra filters in the list grammar (`DateCreated` `>=2024-01-01`). */
  filters?: ReadonlyArray<{ field: string; values: string[] }>;
}

/**
 * A list call of `resource` narrowed to what the caller may see: the list parameters of the
 * request still search, filter, sort and page within that.
 */
export async function listWithin(
  context: OperationContext,
  resource: ResourceDefinition,
  options: ListWithinOptions = {},
): Promise<ListPage> {
  const query = parseListQuery(context.query, options.extraParams ?? []);
  const filters = [...query.filters, ...(options.filters ?? [])];
  // Nothing visible still goes through the store (with a scope that matches nothing), so a bad
  // filter, search or sort is a 400 on an empty list too.
  const scope: Match =
    options.scope === null
      ? { ID: [] }
      : { ...options.scope, ...(options.ids ? { [options.idField ?? 'ID']: options.ids } : {}) };
  const parents = options.parents ?? [];
  const page = await context.store.list(resource, parents, { ...query, filters }, scope);
  return { ...page, Items: await presentItems(resource, page.Items, context.store, parents) };
}

/** A stored item and where it is stored, as the `find` of `rewriteItem` answers it. */
export interface StoredItem {
  resource: string;
  parents: readonly string[];
  item: Item;
}

/**
 * Reads one stored item, changes it and stores it back in a single transaction; answers what was
 * stored. `find` locates the item with the transaction's store (refusing what the caller may not
 * change) and may answer more than the item; `change` answers the new version or throws.
 *
 * @example
 * return rewriteItem(context, paymentOfPath, ({ item }) => ({ ...item, Transactions: [] }));
 */
export async function rewriteItem<Found extends StoredItem>(
  context: OperationContext,
  find: (context: OperationContext) => Promise<Found>,
  change: (found: Found, store: Store) => Item | Promise<Item>,
): Promise<Item> {
  return context.store.transaction(async (store) => {
    const found = await find({ ...context, store });
    const saved = await change(found, store);
    await store.put(found.resource, found.parents, saved);
    return saved;
  });
}

/** Validates an action's body against a model; every problem is answered at once, as the engine does. */
export function checkedBody(
  context: OperationContext,
  modelName: string,
  required: readonly string[] = [],
  previous?: Item,
): Item {
  const { value, errors } = validateBody(context.registry, context.registry.model(modelName), context.body ?? {}, {
    required,
    previous,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);
  return value;
}

/** Drops the storage id of an item whose model has none (shipment items, approvals). */
export function withoutStorageId(item: Item): Item {
  const { ID: _id, ...rest } = item;
  return rest;
}

/** One query parameter's value (the last when repeated). */
export function queryParam(context: OperationContext, name: string): string | undefined {
  const value = context.query[name];
  const single = Array.isArray(value) ? value.at(-1) : value;
  return single === '' ? undefined : single;
}
