import { describe, expect, it } from 'vitest';
import { extraLayout, type ExtraListColumn } from './extra-columns';

const column = (key: string, placement: ExtraListColumn['placement']): ExtraListColumn => ({
  key,
  placement,
  header: key,
  cell: () => key,
});

describe('extraLayout', () => {
  const columns = [
    column('select', 'start'),
    column('price', { afterField: 'Name' }),
    column('stock', { afterField: 'Name' }),
    column('assignment', 'end'),
  ];

  it('puts columns first, last, or after the field they name, in the page order', () => {
    const layout = extraLayout(columns, ['ID', 'Name', 'Active']);
    const keys = (list: readonly ExtraListColumn[]) => list.map((entry) => entry.key);
    expect(keys(layout.leading)).toEqual(['select']);
    expect(keys(layout.afterField('Name'))).toEqual(['price', 'stock']);
    expect(keys(layout.afterField('ID'))).toEqual([]);
    expect(keys(layout.trailing)).toEqual(['assignment']);
  });

  it("moves columns placed after a hidden field to the end, ahead of the page's trailing ones", () => {
    const layout = extraLayout(columns, ['ID']);
    expect(layout.trailing.map((entry) => entry.key)).toEqual(['price', 'stock', 'assignment']);
    expect(layout.afterField('Name')).toEqual([]);
  });
});
