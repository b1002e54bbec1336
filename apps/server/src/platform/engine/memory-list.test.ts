import { describe, expect, it } from 'vitest';
import type { Item } from './item.ts';
import { ApiError } from './errors.ts';
import { parseListQuery, type RawQuery } from './list-query.ts';
import { fieldList, memoryList, memoryPage, modelList } from './memory-list.ts';
import { widgetRegistry } from './testing/widget-registry.ts';

const widgets: Item[] = [
  { ID: 'w1', Name: 'Sprocket', Price: 9.5, Active: true, Size: { Width: 2 }, xp: { Color: 'red', Rank: 3 } },
  { ID: 'w2', Name: 'gear', Price: 20, Active: false, Size: { Width: 5 }, xp: { Color: 'Blue', Rank: '3' } },
  { ID: 'w3', Name: 'Gearbox', Price: 20, Active: true, Size: null, xp: { Color: null, Tags: ['a', 'b'] } },
  { ID: 'w4', Name: null, Price: 5, Active: true, Size: { Width: 10 }, xp: {} },
];

const spec = modelList(widgetRegistry, widgetRegistry.model('Widget'), {
  searchable: ['ID', 'Name'],
  sortable: ['ID', 'Name', 'Price', 'Size.Width'],
});

const list = (raw: RawQuery, items: readonly Item[] = widgets) => memoryPage(spec, items, parseListQuery(raw));
const ids = (raw: RawQuery) => list(raw).Items.map((item) => item.ID);

function errorOf(run: () => unknown): { status: number; code: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.errors[0]?.ErrorCode };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('memory list filters', () => {
  it.each<[string, RawQuery, string[]]>([
    ['equality, without regard to case', { Name: 'GEAR' }, ['w2']],
    ['an ID', { ID: 'W3' }, ['w3']],
    ['a number', { Price: '20' }, ['w2', 'w3']],
    ['a boolean', { Active: 'false' }, ['w2']],
    ['a nested field', { 'Size.Width': '5' }, ['w2']],
    ['alternatives', { Name: 'sprocket|gear' }, ['w1', 'w2']],
    ['a negation', { Name: '!gear' }, ['w1', 'w3', 'w4']],
    ['a negated alternative (each alternative on its own)', { Price: '!20|5' }, ['w1', 'w4']],
    ['repeated keys, all of them', { Price: ['!20', '!5'] }, ['w1']],
    ['a wildcard', { Name: 'gear*' }, ['w2', 'w3']],
    ['a wildcard inside', { Name: '*ock*' }, ['w1']],
    ['any value', { Name: '*' }, ['w1', 'w2', 'w3']],
    ['no value', { Name: '!*' }, ['w4']],
    ['less than', { Price: '<20' }, ['w1', 'w4']],
    ['at most', { Price: '<=9.5' }, ['w1', 'w4']],
    ['more than', { Price: '>9.5' }, ['w2', 'w3']],
    ['at least', { 'Size.Width': '>=5' }, ['w2', 'w4']],
    ['text compared in order', { Name: '<H' }, ['w2', 'w3']],
    ['xp text, number or boolean alike', { 'xp.Rank': '3' }, ['w1', 'w2']],
    ['xp compared as numbers only when numeric', { 'xp.Rank': '>2' }, ['w1']],
    ['an xp array holding the value', { 'xp.Tags': 'b' }, ['w3']],
    ['an xp value without regard to case', { 'xp.Color': 'blue' }, ['w2']],
    ['several keys, all of them', { Active: 'true', Price: '>6' }, ['w1', 'w3']],
  ])('keeps %s', (_label, raw, expected) => {
    expect(ids(raw)).toEqual(expected);
  });

  it.each<[string, RawQuery, string]>([
    ['an unknown field', { Colour: 'red' }, 'List.InvalidProperty'],
    ['a write-only field', { Password: 'x' }, 'List.InvalidProperty'],
    ['text for a number', { Price: 'cheap' }, 'List.InvalidType'],
    ['a comparison of a number with text', { Price: '<cheap' }, 'List.InvalidType'],
    ['neither true nor false', { Active: 'yes' }, 'List.InvalidType'],
  ])('refuses %s with a 400', (_label, raw, code) => {
    expect(errorOf(() => list(raw))).toEqual({ status: 400, code });
  });

  it('checks the query before any item is seen', () => {
    expect(errorOf(() => list({ Colour: 'red' }, []))).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(errorOf(() => memoryList(spec, parseListQuery({ sortBy: 'Nope' })))).toMatchObject({ status: 400 });
  });
});

describe('memory list search', () => {
  it('finds the term anywhere in the searchable fields, without regard to case', () => {
    expect(ids({ search: 'GEAR' })).toEqual(['w2', 'w3']);
    expect(ids({ search: 'w4' })).toEqual(['w4']);
    expect(ids({ search: 'box', searchOn: 'ID' })).toEqual([]);
    expect(ids({ search: 'box', searchOn: 'Name,ID' })).toEqual(['w3']);
  });

  it('refuses to search a field that is not searchable', () => {
    expect(errorOf(() => list({ search: 'x', searchOn: 'Description' }))).toEqual({
      status: 400,
      code: 'List.InvalidSearchProperty',
    });
  });
});

describe('memory list sort and paging', () => {
  it('sorts by several keys, `!` for descending, nulls first going up', () => {
    expect(ids({ sortBy: 'Name' })).toEqual(['w4', 'w3', 'w1', 'w2']);
    expect(ids({ sortBy: ['!Price', 'Name'] })).toEqual(['w3', 'w2', 'w1', 'w4']);
    expect(ids({ sortBy: 'Price,!ID' })).toEqual(['w4', 'w1', 'w3', 'w2']);
    expect(ids({ sortBy: '!Size.Width' })).toEqual(['w4', 'w2', 'w1', 'w3']);
    expect(ids({ sortBy: 'xp.Rank' })).toEqual(['w3', 'w4', 'w1', 'w2']);
  });

  it('keeps the given order for ties unless the list breaks them', () => {
    const reversed = [...widgets].reverse();
    expect(list({ sortBy: 'Price' }, reversed).Items.map((item) => item.ID)).toEqual(['w4', 'w1', 'w3', 'w2']);
    const byId = modelList(widgetRegistry, widgetRegistry.model('Widget'), {
      searchable: [],
      sortable: ['Price'],
      tieBreak: (a, b) => String(a.ID).localeCompare(String(b.ID)),
    });
    const page = memoryPage(byId, reversed, parseListQuery({ sortBy: 'Price' }));
    expect(page.Items.map((item) => item.ID)).toEqual(['w4', 'w1', 'w2', 'w3']);
  });

  it('refuses fields that may not be sorted', () => {
    expect(errorOf(() => list({ sortBy: 'Description' }))).toEqual({ status: 400, code: 'List.InvalidSortProperty' });
    expect(errorOf(() => list({ sortBy: 'xp' }))).toEqual({ status: 400, code: 'List.InvalidSortProperty' });
  });

  it('pages after filtering and sorting, counting every match', () => {
    const page = list({ sortBy: 'ID', page: '2', pageSize: '2' });
    expect(page.Items.map((item) => item.ID)).toEqual(['w3', 'w4']);
    expect(page.Meta).toEqual({ Page: 2, PageSize: 2, TotalCount: 4, TotalPages: 2, ItemRange: [3, 4] });
    const filtered = list({ Active: 'true', sortBy: '!ID', pageSize: '1' });
    expect(filtered.Items.map((item) => item.ID)).toEqual(['w4']);
    expect(filtered.Meta).toMatchObject({ TotalCount: 3, TotalPages: 3, ItemRange: [1, 1] });
    expect(list({ page: '3', pageSize: '2' }).Items).toEqual([]);
  });
});

describe('memory lists of plain text fields', () => {
  const rows: Item[] = [
    { Code: 'b', Label: 'Beta' },
    { Code: 'a', Label: 'Alpha' },
    { Code: 'c', Label: null },
  ];
  const codes = (raw: RawQuery) => memoryPage(['Code', 'Label'], rows, parseListQuery(raw)).Items.map((r) => r.Code);

  it('filters, searches and sorts on the listed fields only', () => {
    expect(codes({})).toEqual(['b', 'a', 'c']);
    expect(codes({ Label: 'a*|!*' })).toEqual(['a', 'c']);
    expect(codes({ search: 'ET' })).toEqual(['b']);
    expect(codes({ sortBy: '!Label' })).toEqual(['b', 'a', 'c']);
    expect(codes({ sortBy: 'Code' })).toEqual(['a', 'b', 'c']);
  });

  it('refuses any other field with the error codes of store lists', () => {
    const refused = (raw: RawQuery) => errorOf(() => memoryPage(fieldList(['Code']), rows, parseListQuery(raw)));
    expect(refused({ Label: 'x' })).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(refused({ search: 'x', searchOn: 'Label' })).toEqual({ status: 400, code: 'List.InvalidSearchProperty' });
    expect(refused({ sortBy: 'Label' })).toEqual({ status: 400, code: 'List.InvalidSortProperty' });
  });
});
