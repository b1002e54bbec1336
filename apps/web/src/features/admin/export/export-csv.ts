import Papa from 'papaparse';
import type { ListPage } from '@/services/platform';

// CSV EXPORT (pure core)
// Reads every page of a list as it is filtered, searched and sorted now, and writes the visible columns as CSV.
// Nothing here touches the DOM, so the whole export is tested without a browser; cancelling is an AbortSignal.

/** The platform's largest page: the fewest calls for a whole list. */
export const EXPORT_PAGE_SIZE = 100;

export type ExportItem = Readonly<Record<string, unknown>>;

/** Reads one page; the caller binds the operation, path parameters and the list's query. */
export type PageReader = (page: number, pageSize: number, signal: AbortSignal) => Promise<ListPage<ExportItem>>;

export interface ExportProgress {
  /** Items read so far. */
  readonly done: number;
  /** Items the list holds, as its first page reported. */
  readonly total: number;
}

/**
 * Every item of a list, page by page, reporting progress after each page. Rejects with the signal's reason
 * as soon as it is aborted (no further page is requested).
 *
 * @example
 * const items = await fetchAllItems((page, size, signal) => api.list(op, params, { ...query, page, pageSize: size }, signal), { signal });
 */
export async function fetchAllItems(
  readPage: PageReader,
  options: { signal: AbortSignal; onProgress?: (progress: ExportProgress) => void },
): Promise<ExportItem[]> {
  const { signal, onProgress } = options;
  const items: ExportItem[] = [];
  for (let page = 1; ; page += 1) {
    signal.throwIfAborted();
    const answer = await readPage(page, EXPORT_PAGE_SIZE, signal);
    signal.throwIfAborted();
    items.push(...answer.Items);
    onProgress?.({ done: items.length, total: Math.max(answer.Meta.TotalCount, items.length) });
    // An empty page ends the walk even if Meta promised more (items deleted while exporting).
    if (answer.Items.length === 0 || page >= answer.Meta.TotalPages) return items;
  }
}

/** Reads `Product.Name` style paths; a plain field is a one-step path. */
function valueAt(item: ExportItem, field: string): unknown {
  if (Object.hasOwn(item, field)) return item[field];
  let node: unknown = item;
  for (const key of field.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/**
 * A value as one CSV cell: text, numbers and flags as they are, missing values empty, objects and lists (xp) as
 * compact JSON so nothing is lost and a spreadsheet still shows one cell per field.
 *
 * @example
 * csvCell({ xp: { Color: 'Red' } }, 'xp'); // '{"Color":"Red"}'
 * csvCell({ Active: true }, 'Active'); // 'true'
 */
export function csvCell(item: ExportItem, field: string): string {
  const value = valueAt(item, field);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The CSV text: a header row of the column names, then one row per item. Cells that a spreadsheet would run as
 * a formula (=, +, -, @ at the start) are escaped.
 *
 * @example
 * buildCsv([{ ID: 'p1', Name: 'Mug, blue' }], ['ID', 'Name']); // 'ID,Name\r\np1,"Mug, blue"'
 */
export function buildCsv(items: readonly ExportItem[], columns: readonly string[]): string {
  return Papa.unparse(
    { fields: [...columns], data: items.map((item) => columns.map((column) => csvCell(item, column))) },
    { escapeFormulae: true },
  );
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'list'
  );
}

/**
 * `{resource}-{marketplace}-{yyyy-mm-dd}.csv`, the date in UTC.
 *
 * @example
 * exportFileName('Products', 'demo-sandbox', new Date('2024-03-05T23:30:00Z')); // 'products-demo-sandbox-2024-03-05.csv'
 */
export function exportFileName(resource: string, marketplace: string, now: Date): string {
  return `${slug(resource)}-${slug(marketplace)}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Reads the whole list and returns its CSV.
 *
 * @example
 * const { csv, rows } = await exportListCsv({ readPage, columns: ['ID', 'Name'], signal });
 */
export async function exportListCsv(request: {
  readPage: PageReader;
  columns: readonly string[];
  signal: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}): Promise<{ csv: string; rows: number }> {
  const { readPage, columns, signal, onProgress } = request;
  const items = await fetchAllItems(readPage, onProgress ? { signal, onProgress } : { signal });
  return { csv: buildCsv(items, columns), rows: items.length };
}
