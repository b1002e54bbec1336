import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '@/services/platform';
import {
  buildCsv,
  csvCell,
  EXPORT_PAGE_SIZE,
  exportFileName,
  exportListCsv,
  fetchAllItems,
  type ExportItem,
  type ExportProgress,
} from './export-csv';

/** A list of `count` items served in pages, recording which pages were asked for. */
function pagedList(count: number) {
  const all = Array.from({ length: count }, (_, index) => ({ ID: `p${index + 1}`, Name: `Product ${index + 1}` }));
  const asked: { page: number; pageSize: number }[] = [];
  const readPage = async (page: number, pageSize: number): Promise<ListPage<ExportItem>> => {
    asked.push({ page, pageSize });
    const start = (page - 1) * pageSize;
    const items = all.slice(start, start + pageSize);
    return {
      Items: items,
      Meta: {
        Page: page,
        PageSize: pageSize,
        TotalCount: count,
        TotalPages: Math.ceil(count / pageSize),
        ItemRange: [start + 1, start + items.length],
      },
    };
  };
  return { readPage, asked };
}

describe('fetchAllItems', () => {
  it('reads every page at the largest page size and reports progress after each', async () => {
    const { readPage, asked } = pagedList(250);
    const progress: ExportProgress[] = [];
    const items = await fetchAllItems(readPage, {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(items).toHaveLength(250);
    expect(items.at(-1)).toEqual({ ID: 'p250', Name: 'Product 250' });
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page, pageSize: EXPORT_PAGE_SIZE })));
    expect(progress).toEqual([
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('reads one page for an empty list', async () => {
    const { readPage, asked } = pagedList(0);
    expect(await fetchAllItems(readPage, { signal: new AbortController().signal })).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('stops asking for pages once cancelled, rejecting with the abort reason', async () => {
    const { readPage, asked } = pagedList(1000);
    const controller = new AbortController();
    const run = fetchAllItems(readPage, {
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 200) controller.abort(new DOMException('Export cancelled', 'AbortError'));
      },
    });
    await expect(run).rejects.toThrow('Export cancelled');
    expect(asked).toHaveLength(2);
  });
});

describe('buildCsv', () => {
  it('writes a header of the visible columns and one row per item, quoting as CSV needs', () => {
    const csv = buildCsv(
      [
        { ID: 'p1', Name: 'Mug, "blue"', Active: true, xp: { Color: 'Blue', Sizes: [1, 2] }, Price: 3.5 },
        { ID: 'p2', Name: 'Line\nbreak' },
      ],
      ['ID', 'Name', 'Active', 'xp', 'Price'],
    );
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed).toEqual([
      ['ID', 'Name', 'Active', 'xp', 'Price'],
      ['p1', 'Mug, "blue"', 'true', '{"Color":"Blue","Sizes":[1,2]}', '3.5'],
      ['p2', 'Line\nbreak', '', '', ''],
    ]);
  });

  it('escapes cells a spreadsheet would run as formulas', () => {
    const parsed = Papa.parse<string[]>(buildCsv([{ Name: '=HYPERLINK("x")' }], ['Name'])).data;
    expect(parsed[1]?.[0]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('csvCell', () => {
  it('reads nested paths and leaves missing values empty', () => {
    expect(csvCell({ Product: { Name: 'Mug' } }, 'Product.Name')).toBe('Mug');
    expect(csvCell({ 'xp.Color': 'Red' }, 'xp.Color')).toBe('Red');
    expect(csvCell({}, 'Missing')).toBe('');
    expect(csvCell({ Count: 0 }, 'Count')).toBe('0');
  });
});

describe('exportFileName', () => {
  it('names resource, marketplace and the UTC date', () => {
    expect(exportFileName('Products', 'demo-sandbox', new Date('2024-03-05T23:30:00Z'))).toBe(
      'products-demo-sandbox-2024-03-05.csv',
    );
    expect(exportFileName('Buyer Users', 'My Market!', new Date('2024-12-31T00:00:00Z'))).toBe(
      'buyer-users-my-market-2024-12-31.csv',
    );
  });
});

describe('exportListCsv', () => {
  it('returns the CSV of the whole list with its row count', async () => {
    const { readPage } = pagedList(101);
    const { csv, rows } = await exportListCsv({ readPage, columns: ['ID'], signal: new AbortController().signal });
    expect(rows).toBe(101);
    expect(csv.split('\r\n')).toHaveLength(102);
  });
});
