import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

/*
 * The portal service behind a valid sign-in: hostile text and bodies are client mistakes,
 * answered as problem details with 400, and nothing is stored.
 */

let t: PortalTestServer;
let owner: string;

beforeAll(async () => {
  t = await startPortalTestServer();
  owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
});
afterAll(() => t?.dispose());

const putRaw = (path: string, body: string) => t.call(path, owner, { method: 'PUT', body });

it.each([
  ['a NUL in a name', '{"Name":"Ops\\u0000","OcRoles":[]}'],
  ['a lone surrogate in a role', '{"Name":"Ops","OcRoles":["\\ud800"]}'],
  ['a body nested 10,000 levels deep', '{"Name":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}'],
])('refuses %s with 400 problem details and keeps the group as it was', async (_case, body) => {
  const before = await t.call('/marketplace/roles/custom-group-2', owner);
  // The group must exist, or two 404s would look 'unchanged'.
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ Id: 'custom-group-2' });
  const refused = await putRaw('/marketplace/roles/custom-group-2', body);
  expect(refused.status).toBe(400);
  expect(refused.type).toContain('application/problem+json');
  expect(refused.body).toMatchObject({ status: 400, title: 'Bad Request' });
  expect(await t.call('/marketplace/roles/custom-group-2', owner)).toEqual(before);
});

it('refuses a NUL in a path id and in a query value with 400, not a server error', async () => {
  expect((await t.call('/marketplace/roles/a%00b', owner)).status).toBe(400);
  expect((await t.call('/apiclients?search=%00', owner)).status).toBe(400);
});

// Every route declares its body, query and path with a schema; a refusal names the field in the portal's words.
it.each([
  [
    'a catalog id that is not text',
    'POST',
    '/synchronizecatalog',
    { CatalogID: { ID: 'c1' } },
    'CatalogID',
    'CatalogID must be text.',
  ],
  ['a blank catalog id', 'POST', '/synchronizecatalog', { CatalogID: '   ' }, 'CatalogID', 'CatalogID is required.'],
  [
    'a 101-character category id',
    'POST',
    '/synchronizecatalog',
    { CatalogID: 'c', CategoryID: 'x'.repeat(101) },
    'CategoryID',
    'CategoryID must be at most 100 characters.',
  ],
  ['a body that is a list', 'POST', '/processsubscriptions', [1], 'body', 'body must be an object.'],
  [
    'an index type the platform lacks',
    'GET',
    '/searchindexes?type=Carts',
    undefined,
    'type',
    'type must be Products or Orders.',
  ],
  ['a delivery page of 0', 'GET', '/deliveries?source=Sync&page=0', undefined, 'page', 'page must be at least 1.'],
  ['a delivery log without its source', 'GET', '/deliveries', undefined, 'source', 'source is required.'],
  ['a page that is not a number', 'GET', '/apiclients?page=two', undefined, 'page', 'page must be a whole number.'],
  [
    'a webhook URL of 2,001 characters',
    'PUT',
    '/stagingrestorewebhook',
    { URL: `https://${'a'.repeat(1_993)}` },
    'URL',
    'URL must be at most 2000 characters.',
  ],
])('refuses %s with 400 naming the field', async (_case, method, path, body, field, message) => {
  const refused = await t.call(path, owner, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  expect(refused.status).toBe(400);
  expect(refused.type).toContain('application/problem+json');
  expect(refused.body).toMatchObject({ status: 400, detail: message, errors: [{ field, message }] });
});
