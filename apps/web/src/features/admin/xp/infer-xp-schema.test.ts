import { describe, expect, it, vi } from 'vitest';
import type { ListPage } from '@/services/platform';
import { inferXpSchema, type XpSource } from './infer-xp-schema';
import { inferXpFromList, readXpItems, XP_INFERENCE_PAGE_SIZE } from './read-xp-items';
import {
  readCachedXpSchema,
  withSchemaProperty,
  writeCachedXpSchema,
  XP_SCHEMA_VERSION,
  xpSchemaStorageKey,
} from './xp-schema-cache';

/** A list of `count` items served in pages the way the platform answers. */
function pagedList(items: readonly XpSource[]) {
  return vi.fn((page: number, pageSize: number): Promise<ListPage<XpSource>> => {
    const start = (page - 1) * pageSize;
    const slice = items.slice(start, start + pageSize);
    const totalPages = Math.ceil(items.length / pageSize);
    return Promise.resolve({
      Items: [...slice],
      Meta: {
        Page: page,
        PageSize: pageSize,
        TotalCount: items.length,
        TotalPages: totalPages,
        ItemRange: [start + 1, start + slice.length],
      },
    });
  });
}

const products = (count: number, xp: (index: number) => unknown): XpSource[] =>
  Array.from({ length: count }, (_, index) => ({ ID: `p${index + 1}`, xp: xp(index) }));

const signal = () => new AbortController().signal;

describe('reading items for xp inference', () => {
  it('reads every page of 100 of a 540-item list and stops when the list is complete', async () => {
    const readPage = pagedList(products(540, () => ({})));
    const progress = vi.fn();
    const { items, complete } = await readXpItems(readPage, { signal: signal(), onProgress: progress });
    expect(items).toHaveLength(540);
    expect(complete).toBe(true);
    expect(readPage).toHaveBeenCalledTimes(6);
    expect(readPage.mock.calls.every(([, size]) => size === XP_INFERENCE_PAGE_SIZE)).toBe(true);
    expect(progress.mock.calls.map(([p]) => p as unknown)).toEqual([
      { done: 100, total: 540 },
      { done: 200, total: 540 },
      { done: 300, total: 540 },
      { done: 400, total: 540 },
      { done: 500, total: 540 },
      { done: 540, total: 540 },
    ]);
  });

  it('stops at 10 pages (1,000 items) of a longer list and says it is not complete', async () => {
    const readPage = pagedList(products(2500, () => ({})));
    const { items, complete } = await readXpItems(readPage, { signal: signal() });
    expect(readPage).toHaveBeenCalledTimes(10);
    expect(items).toHaveLength(1000);
    expect(complete).toBe(false);
  });

  it('reads one page of a short list', async () => {
    const readPage = pagedList(products(3, () => ({ a: 1 })));
    await readXpItems(readPage, { signal: signal() });
    expect(readPage).toHaveBeenCalledTimes(1);
  });

  it('infers from items on several pages: a property only the last page has is in the schema', async () => {
    const readPage = pagedList(products(250, (index) => (index === 249 ? { Late: true } : { Early: 'x' })));
    const inference = await inferXpFromList(readPage, { signal: signal() });
    expect(inference.schema.properties).toEqual({ Early: { type: 'string' }, Late: { type: 'boolean' } });
    expect(inference.itemsRead).toBe(250);
  });

  it('falls back to an empty schema when the list cannot be read', async () => {
    const inference = await inferXpFromList(() => Promise.reject(new Error('403')), { signal: signal() });
    expect(inference).toMatchObject({ schema: { type: 'object', properties: {} }, conflicts: [], failed: true });
  });

  it('passes an abort on instead of falling back', async () => {
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(inferXpFromList(pagedList([]), { signal: controller.signal })).rejects.toThrow('left the page');
  });
});

describe('inferring the xp schema', () => {
  it('types string, number, integer, boolean, object and array, following nested objects', () => {
    const { schema, conflicts } = inferXpSchema([
      {
        ID: 'a',
        xp: { Name: 'x', Weight: 2.5, Count: 3, New: true, Care: { Wash: '30', Dims: { W: 1 } }, Tags: ['t'] },
      },
    ]);
    expect(conflicts).toEqual([]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        Name: { type: 'string' },
        Weight: { type: 'number' },
        Count: { type: 'integer' },
        New: { type: 'boolean' },
        Care: {
          type: 'object',
          properties: { Wash: { type: 'string' }, Dims: { type: 'object', properties: { W: { type: 'integer' } } } },
        },
        Tags: { type: 'array', items: { type: 'string' } },
      },
    });
  });

  it('takes whole and fractional numbers as one number type, not a conflict', () => {
    const { schema, conflicts } = inferXpSchema([
      { ID: 'a', xp: { Weight: 2 } },
      { ID: 'b', xp: { Weight: 2.5 } },
    ]);
    expect(schema.properties?.Weight).toEqual({ type: 'number' });
    expect(conflicts).toEqual([]);
  });

  it('gives a disputed property the type most items hold and names the items that disagree', () => {
    const items = [
      ...products(5, () => ({ Size: 42 })),
      { ID: 'text-1', xp: { Size: 'XL' } },
      { ID: 'text-2', xp: { Size: 'M' } },
      { ID: 'flag', xp: { Size: true } },
    ];
    const { schema, conflicts } = inferXpSchema(items);
    expect(schema.properties?.Size).toEqual({ type: 'integer' });
    expect(conflicts).toEqual([
      {
        path: 'Size',
        winner: 'integer',
        winnerCount: 5,
        disagreeing: [
          { id: 'text-1', type: 'string' },
          { id: 'text-2', type: 'string' },
          { id: 'flag', type: 'boolean' },
        ],
      },
    ]);
  });

  it('reports conflicts inside nested objects by their dot path', () => {
    const { conflicts } = inferXpSchema([
      { ID: 'a', xp: { Care: { Temp: 30 } } },
      { ID: 'b', xp: { Care: { Temp: 40 } } },
      { ID: 'c', xp: { Care: { Temp: 'cold' } } },
    ]);
    expect(conflicts.map((conflict) => [conflict.path, conflict.disagreeing.map((d) => d.id)])).toEqual([
      ['Care.Temp', ['c']],
    ]);
  });

  it('never makes array items arrays: nested lists are skipped, and empty lists get text items', () => {
    const { schema, conflicts } = inferXpSchema([{ ID: 'a', xp: { Grid: [[1, 2]], Scores: [1, [2]], Empty: [] } }]);
    expect(schema.properties).toEqual({
      Grid: { type: 'array', items: { type: 'string' } },
      Scores: { type: 'array', items: { type: 'integer' } },
      Empty: { type: 'array', items: { type: 'string' } },
    });
    expect(conflicts).toEqual([]);
  });

  it('infers object items of lists and the conflicts among them', () => {
    const { schema, conflicts } = inferXpSchema([
      { ID: 'a', xp: { Parts: [{ Qty: 1 }, { Qty: 2 }] } },
      { ID: 'b', xp: { Parts: [{ Qty: 'one' }] } },
      { ID: 'c', xp: { Parts: [{ Qty: 3 }] } },
    ]);
    expect(schema.properties?.Parts).toEqual({
      type: 'array',
      items: { type: 'object', properties: { Qty: { type: 'integer' } } },
    });
    expect(conflicts).toMatchObject([{ path: 'Parts[].Qty', winner: 'integer', disagreeing: [{ id: 'b' }] }]);
  });

  it('leaves out properties that are only ever null and items without xp', () => {
    const { schema } = inferXpSchema([{ ID: 'a', xp: { SizeUnit: null } }, { ID: 'b' }, { ID: 'c', xp: 'odd' }]);
    expect(schema.properties).toEqual({});
  });
});

describe('the xp schema cache', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
      map,
    };
  };
  const inference = inferXpSchema([{ ID: 'a', xp: { Color: 'Red' } }]);

  it('keys by marketplace and resource', () => {
    expect(xpSchemaStorageKey('demo-sandbox', 'products')).toBe('admin-xp-schema:demo-sandbox:products');
    expect(xpSchemaStorageKey('demo-staging', 'products')).not.toBe(xpSchemaStorageKey('demo-sandbox', 'products'));
    expect(xpSchemaStorageKey('demo-sandbox', 'buyers.users')).not.toBe(xpSchemaStorageKey('demo-sandbox', 'products'));
  });

  it('stores under version 1.0.0 and reads back what it stored', () => {
    const store = storage();
    writeCachedXpSchema(store, 'k', inference);
    expect(XP_SCHEMA_VERSION).toBe('1.0.0');
    expect(JSON.parse(store.map.get('k') ?? '{}')).toMatchObject({ version: '1.0.0' });
    expect(readCachedXpSchema(store, 'k')).toEqual(inference);
  });

  it('ignores an entry of another version, an unreadable one and a missing one', () => {
    const store = storage();
    store.setItem('old', JSON.stringify({ version: '0.9.0', inference }));
    store.setItem('bad', '{not json');
    expect(readCachedXpSchema(store, 'old')).toBeNull();
    expect(readCachedXpSchema(store, 'bad')).toBeNull();
    expect(readCachedXpSchema(store, 'none')).toBeNull();
    expect(readCachedXpSchema(undefined, 'none')).toBeNull();
  });

  it('does not keep the empty schema of a failed read', () => {
    const store = storage();
    writeCachedXpSchema(store, 'k', { ...inference, failed: true });
    expect(store.map.size).toBe(0);
  });

  it('adds and removes a property of the cached schema', () => {
    const added = withSchemaProperty(inference, 'Weight', { type: 'number' });
    expect(added.schema.properties).toEqual({ Color: { type: 'string' }, Weight: { type: 'number' } });
    expect(withSchemaProperty(added, 'Color', null).schema.properties).toEqual({ Weight: { type: 'number' } });
  });
});
