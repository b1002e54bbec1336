import type { Item, OperationContext } from '../engine/context.ts';
import { getItem } from '../engine/crud.ts';
import { ApiError } from '../engine/errors.ts';
import { listPage, parseListQuery, type ListPage } from '../engine/list-query.ts';
import type { Match } from '../engine/store.ts';
import { validateBody } from '../engine/validate.ts';
import { presentItems } from '../resources/catalog-rules.ts';
import { model, type ModelDefinition } from '../resources/fields.ts';
import type { ApiRole } from '../resources/roles.ts';
import type { OperationDefinition, ResourceDefinition } from '../resources/types.ts';

interface GuardedGetOptions {
  /** Path of the item, e.g. `/orders/{direction}/{orderID}/lineitems/{lineItemID}`. */
  path: string;
  roles: readonly ApiRole[];
  noun: string;
  model: ModelDefinition;
  /** Method name; `Get` unless the resource's operations are published under another resource. */
  name?: string;
  /** Throws (404) when the caller may not see the item's parent (the order, subscription...). */
  guard(context: OperationContext): Promise<void>;
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
  if (options.scope === null || (options.ids && options.ids.length === 0)) return listPage([], 0, query);
  const filters = [...query.filters, ...(options.filters ?? [])];
  const scope: Match = { ...options.scope, ...(options.ids ? { [options.idField ?? 'ID']: options.ids } : {}) };
  const parents = options.parents ?? [];
  const page = await context.store.list(resource, parents, { ...query, filters }, scope);
  return { ...page, Items: await presentItems(resource, page.Items, context.store, parents) };
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
