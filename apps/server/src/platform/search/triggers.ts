import type { Db } from '../../db/database.ts';
import { createFirstIndex } from './build.ts';
import type { BuildQueue } from './jobs.ts';
import type { SearchIndexType } from './model.ts';

/** Calls that start a marketplace's first index of a type (spec 1 "Index tools" empty states). */
const FIRST_BUILD_TRIGGERS: Readonly<Record<string, SearchIndexType>> = {
  'Products.List': 'Products',
  'Me.ListProducts': 'Products',
  'Orders.Submit': 'Orders',
};

/**
 * After a successful call: the first product list call of a marketplace without a products index
 * queues its first build, and so does the first order submission for orders. Marketplaces known to
 * have an index are remembered, so later calls cost nothing.
 */
export function createSearchTriggers(db: Db, queue: BuildQueue) {
  const known = new Set<string>();
  return async function afterOperation(operationId: string, marketplaceId: string): Promise<void> {
    const type = FIRST_BUILD_TRIGGERS[operationId];
    if (!type) return;
    const key = `${marketplaceId}\n${type}`;
    if (known.has(key)) return;
    const created = await createFirstIndex(db, marketplaceId, type);
    known.add(key);
    if (created) await queue(created);
  };
}
