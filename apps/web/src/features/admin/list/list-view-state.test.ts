import { describe, expect, it } from 'vitest';
import type { ListUrlState } from '../lib/list-url-state';
import { applyListChange } from './list-view-state';

// The list prefetches the state a click leads to (bench/admin-list.ts), so that state must be the one the URL gets.
describe('applyListChange', () => {
  const onPage3: ListUrlState = { search: 'shoe', sort: '!Name', page: 3, filters: { Active: 'true' } };

  it('keeps the page when the page itself changes', () => {
    expect(applyListChange(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it('goes back to page 1 on any other change, keeping the rest', () => {
    expect(applyListChange(onPage3, { sort: 'Name' })).toEqual({ ...onPage3, sort: 'Name', page: 1 });
    expect(applyListChange(onPage3, { search: '' })).toEqual({ ...onPage3, search: '', page: 1 });
    expect(applyListChange(onPage3, { filters: {} })).toEqual({ ...onPage3, filters: {}, page: 1 });
  });
});
