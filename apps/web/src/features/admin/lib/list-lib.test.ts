import { describe, expect, it } from 'vitest';
import { availableColumns, columnsStorageKey, defaultColumns, readColumns, writeColumns } from './columns';
import { isNarrowed, listQuery, nextSort, readListState, writeListState } from './list-url-state';
import { pageItems } from './pagination';

const render = (current: number, total: number) =>
  pageItems(current, total).map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pagination', () => {
  it('shows one boundary page and one sibling with ellipses', () => {
    expect(render(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(render(1, 10)).toEqual([1, 2, '…', 10]);
    expect(render(10, 10)).toEqual([1, '…', 9, 10]);
    expect(render(3, 10)).toEqual([1, 2, 3, 4, '…', 10]);
    expect(render(1, 1)).toEqual([1]);
    expect(render(1, 0)).toEqual([]);
    expect(render(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('list URL state', () => {
  it('reads search, sort, page and filters, leaving the signed-in context out', () => {
    const state = readListState(new URLSearchParams('organization=o&tenantName=t&s=shoe&sort=!Name&p=3&Active=true'));
    expect(state).toEqual({ search: 'shoe', sort: '!Name', page: 3, filters: { Active: 'true' } });
    expect(readListState(new URLSearchParams('p=abc')).page).toBe(1);
    expect(isNarrowed(state)).toBe(true);
    expect(isNarrowed(readListState(new URLSearchParams('sort=Name')))).toBe(false);
  });

  it('drops page 1 and empty values and keeps the context', () => {
    const next = writeListState(new URLSearchParams('organization=o&s=old&Name=x'), {
      search: '',
      sort: 'ID',
      page: 1,
      filters: { Name: '', Active: 'false' },
    });
    expect(next.toString()).toBe('organization=o&sort=ID&Active=false');
    const paged = writeListState(new URLSearchParams(), { search: 'a b', sort: '', page: 2, filters: {} });
    expect(paged.toString()).toBe('s=a+b&p=2');
  });

  it("keeps an assignment page's switcher choice out of the filters and across list changes", () => {
    const current = new URLSearchParams('organization=o&assign-UserGroupID=g1&Active=true');
    const state = readListState(current);
    expect(state.filters).toEqual({ Active: 'true' });
    expect(writeListState(current, { ...state, page: 2 }).toString()).toBe(
      'organization=o&assign-UserGroupID=g1&p=2&Active=true',
    );
  });

  it('cycles sort ascending, descending, default', () => {
    expect(nextSort('', 'Name')).toBe('Name');
    expect(nextSort('Name', 'Name')).toBe('!Name');
    expect(nextSort('!Name', 'Name')).toBe('');
    expect(nextSort('!ID', 'Name')).toBe('Name');
  });

  it('builds the platform query with filters as plain keys', () => {
    const query = listQuery({ search: 'x', sort: '!Name', page: 2, filters: { Active: 'true' } }, 20);
    expect(query).toEqual({ Active: 'true', page: 2, pageSize: 20, search: 'x', sortBy: '!Name' });
  });
});

describe('columns', () => {
  const schema = {
    type: 'object',
    properties: {
      ID: { type: 'string' },
      Name: { type: 'string' },
      Password: { type: 'string' },
      DefaultPriceScheduleID: { type: 'string' },
      Active: { type: 'boolean' },
      DateCreated: { type: 'string', format: 'date-time' },
      xp: { type: 'object' },
      Tags: { type: 'array' },
    },
  };
  const available = availableColumns(schema);

  it('offers scalar fields and defaults to neither passwords nor id fields', () => {
    expect(available.map((column) => column.field)).toEqual([
      'ID',
      'Name',
      'Password',
      'DefaultPriceScheduleID',
      'Active',
      'DateCreated',
    ]);
    expect(defaultColumns(available)).toEqual(['ID', 'Name', 'Active', 'DateCreated']);
    const many = availableColumns({
      type: 'object',
      properties: Object.fromEntries(
        ['Z1', 'Z2', 'Z3', 'Z4', 'Z5', 'Description', 'ID'].map((f) => [f, { type: 'string' }]),
      ),
    });
    expect(defaultColumns(many)).toEqual(['ID', 'Description', 'Z1', 'Z2', 'Z3', 'Z4']);
  });

  it('keeps the choice per marketplace and resource, dropping fields the model lost', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    const key = columnsStorageKey('mkt', 'products');
    expect(readColumns(storage, key, available)).toBeNull();
    writeColumns(storage, key, ['Name', 'Gone']);
    expect(readColumns(storage, key, available)).toEqual(['Name']);
    expect(readColumns(storage, columnsStorageKey('other', 'products'), available)).toBeNull();
    writeColumns(storage, key, null);
    expect(readColumns(storage, key, available)).toBeNull();
  });
});
