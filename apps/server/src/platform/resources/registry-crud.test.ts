import { describe, expect, it } from 'vitest';
import { defaultSortable } from '../engine/pg-sql.ts';
import { platformRegistry } from './index.ts';
import {
  CASES,
  describeReply,
  errors,
  items,
  query,
  registryResources,
  resourceCases,
  SKIPS,
  totalCount,
  useRegistryApp,
} from './testing/registry-cases.ts';
import { KEY_FIELDS, sampleId, type Created, type Item } from './testing/sample-bodies.ts';
import type { AssignmentDefinition, ResourceDefinition } from './types.ts';

// The standard operations and the assignments of every resource, run generically
// (shared set-up: testing/registry-cases.ts).
const { call, factory } = useRegistryApp();

/** The body as the API answers it back: without write-only fields. */
function withoutWriteOnly(resource: ResourceDefinition, body: Item): Item {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !resource.model.fields[name]?.writeOnly));
}

function omit(item: Item, names: readonly string[]): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !names.includes(name)));
}

/** Fields that tell objects apart in a list: ID, or the key of a model without one (see `KEY_FIELDS`). */
function keyFieldsOf(resource: ResourceDefinition): readonly string[] | undefined {
  return resource.model.fields.ID ? ['ID'] : KEY_FIELDS[resource.model.name];
}

/** The key of an object as list filters: `{ ID: 'x' }`, or `{ OrderID: 'o', LineItemID: 'l' }`. */
function keyOf(resource: ResourceDefinition, item: Item): Record<string, string> {
  const fields = keyFieldsOf(resource);
  if (!fields) throw new Error(`${resource.model.name} has no ID: add its key fields to KEY_FIELDS`);
  return Object.fromEntries(fields.map((field) => [field, String(item[field])]));
}

/**
 * A scalar field besides the key to filter on and its filter value: the object's own value, or `!*`
 * when it has none. Writable fields are preferred (read-only ones may be computed, not stored); a
 * model whose every other field is read-only (approvals) is filtered on what the platform stored.
 */
function filterOn(resource: ResourceDefinition, item: Item): { field: string; value: string } {
  const key = keyFieldsOf(resource) ?? ['ID'];
  const scalar = Object.entries(resource.model.fields).filter(
    ([name, field]) =>
      name !== 'ID' &&
      !key.includes(name) &&
      !field.writeOnly &&
      (field.type === 'string' || field.type === 'integer' || field.type === 'number' || field.type === 'boolean'),
  );
  const writable = scalar.filter(([, field]) => !field.readOnly);
  const candidates = writable.length > 0 || resource.model.fields.ID ? writable : scalar;
  const withValue = candidates.find(([name]) => item[name] !== null && item[name] !== undefined);
  if (withValue) return { field: withValue[0], value: String(item[withValue[0]]) };
  const [first] = candidates;
  return first ? { field: first[0], value: '!*' } : { field: 'ID', value: String(item.ID) };
}

describe.each(registryResources)('$name', (resource) => {
  const { offered, skips, generic } = resourceCases(resource);
  const objectType = resource.model.name;

  let parents: Record<string, string> | undefined;
  /** Parent (and scope) parameters shared by this resource's cases, created once. */
  const parentParams = async () => (parents ??= await factory.params(resource.path, resource.scopeParams ?? []));
  const collection = async () => factory.url(resource.path, await parentParams());

  let subject: Created | undefined;
  /** The object the cases work on: made by the Create case, or here when that case did not make it. */
  async function existing(): Promise<Created> {
    subject ??= await factory.create(resource, await parentParams());
    return subject;
  }

  generic('Create', 'Create answers 201 with a Location and the object', async () => {
    const params = await parentParams();
    const body = await factory.body(resource, params);
    const url = await collection();
    const created = await call('POST', url, body);
    expect(created.status, describeReply(created)).toBe(201);
    const item = created.body as Item;
    expect(item).toMatchObject(withoutWriteOnly(resource, body));
    if (resource.model.fields.ID && !resource.singleton) {
      expect(item.ID).toEqual(expect.any(String));
      expect(created.headers.location).toBe(`/platform/v1${url}/${String(item.ID)}`);
    }
    subject = { item, body, params, url: resource.singleton ? url : `${url}/${encodeURIComponent(String(item.ID))}` };
  });

  generic('Get', 'Get answers 200 with the object as created', async () => {
    const { item, url } = await existing();
    const got = await call('GET', url);
    expect(got.status, describeReply(got)).toBe(200);
    expect(got.body).toEqual(item);
  });

  const keyTitle = (keyFieldsOf(resource) ?? ['ID']).join(' and ');
  generic('List', `List filtered by ${keyTitle} finds the object`, async () => {
    const { item } = await existing();
    const listed = await call('GET', `${await collection()}?${query(keyOf(resource, item))}`);
    expect(listed.status, describeReply(listed)).toBe(200);
    expect(items(listed)).toEqual([item]);
    expect(totalCount(listed)).toBe(1);
  });

  generic('Sort', 'List sorts by every sortable field, both ways', async () => {
    // Sorting is checked over an object when one can be made; a failing create is its own case's report.
    if (factory.canCreate(resource)) await existing().catch(() => undefined);
    const url = await collection();
    const sortable = resource.sortable ?? defaultSortable(resource);
    expect(sortable.length).toBeGreaterThan(0);
    for (const field of sortable) {
      for (const key of [field, `!${field}`]) {
        const sorted = await call('GET', `${url}?${query({ sortBy: key })}`);
        expect.soft(sorted.status, `sortBy=${key}: ${describeReply(sorted)}`).toBe(200);
      }
    }
  });

  generic('Filter', 'List filtered on a scalar field finds the object', async () => {
    const { item } = await existing();
    const { field, value } = filterOn(resource, item);
    const key = keyOf(resource, item);
    const filtered = await call('GET', `${await collection()}?${query({ ...key, [field]: value })}`);
    expect(filtered.status, `${field}=${value}: ${describeReply(filtered)}`).toBe(200);
    expect(items(filtered).map((found) => keyOf(resource, found))).toEqual([key]);
  });

  if ('xp' in resource.model.fields) {
    generic('PatchXp', 'Patch of xp deep-merges and leaves the rest alone', async () => {
      const { item, url } = await existing();
      const first = await call('PATCH', url, { xp: { Sample: { a: 1 }, Keep: 'k' } });
      expect(first.status, describeReply(first)).toBe(200);
      const second = await call('PATCH', url, { xp: { Sample: { b: 2 } } });
      expect(second.status, describeReply(second)).toBe(200);
      const patched = second.body as Item;
      expect(patched.xp).toEqual({ ...(item.xp as Item), Sample: { a: 1, b: 2 }, Keep: 'k' });
      expect(omit(patched, ['xp', 'LastUpdated'])).toEqual(omit(item, ['xp', 'LastUpdated']));
      expect((await call('GET', url)).body).toEqual(patched);
    });
  }

  generic('Save', 'Save (PUT) of the create body answers 200 and stores it', async () => {
    const { item, body, url } = await existing();
    const saved = await call('PUT', url, body);
    expect(saved.status, describeReply(saved)).toBe(200);
    expect(saved.body).toMatchObject({ ...withoutWriteOnly(resource, body), ...(item.ID ? { ID: item.ID } : {}) });
    expect((await call('GET', url)).body).toEqual(saved.body);
  });

  generic('RoundTrip', 'Save (PUT) of the object as read back answers 200 unchanged', async () => {
    const { url } = await existing();
    const read = (await call('GET', url)).body as Item;
    const saved = await call('PUT', url, read);
    expect(saved.status, describeReply(saved)).toBe(200);
    expect(omit(saved.body as Item, ['LastUpdated'])).toEqual(omit(read, ['LastUpdated']));
  });

  generic('IdExists', 'Create with an existing ID answers 409 IdExists', async () => {
    const { item, params } = await existing();
    // A fresh body, so only the ID clashes (and no uniqueness rule of a hook answers first).
    const again = { ...(await factory.body(resource, params)), ID: item.ID };
    const conflict = await call('POST', await collection(), again);
    expect(conflict.status, describeReply(conflict)).toBe(409);
    expect(errors(conflict)[0]).toMatchObject({
      ErrorCode: 'IdExists',
      Data: { ObjectType: objectType, ObjectID: item.ID },
    });
  });

  generic('NotFound', 'Get of a missing ID answers 404 NotFound naming it', async () => {
    const missing = sampleId('missing');
    const got = await call('GET', `${await collection()}/${missing}`);
    expect(got.status, describeReply(got)).toBe(404);
    expect(errors(got)).toEqual([
      expect.objectContaining({ ErrorCode: 'NotFound', Data: { ObjectType: objectType, ObjectID: missing } }),
    ]);
  });

  generic(
    'UnknownProperty',
    'Create with an unknown property answers 400 ValidationFailure and writes nothing',
    async () => {
      const params = await parentParams();
      const url = await collection();
      const body: Item = { ...(await factory.body(resource, params)), NotAProperty: 'x' };
      const before = offered.has('List') ? totalCount(await call('GET', url)) : undefined;
      const refused = await call('POST', url, body);
      expect(refused.status, describeReply(refused)).toBe(400);
      expect(errors(refused)).toContainEqual(
        expect.objectContaining({ ErrorCode: 'ValidationFailure', Data: { Property: 'NotAProperty' } }),
      );
      if (typeof body.ID === 'string' && offered.has('Get'))
        expect((await call('GET', `${url}/${body.ID}`)).status).toBe(404);
      if (offered.has('List')) expect(totalCount(await call('GET', url))).toBe(before);
    },
  );

  generic('Delete', 'Delete answers 204, then Get answers 404', async () => {
    const { url } = await existing();
    const deleted = await call('DELETE', url);
    expect(deleted.status, describeReply(deleted)).toBe(204);
    subject = undefined;
    if (offered.has('Get')) expect((await call('GET', url)).status).toBe(404);
  });

  const assignments = (resource.assignments ?? []).map((assignment) => ({ name: assignment.model.name, assignment }));
  for (const { name, assignment } of assignments) {
    const reason = skips[`assignment:${name}`] ?? skips.all;
    const title = `assignment ${name}: save answers 204, list finds it, delete answers 204`;
    if (reason) it.todo(`${title} [not run: ${reason}]`);
    else it(title, () => exerciseAssignment(assignment));
  }
});

async function exerciseAssignment(assignment: AssignmentDefinition): Promise<void> {
  const { body, params } = await factory.assignment(assignment);
  const path = factory.url(assignment.path, params);
  const saved = await call('POST', path, body);
  expect(saved.status, `POST ${path} ${JSON.stringify(body)}: ${describeReply(saved)}`).toBe(204);

  const filters: Record<string, string> = {};
  for (const [param, field] of Object.entries(assignment.listFilters)) {
    const given = body[field];
    if (given !== undefined && given !== null) filters[param] = String(given);
  }
  const listUrl = `${path}?${query(filters)}`;
  const listed = await call('GET', listUrl);
  expect(listed.status, describeReply(listed)).toBe(200);
  expect(items(listed), `GET ${listUrl}`).toContainEqual(expect.objectContaining(body));

  const deleteParams: Record<string, string> = { ...params };
  for (const [param, field] of Object.entries(assignment.deleteParams)) deleteParams[param] = String(body[field]);
  const deleteQuery: Record<string, string> = {};
  for (const [param, field] of Object.entries(assignment.deleteQuery ?? {})) {
    const given = body[field];
    if (given !== undefined && given !== null) deleteQuery[param] = String(given);
  }
  const deleteUrl = `${factory.url(assignment.deletePath, deleteParams)}${Object.keys(deleteQuery).length > 0 ? `?${query(deleteQuery)}` : ''}`;
  const deleted = await call('DELETE', deleteUrl);
  expect(deleted.status, `DELETE ${deleteUrl}: ${describeReply(deleted)}`).toBe(204);
  expect(items(await call('GET', listUrl)), `GET ${listUrl} after delete`).not.toContainEqual(
    expect.objectContaining(body),
  );
}

describe('the skip table', () => {
  it('names only resources, cases and assignments that exist', () => {
    for (const [name, cases] of Object.entries(SKIPS)) {
      const resource = platformRegistry.resource(name);
      const known = new Set<string>([
        'all',
        ...Object.keys(CASES),
        ...(resource.assignments ?? []).map((assignment) => `assignment:${assignment.model.name}`),
      ]);
      for (const key of Object.keys(cases)) expect(known, `${name}.${key}`).toContain(key);
    }
  });
});
