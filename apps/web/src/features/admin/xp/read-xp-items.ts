import type { ListPage } from '@/services/platform';
import { EMPTY_XP_SCHEMA, inferXpSchema, type XpInference, type XpSource } from './infer-xp-schema';

// READING ITEMS FOR INFERENCE
// One item says little about a free-form field, so inference reads the list page after page (spec 2 §9: pages of
// 100), up to 10 pages or 1,000 items, stopping as soon as the list says it has no more.

export const XP_INFERENCE_PAGE_SIZE = 100;
export const XP_INFERENCE_MAX_PAGES = 10;
export const XP_INFERENCE_MAX_ITEMS = 1000;

/** Reads one page; the caller binds the operation and the route's parameters. */
export type XpPageReader = (page: number, pageSize: number, signal: AbortSignal) => Promise<ListPage<XpSource>>;

export interface XpReadProgress {
  readonly done: number;
  /** What will be read in all: the list's size, at most 1,000. */
  readonly total: number;
}

/**
 * The items inference looks at, and whether they are all the list has.
 *
 * @example
 * await readXpItems((page, size, signal) => api.list(op, params, { page, pageSize: size }, signal), { signal });
 * // { items: [...540 products], complete: true } after 6 calls
 */
export async function readXpItems(
  readPage: XpPageReader,
  options: { signal: AbortSignal; onProgress?: (progress: XpReadProgress) => void },
): Promise<{ items: XpSource[]; complete: boolean }> {
  const { signal, onProgress } = options;
  const items: XpSource[] = [];
  for (let page = 1; page <= XP_INFERENCE_MAX_PAGES; page += 1) {
    signal.throwIfAborted();
    const answer = await readPage(page, XP_INFERENCE_PAGE_SIZE, signal);
    items.push(...answer.Items);
    const total = Math.min(Math.max(answer.Meta.TotalCount, items.length), XP_INFERENCE_MAX_ITEMS);
    onProgress?.({ done: Math.min(items.length, total), total });
    // An empty page ends it too, whatever Meta promised (items deleted meanwhile).
    if (answer.Items.length === 0 || page >= answer.Meta.TotalPages) return { items, complete: true };
    if (items.length >= XP_INFERENCE_MAX_ITEMS)
      return { items: items.slice(0, XP_INFERENCE_MAX_ITEMS), complete: false };
  }
  return { items, complete: false };
}

/**
 * The inferred xp schema of a list, or an empty one when the list cannot be read (spec 2 §8). An abort is passed
 * on: the caller went away, and an empty schema must not be remembered for it.
 */
export async function inferXpFromList(
  readPage: XpPageReader,
  options: { signal: AbortSignal; onProgress?: (progress: XpReadProgress) => void },
): Promise<XpInference> {
  try {
    const { items, complete } = await readXpItems(readPage, options);
    return inferXpSchema(items, { complete });
  } catch (error) {
    if (options.signal.aborted) throw error;
    return { schema: EMPTY_XP_SCHEMA, conflicts: [], itemsRead: 0, complete: false, failed: true };
  }
}
