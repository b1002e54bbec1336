import type { AdminLocation } from '../catalogue/resolve-path';

/**
 * The operations an explorer page reads its data with, owner first (a nested list or tab shows its owner's
 * frame): the page opens only when the token may call them all.
 *
 * @example
 * pageOperations({ kind: 'list', collection: products, params: {}, owner: null }); // ['Products.List']
 */
export function pageOperations(location: AdminLocation): string[] {
  switch (location.kind) {
    case 'list': {
      const owner = location.owner?.collection.operations;
      return [...(owner ? [owner.get ?? owner.list] : []), location.collection.operations.list];
    }
    case 'item': {
      const own = location.collection.operations;
      // `.../new` creates; an existing item is read (saving is offered or not by the detail page itself).
      return [location.itemId === null ? (own.create ?? own.list) : (own.get ?? own.list)];
    }
    case 'related': {
      const owner = location.owner.collection.operations;
      return [owner.get ?? owner.list, location.tab.operationId];
    }
    default:
      return [];
  }
}

/** The name the no-access page gives the page: the list's label, or the tab's. */
export function pageLabel(location: AdminLocation): string {
  if (location.kind === 'list' || location.kind === 'item') return location.collection.label;
  if (location.kind === 'related') return location.tab.label;
  return '';
}
