import { describe, expect, it } from 'vitest';
import {
  clearSelection,
  emptySelection,
  inScope,
  isSelected,
  keepOnly,
  needsTypedConfirm,
  selectAllMatching,
  selectedCount,
  selectionScope,
  selectRows,
} from './selection';

const scope = selectionScope({ buyerID: 'b1' }, { search: 'shoe', filters: { Active: 'true' } });

describe('bulk selection', () => {
  it('ticks rows one by one and a page at a time, and keeps them across pages', () => {
    let selection = selectRows(emptySelection(scope), ['p1'], true);
    selection = selectRows(selection, ['p2', 'p3'], true);
    // The next page's rows join the ones ticked before.
    selection = selectRows(selection, ['p21', 'p22'], true);
    expect(selectedCount(selection, 40)).toBe(5);
    selection = selectRows(selection, ['p2', 'p3'], false);
    expect([...selection.ids]).toEqual(['p1', 'p21', 'p22']);
    expect(isSelected(selection, 'p2')).toBe(false);
    expect(isSelected(selection, 'p21')).toBe(true);
  });

  it('selects every matching item across pages, less the rows unticked afterwards', () => {
    let selection = selectAllMatching(selectRows(emptySelection(scope), ['p1'], true));
    expect(selectedCount(selection, 240)).toBe(240);
    expect(isSelected(selection, 'never-listed')).toBe(true);
    selection = selectRows(selection, ['p7'], false);
    expect(selectedCount(selection, 240)).toBe(239);
    expect(isSelected(selection, 'p7')).toBe(false);
    selection = selectRows(selection, ['p7'], true);
    expect(selectedCount(selection, 240)).toBe(240);
    expect(selectedCount(clearSelection(selection), 240)).toBe(0);
  });

  it('clears when the search or a filter changes, not when the page or sort does', () => {
    const selection = selectRows(emptySelection(scope), ['p1'], true);
    const samePlaceOtherPage = selectionScope({ buyerID: 'b1' }, { search: 'shoe', filters: { Active: 'true' } });
    expect(inScope(selection, samePlaceOtherPage)).toBe(selection);
    const otherSearch = selectionScope({ buyerID: 'b1' }, { search: 'boot', filters: { Active: 'true' } });
    expect(selectedCount(inScope(selection, otherSearch), 10)).toBe(0);
    const otherFilter = selectionScope({ buyerID: 'b1' }, { search: 'shoe', filters: {} });
    expect(selectedCount(inScope(selectAllMatching(selection), otherFilter), 10)).toBe(0);
    const otherBuyer = selectionScope({ buyerID: 'b2' }, { search: 'shoe', filters: { Active: 'true' } });
    expect(inScope(selection, otherBuyer).scope).toBe(otherBuyer);
  });

  it('names a scope the same whatever order its filters were set in', () => {
    expect(selectionScope({}, { search: '', filters: { A: '1', B: '2' } })).toBe(
      selectionScope({}, { search: '', filters: { B: '2', A: '1' } }),
    );
  });

  it('keeps only the failed rows after a run, out of all-matching mode', () => {
    const kept = keepOnly(selectAllMatching(emptySelection(scope)), ['p4', 'p9']);
    expect(kept.allMatching).toBe(false);
    expect(selectedCount(kept, 240)).toBe(2);
    expect(isSelected(kept, 'p4')).toBe(true);
  });

  it('asks for the number typed only for more than 1,000 matching items', () => {
    const all = selectAllMatching(emptySelection(scope));
    expect(needsTypedConfirm(all, 1000)).toBe(false);
    expect(needsTypedConfirm(all, 1001)).toBe(true);
    expect(needsTypedConfirm(emptySelection(scope), 1500)).toBe(false);
  });
});
