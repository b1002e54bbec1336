import type { Item } from '../engine/context.ts';
import { validation } from '../engine/errors.ts';
import { listPage, type ListPage, type ListQuery } from '../engine/list-query.ts';

/** `a|b`, `!x`, `*` wildcards, compared without regard to case: the list filter grammar on a text field. */
function matchesFilter(value: unknown, pattern: string): boolean {
  const negated = pattern.startsWith('!');
  const alternatives = (negated ? pattern.slice(1) : pattern).split('|');
  const text = String(value ?? '').toLowerCase();
  const hit = alternatives.some((alternative) => {
    const escaped = alternative.toLowerCase().replace(/[.+?^${}()[\]\\]/g, '\\$&');
    return new RegExp(`^${escaped.replace(/\*/g, '.*')}$`).test(text);
  });
  return negated ? !hit : hit;
}

/**
 * Search, filters, sort and paging applied in memory, for the few lists that are not one stored
 * resource (a buyer's sellers include the marketplace, which is no stored supplier). Only `fields`
 * may be filtered, searched and sorted on; anything else is a 400.
 */
export function memoryPage(fields: readonly string[], items: readonly Item[], query: ListQuery): ListPage {
  const named = [
    ...query.filters.map((filter) => filter.field),
    ...(query.searchOn ?? []),
    ...query.sortBy.map((key) => key.replace(/^!/, '')),
  ];
  for (const name of named) {
    if (!fields.includes(name)) throw validation(`Unknown field ${name}.`, { Property: name }, 'List.InvalidProperty');
  }
  const term = query.search?.toLowerCase();
  const searchOn = query.searchOn ?? fields;
  const kept = items.filter(
    (item) =>
      query.filters.every((filter) => filter.values.every((pattern) => matchesFilter(item[filter.field], pattern))) &&
      (!term ||
        searchOn.some((field) =>
          String(item[field] ?? '')
            .toLowerCase()
            .includes(term),
        )),
  );
  kept.sort((a, b) => {
    for (const key of query.sortBy) {
      const field = key.replace(/^!/, '');
      const order = String(a[field] ?? '').localeCompare(String(b[field] ?? ''));
      if (order !== 0) return key.startsWith('!') ? -order : order;
    }
    return 0;
  });
  const start = (query.page - 1) * query.pageSize;
  return listPage(kept.slice(start, start + query.pageSize), kept.length, query);
}
