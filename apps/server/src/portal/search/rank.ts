import type { SearchItem } from '@portal/contracts';

/** How well an item answers the text: lower is better. */
function score(item: SearchItem, wanted: string): number {
  if (item.ID.toLowerCase() === wanted) return 0;
  const title = item.Title.toLowerCase();
  const subtitleParts = item.Subtitle.toLowerCase().split(' · ');
  if (title === wanted || subtitleParts.includes(wanted)) return 1;
  if (title.startsWith(wanted) || item.ID.toLowerCase().startsWith(wanted)) return 2;
  return 3;
}

/**
 * The first `limit` items for `query`: an exact ID match first, then exact names (or e-mails, usernames), then
 * names that start with the text, then the platform's own order. Items seen twice (the direct ID read and the list)
 * are kept once.
 *
 * @example
 * rankItems([{ ID: 'a1', Title: 'Alpha', ... }, { ID: 'b', ... }], 'b', 5) // b first
 */
export function rankItems(items: readonly SearchItem[], query: string, limit: number): SearchItem[] {
  const wanted = query.trim().toLowerCase();
  const seen = new Set<string>();
  const unique = items.filter((item) => {
    const key = [...item.ParentIDs, item.ID].join('/');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Array.prototype.sort is stable, so equal scores keep the platform's order.
  return unique
    .map((item, index) => ({ item, index, score: score(item, wanted) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => item);
}
