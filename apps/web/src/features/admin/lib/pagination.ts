// PAGINATION MODEL
// Spec 2 §2/§9: 1 boundary page at each end, 1 sibling either side of the current page, ellipses between.

export type PageItem =
  { readonly kind: 'page'; readonly page: number } | { readonly kind: 'ellipsis'; readonly key: string };

/**
 * The buttons of a pager.
 *
 * @example
 * pageItems(5, 10).map((i) => (i.kind === 'page' ? i.page : '…')); // [1, '…', 4, 5, 6, '…', 10]
 */
export function pageItems(current: number, total: number, boundary = 1, siblings = 1): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(boundary, total); p += 1) shown.add(p);
  for (let p = Math.max(total - boundary + 1, 1); p <= total; p += 1) shown.add(p);
  for (let p = Math.max(page - siblings, 1); p <= Math.min(page + siblings, total); p += 1) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    // A gap of one page shows that page rather than an ellipsis standing for a single number.
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'ellipsis', key: `after-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}
