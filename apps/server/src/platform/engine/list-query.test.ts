import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { listPage, parseListQuery } from './list-query.ts';

describe('parseListQuery', () => {
  it('reads paging, search, comma lists and leaves the rest as filters', () => {
    const query = parseListQuery(
      {
        page: '2',
        pageSize: '50',
        search: ' blue ',
        searchOn: 'Name,ID',
        sortBy: ['!Price', 'Name'],
        Active: 'true',
        'xp.Color': ['!red', '!blue'],
        depth: 'all',
      },
      ['depth'],
    );
    expect(query).toEqual({
      search: 'blue',
      searchOn: ['Name', 'ID'],
      sortBy: ['!Price', 'Name'],
      page: 2,
      pageSize: 50,
      filters: [
        { field: 'Active', values: ['true'] },
        { field: 'xp.Color', values: ['!red', '!blue'] },
      ],
    });
  });

  it('defaults to page 1 of 20', () => {
    expect(parseListQuery({})).toMatchObject({ page: 1, pageSize: 20, sortBy: [], filters: [] });
  });

  it.each([['101'], ['0'], ['abc'], ['2.5']])('refuses pageSize=%s with List.InvalidPageSize', (pageSize) => {
    try {
      parseListQuery({ pageSize });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors[0]?.ErrorCode).toBe('List.InvalidPageSize');
      expect((error as ApiError).status).toBe(400);
    }
  });
});

describe('listPage', () => {
  it('reports a 1-based item range and the page count', () => {
    expect(listPage(['a', 'b', 'c'], 23, { page: 3, pageSize: 10 }).Meta).toEqual({
      Page: 3,
      PageSize: 10,
      TotalCount: 23,
      TotalPages: 3,
      ItemRange: [21, 23],
    });
    expect(listPage([], 0, { page: 1, pageSize: 20 }).Meta.ItemRange).toEqual([0, 0]);
  });
});
