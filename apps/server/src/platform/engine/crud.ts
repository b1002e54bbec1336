import {
  assignmentKind,
  type OperationContext,
  type ResourceDefinition,
  type WriteContext,
} from '../resources/types.ts';
import type { Item } from './item.ts';
import { ApiError, notFound, validation } from './errors.ts';
import { generateId, pathParams, resolveIdTokens } from './ids.ts';
import { parseListQuery, type ListPage } from './list-query.ts';
import { hashPassword } from '../../security/passwords.ts';
import { deepMerge, validateBody, withDefaults } from './validate.ts';

/** Parent ids of a request, in path order, without the item's own id. */
export function parentsOf(resource: ResourceDefinition, params: Readonly<Record<string, string>>): string[] {
  return parentParams(resource).map((name) => params[name] ?? '');
}

/** Path parameters naming parents: all of them but the scope parameters (orders' direction). */
export function parentParams(resource: ResourceDefinition): string[] {
  return pathParams(resource.path).filter((name) => !resource.scopeParams?.includes(name));
}

/** The resource whose items a path parameter names, found by its idParam (`buyerID` -> Buyers). */
function parentResources(context: OperationContext, resource: ResourceDefinition): ResourceDefinition[] {
  return parentParams(resource).map((param) => {
    const named = context.registry.resources.filter((candidate) => candidate.idParam === param);
    // A sub-resource published under another resource (variants) is the parent only when nothing else is.
    const owner = named.find((candidate) => !candidate.operationOwner) ?? named[0];
    if (!owner) throw new Error(`No resource has id parameter ${param} (parent of ${resource.name})`);
    return owner;
  });
}

/** 404 for a missing parent (GET /buyers/nope/users answers "Buyer not found"). */
export async function requireParents(
  context: OperationContext,
  resource: ResourceDefinition,
  parents: readonly string[],
): Promise<void> {
  const owners = parentResources(context, resource);
  for (let i = 0; i < owners.length; i += 1) {
    const owner = owners[i] as ResourceDefinition;
    await context.store.require(owner.name, parents.slice(0, i), parents[i] as string);
  }
}

export async function present(
  context: OperationContext,
  resource: ResourceDefinition,
  parents: readonly string[],
  item: Item,
): Promise<Item> {
  const ordered = inModelOrder(resource.model, item);
  return resource.hooks?.present ? resource.hooks.present(ordered, { store: context.store, parents }) : ordered;
}

/** JSONB keeps keys in its own order; answers list fields in the model's order, as the platform does. */
export function inModelOrder(model: ResourceDefinition['model'], item: Item): Item {
  const ordered: Item = {};
  for (const name of Object.keys(model.fields)) if (name in item) ordered[name] = item[name];
  for (const [name, value] of Object.entries(item)) if (!(name in ordered)) ordered[name] = value;
  return ordered;
}

export async function listItems(context: OperationContext): Promise<ListPage> {
  const { resource } = context;
  const parents = parentsOf(resource, context.params);
  const query = parseListQuery(
    context.query,
    (resource.listQuery ?? []).map((param) => param.name),
  );
  await requireParents(context, resource, parents);
  const scope = await resource.hooks?.listScope?.(context);
  const page = await context.store.list(resource, parents, query, scope);
  const presentPage = resource.hooks?.presentPage;
  page.Items = presentPage
    ? await presentPage(
        page.Items.map((item) => inModelOrder(resource.model, item)),
        { store: context.store, parents },
      )
    : await Promise.all(page.Items.map((item) => present(context, resource, parents, item)));
  return page;
}

export async function getItem(context: OperationContext): Promise<Item> {
  const { resource } = context;
  const parents = parentsOf(resource, context.params);
  await requireParents(context, resource, parents);
  const item = await requireVisible(context, context.store, parents, itemId(context));
  return present(context, resource, parents, item);
}

/** The stored item, or 404 when it does not exist or the caller may not see it. */
async function requireVisible(
  context: OperationContext,
  store: OperationContext['store'],
  parents: readonly string[],
  id: string,
): Promise<Item> {
  const { resource } = context;
  const item = await store.require(resource.name, parents, id);
  if (resource.hooks?.visible && !resource.hooks.visible(item, context)) throw notFound(resource.model.name, id);
  return item;
}

function itemId(context: OperationContext): string {
  const { resource } = context;
  return resource.singleton ? resource.name : (context.params[resource.idParam ?? ''] ?? '');
}

function throwIfInvalid(errors: ReturnType<typeof validateBody>['errors']): void {
  if (errors.length > 0) throw ApiError.many(400, errors);
}

/** Splits write-only fields (passwords) off the body; passwords are hashed before storing. */
async function splitSecrets(resource: ResourceDefinition, item: Item): Promise<Item | undefined> {
  let secret: Item | undefined;
  for (const [name, field] of Object.entries(resource.model.fields)) {
    if (!field.writeOnly || item[name] === undefined) continue;
    const value = item[name];
    delete item[name];
    if (value === null) continue;
    secret ??= {};
    secret[name] = name === 'Password' ? await hashPassword(String(value)) : value;
  }
  return secret;
}

/** Body fields that must name existing objects (a category's ParentID, an order's addresses...). */
async function checkReferences(context: OperationContext, item: Item): Promise<void> {
  for (const [field, reference] of Object.entries(context.resource.references ?? {})) {
    const value = item[field];
    if (value === null || value === undefined || value === '') continue;
    const parents = (reference.parentFrom ?? []).map((name) => String(context.params[name] ?? item[name] ?? ''));
    await context.store.require(reference.resource, parents, String(value));
  }
}

const touchDates = (resource: ResourceDefinition, next: Item, previous: Item | undefined) => {
  const now = new Date().toISOString();
  if ('DateCreated' in resource.model.fields) next.DateCreated = previous?.DateCreated ?? now;
  if ('LastUpdated' in resource.model.fields) next.LastUpdated = now;
};

async function write(context: OperationContext, mode: WriteContext['mode']): Promise<Item> {
  const { resource } = context;
  const parents = parentsOf(resource, context.params);
  return context.store.transaction(async (store) => {
    const inner: OperationContext = { ...context, store };
    await requireParents(inner, resource, parents);
    const urlId = mode === 'create' ? undefined : itemId(context);
    const previous = urlId === undefined ? undefined : await store.get(resource.name, parents, urlId);
    if (previous && resource.hooks?.visible && !resource.hooks.visible(previous, context))
      throw notFound(resource.model.name, urlId ?? '');
    if (mode === 'patch' && !previous) throw notFound(resource.model.name, urlId ?? '');
    const effectiveMode = mode === 'replace' && !previous ? 'create' : mode;

    const required = effectiveMode === 'patch' ? [] : resource.requiredOnCreate;
    // Read-only values are compared with the object as GET shows it (computed counts included),
    // so a GET-then-PUT round trip is accepted.
    const shown = previous ? await present(inner, resource, parents, previous) : undefined;
    const { value, errors } = validateBody(context.registry, resource.model, context.body, {
      required,
      previous: shown,
    });
    throwIfInvalid(errors);
    const secret = await splitSecrets(resource, value);

    let next: Item =
      effectiveMode === 'patch' ? (deepMerge(previous, value) as Item) : withDefaults(resource.model, value);
    if (effectiveMode === 'replace' && previous) {
      // Read-only values survive a replace: the caller could not have set them.
      for (const [name, field] of Object.entries(resource.model.fields))
        if (field.readOnly) next[name] = previous[name] ?? null;
    }
    const requestedId = typeof value.ID === 'string' && value.ID !== '' ? value.ID : undefined;
    let id = resource.singleton ? resource.name : (requestedId ?? urlId ?? (resource.newId ?? generateId)());
    if (id.includes('{')) id = await resolveIdTokens(id, store);
    if ('ID' in resource.model.fields) next.ID = resource.singleton ? null : id;
    touchDates(resource, next, previous);

    const writeContext: WriteContext = { ...inner, mode: effectiveMode, parents, id, previous, next };
    await resource.hooks?.beforeWrite?.(writeContext);
    next = writeContext.next;
    await checkReferences(inner, next);

    if (effectiveMode === 'create') {
      if (urlId !== undefined && requestedId === undefined) next.ID = urlId;
      await store.insert(resource.name, parents, resource.singleton ? { ...next, ID: resource.name } : next, secret);
    } else if (urlId !== undefined && id !== urlId) {
      await store.rename(resource.name, parents, urlId, next);
    } else {
      await store.put(resource.name, parents, resource.singleton ? { ...next, ID: resource.name } : next, secret);
    }
    await resource.hooks?.afterWrite?.(writeContext);
    const stored = resource.singleton ? { ...next } : next;
    if (resource.singleton) delete stored.ID;
    return present(inner, resource, parents, stored);
  });
}

export const createItem = (context: OperationContext) => write(context, 'create');
export const saveItem = (context: OperationContext) => write(context, 'replace');
export const patchItem = (context: OperationContext) => write(context, 'patch');

export async function deleteItem(context: OperationContext): Promise<void> {
  const { resource } = context;
  const parents = parentsOf(resource, context.params);
  const id = itemId(context);
  await context.store.transaction(async (store) => {
    const inner: OperationContext = { ...context, store };
    await requireParents(inner, resource, parents);
    const previous = await requireVisible(inner, store, parents, id);
    await resource.hooks?.beforeDelete?.({ ...inner, parents, id, previous });
    await store.remove(resource.name, parents, id);
    await cascade(inner, resource, parents, id);
  });
}

/**
 * What goes with a deleted object: nested resources under it (a buyer's users), assignments
 * stored under it, and assignments that name it.
 */
async function cascade(
  context: OperationContext,
  deleted: ResourceDefinition,
  parents: readonly string[],
  id: string,
): Promise<void> {
  const { registry, store } = context;
  const own = [...parents, id];
  const idParam = deleted.idParam;
  for (const resource of registry.resources) {
    if (idParam && pathParams(resource.path).includes(idParam) && resource.path.startsWith(deleted.path)) {
      await store.removeUnder(resource.name, own);
    }
    for (const assignment of resource.assignments ?? []) {
      if (idParam && pathParams(assignment.path).includes(idParam)) {
        await store.deleteAssignments(assignmentKind(assignment), own, {});
      }
      for (const [field, reference] of Object.entries(assignment.references)) {
        // Only identifying references take the assignment with them; a deleted price schedule must
        // not remove the product assignments that merely point at it.
        if (reference.resource !== deleted.name || !assignment.key.includes(field)) continue;
        const match: Record<string, string> = { [field]: id };
        const scope: string[] = [];
        (reference.parentFrom ?? []).forEach((name, index) => {
          const value = parents[index];
          if (value === undefined) return;
          if (pathParams(assignment.path).includes(name)) scope.push(value);
          else match[name] = value;
        });
        await store.deleteAssignments(assignmentKind(assignment), scope.length > 0 ? scope : undefined, match);
      }
    }
  }
}

export function missingBody(): ApiError {
  return validation('The request body is missing or is not valid JSON.', null, 'Request.InvalidRequestBody');
}
