import { beforeAll, describe, expect, it } from 'vitest';
import { useEngineApp } from '../engine/testing/engine-app.ts';
import { platformRegistry } from './index.ts';

const { call } = useEngineApp(platformRegistry);

/** IDs of the categories of catalog `c1` a list call answers, sorted. */
async function categoryIds(query: string): Promise<string[]> {
  const { status, body } = await call({ url: `/catalogs/c1/categories?sortBy=ID&pageSize=100${query}` });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as { Items: { ID: string }[] }).Items.map((item) => item.ID);
}

// c1:  a (level 1) > a1 (2) > a11 (3) > a111 (4);  b (1, empty ParentID) > b1 (2);  c2 holds x (1).
const CATEGORIES: readonly [string, string, string | undefined][] = [
  ['c1', 'a', undefined],
  ['c1', 'a1', 'a'],
  ['c1', 'a11', 'a1'],
  ['c1', 'a111', 'a11'],
  ['c1', 'b', ''],
  ['c1', 'b1', 'b'],
  ['c2', 'x', undefined],
];

beforeAll(async () => {
  for (const id of ['c1', 'c2', 'empty']) await call({ method: 'POST', url: '/catalogs', body: { ID: id, Name: id } });
  for (const [catalog, id, parent] of CATEGORIES) {
    const created = await call({
      method: 'POST',
      url: `/catalogs/${catalog}/categories`,
      body: { ID: id, Name: id, ...(parent === undefined ? {} : { ParentID: parent }) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

describe('Categories.List depth', () => {
  it('lists the top level by default and for depth=1', async () => {
    expect(await categoryIds('')).toEqual(['a', 'b']);
    expect(await categoryIds('&depth=1')).toEqual(['a', 'b']);
  });

  it('lists down to level n for depth=n', async () => {
    expect(await categoryIds('&depth=2')).toEqual(['a', 'a1', 'b', 'b1']);
    expect(await categoryIds('&depth=3')).toEqual(['a', 'a1', 'a11', 'b', 'b1']);
    expect(await categoryIds('&depth=4')).toEqual(['a', 'a1', 'a11', 'a111', 'b', 'b1']);
    expect(await categoryIds('&depth=50')).toEqual(['a', 'a1', 'a11', 'a111', 'b', 'b1']);
  });

  it('lists every level for depth=all', async () => {
    expect(await categoryIds('&depth=all')).toEqual(['a', 'a1', 'a11', 'a111', 'b', 'b1']);
    expect(await categoryIds('&depth=ALL')).toEqual(['a', 'a1', 'a11', 'a111', 'b', 'b1']);
  });

  it('keeps search, filters and paging within the depth', async () => {
    expect(await categoryIds('&depth=2&search=a')).toEqual(['a', 'a1']);
    expect(await categoryIds('&depth=3&ParentID=a1')).toEqual(['a11']);
    const page = await call({ url: '/catalogs/c1/categories?depth=2&sortBy=ID&pageSize=3&page=2' });
    expect(page.body.Items.map((item: { ID: string }) => item.ID)).toEqual(['b1']);
    expect(page.body.Meta).toMatchObject({ TotalCount: 4, TotalPages: 2 });
  });

  it('stays inside the catalog and answers an empty list for an empty one', async () => {
    const other = await call({ url: '/catalogs/c2/categories?depth=3' });
    expect(other.body.Items.map((item: { ID: string }) => item.ID)).toEqual(['x']);
    const empty = await call({ url: '/catalogs/empty/categories?depth=2' });
    expect(empty.body).toMatchObject({ Items: [], Meta: { TotalCount: 0 } });
  });

  it('refuses a depth that is not a whole number of 1 or more, or all', async () => {
    for (const depth of ['0', '-1', '1.5', 'two']) {
      const { status, body } = await call({ url: `/catalogs/c1/categories?depth=${depth}` });
      expect(status, depth).toBe(400);
      expect(body.Errors[0].ErrorCode, depth).toBe('Category.InvalidDepth');
    }
  });
});
