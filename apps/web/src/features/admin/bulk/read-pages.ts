import type { ApiOperation } from '@/description/api-model';
import type { AdminApi, Item } from '../lib/admin-api';

/** Items read a call at a time: the platform's largest page. */
export const READ_PAGE_SIZE = 100;

/** One page of a list as the platform answers it, or null when there is nothing to read. */
export type PageReader<T> = (page: number) => Promise<{ Items: readonly T[]; Meta?: { TotalPages?: number } } | null>;

/**
 * Every item of a paged list: page 1, then the pages its `Meta.TotalPages` says are left (an empty page ends it).
 *
 * @example
 * await readAllPages((page) => api.list(productsList, {}, { search: 'shoe', page, pageSize: 100 }));
 */
export async function readAllPages<T>(readPage: PageReader<T>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await readPage(page);
    if (!answer) return items;
    items.push(...answer.Items);
    if (page >= (answer.Meta?.TotalPages ?? 1) || answer.Items.length === 0) return items;
  }
}

/**
 * Every item a list's search and filters match, across its pages ('Select all N matching'), in the list's order.
 * `query` is the list's query without its page.
 */
export function readMatchingItems(
  api: AdminApi,
  operation: ApiOperation,
  params: Record<string, string>,
  query: Readonly<Record<string, string | number>>,
  signal?: AbortSignal,
): Promise<Item[]> {
  return readAllPages((page) => api.list(operation, params, { ...query, page, pageSize: READ_PAGE_SIZE }, signal));
}
