import { describe, expect, it } from 'vitest';
import { sidebarSections } from '@/app/navigation';
import { getOperation, type ApiOperation } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import { CATALOGUE, LANDING_REDIRECTS, collectionByKey, routeParamNames, type CatalogueCollection } from './catalogue';
import { realPlatformDocument } from './real-platform-description';
import { adminHref, ownerOf, resolveAdminPath } from './resolve-path';

// The walk: every row of the catalogue against the description the platform really serves.
const api = buildApiDescription(realPlatformDocument());

function itemOperationIds(collection: CatalogueCollection): string[] {
  const { get, save, patch, delete: remove } = collection.operations;
  return [get, save, patch, remove].filter((id): id is string => id !== undefined);
}

function requireOp(id: string): ApiOperation {
  const operation = getOperation(api, id);
  if (!operation) throw new Error(`The description has no operation ${id}`);
  return operation;
}

function missingParams(operation: ApiOperation, supplied: readonly string[]): string[] {
  return operation.pathParams.map((param) => param.name).filter((name) => !supplied.includes(name));
}

describe.each(CATALOGUE.map((collection) => [collection.path, collection] as const))('%s', (_, collection) => {
  const routeParams = routeParamNames(collection.path);

  it('lists through a GET list operation whose path parameters the route supplies', () => {
    const list = requireOp(collection.operations.list);
    expect(list.method).toBe('get');
    expect(list.listItemSchema, `${list.id} answers { Items, Meta }`).not.toBeNull();
    expect(missingParams(list, routeParams)).toEqual([]);
  });

  it('creates with an operation whose path parameters the route supplies', () => {
    if (!collection.operations.create) return;
    const create = requireOp(collection.operations.create);
    expect(create.method).toBe('post');
    expect(create.requestBody).not.toBeNull();
    expect(missingParams(create, routeParams)).toEqual([]);
  });

  it('reads, saves and deletes items with operations whose path parameters the item route supplies', () => {
    const ids = itemOperationIds(collection);
    if (collection.itemParam === null) {
      expect(ids).toEqual([]);
      return;
    }
    expect(collection.operations.get).toBeDefined();
    for (const id of ids) {
      const operation = requireOp(id);
      expect(missingParams(operation, [...routeParams, collection.itemParam]), id).toEqual([]);
      expect(operation.pathParams.at(-1)?.name, `${id} addresses the item by ${collection.itemParam}`).toBe(
        collection.itemParam,
      );
    }
    if (collection.operations.patch) expect(requireOp(collection.operations.patch).method).toBe('patch');
    if (collection.operations.save) expect(requireOp(collection.operations.save).method).toBe('put');
    if (collection.operations.delete) expect(requireOp(collection.operations.delete).method).toBe('delete');
  });

  it('has tabs that resolve: nested lists sit below this item, related tabs name real operations', () => {
    for (const tab of collection.tabs) {
      if (tab.kind === 'related') {
        requireOp(tab.operationId);
        continue;
      }
      const nested = collectionByKey(tab.collection);
      expect(nested.path.startsWith(`${collection.path}/:${collection.itemParam}/`), nested.path).toBe(true);
      expect(nested.path.split('/')).toHaveLength(collection.path.split('/').length + 2);
      expect(ownerOf(nested)).toBe(collection);
    }
  });

  it('hides only fields the create body has', () => {
    const create = collection.operations.create ? requireOp(collection.operations.create) : null;
    for (const field of collection.hiddenFields ?? []) {
      expect(Object.keys(create?.requestBody?.schema.properties ?? {})).toContain(field);
    }
  });

  it('resolves its own list, item and new routes back to itself', () => {
    const params = Object.fromEntries(
      routeParams.map((name) => [name, Object.keys(collection.paramValues?.[name] ?? {})[0] ?? `x-${name}`]),
    );
    const segments = adminHref(collection, params).split('/').slice(2);
    expect(resolveAdminPath(segments)).toMatchObject({ kind: 'list', collection });
    if (collection.itemParam) {
      expect(resolveAdminPath([...segments, 'i1'])).toMatchObject({ kind: 'item', collection, itemId: 'i1' });
      const expectedNew = collection.operations.create ? null : 'new';
      expect(resolveAdminPath([...segments, 'new'])).toMatchObject({ kind: 'item', itemId: expectedNew });
    }
  });
});

describe('the catalogue as a whole', () => {
  it('has one row per route', () => {
    const paths = CATALOGUE.map((collection) => collection.path);
    expect(new Set(paths).size).toBe(paths.length);
    const keys = CATALOGUE.map((collection) => collection.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves every sidebar link (the sidebar table is checked against the catalogue)', () => {
    for (const item of sidebarSections.flatMap((section) => section.items)) {
      const segments = item.href.split('/').slice(2);
      const location = resolveAdminPath(segments);
      expect(location.kind, item.href).toBe('list');
    }
    for (const target of Object.values(LANDING_REDIRECTS)) {
      expect(resolveAdminPath(target.split('/')).kind).toBe('list');
    }
  });

  it('lists every top-level collection in the sidebar', () => {
    const sidebarHrefs = new Set(sidebarSections.flatMap((section) => section.items.map((item) => item.href)));
    const topLevel = CATALOGUE.filter((collection) => ownerOf(collection) === null);
    for (const collection of topLevel) {
      const landing = collection.path.replace(/:direction/, 'incoming');
      expect(sidebarHrefs, collection.path).toContain(`/admin/${landing}`);
    }
  });

  it('finds nothing for paths outside the catalogue', () => {
    expect(resolveAdminPath(['nope'])).toEqual({ kind: 'not-found' });
    expect(resolveAdminPath(['orders', 'sideways'])).toEqual({ kind: 'not-found' });
    expect(resolveAdminPath(['buyers', 'b1', 'unknown-tab'])).toEqual({ kind: 'not-found' });
    expect(resolveAdminPath(['xp-indices', 'x1'])).toEqual({ kind: 'not-found' });
  });

  it('resolves a related tab to its owner item', () => {
    expect(resolveAdminPath(['products', 'p1', 'catalogs'])).toMatchObject({
      kind: 'related',
      owner: { itemId: 'p1', href: '/admin/products/p1' },
      tab: { label: 'Catalogs', operationId: 'Catalogs.ListProductAssignments' },
    });
    expect(resolveAdminPath(['buyers', 'b1', 'users'])).toMatchObject({
      kind: 'list',
      owner: { itemId: 'b1', href: '/admin/buyers/b1' },
    });
  });
});
