import type { PaletteEntry } from './local-entries';

/** Lower case, punctuation as spaces: how the palette compares what was typed with what it lists. */
export const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9@.]+/g, ' ')
    .trim();

/** How well `entry` answers `words`: lower is better; undefined when a word is missing. */
function score(entry: PaletteEntry, query: string): number | undefined {
  const title = normalise(entry.title);
  const haystack = [title, normalise(entry.subtitle), ...(entry.keywords ?? []).map(normalise)].join(' | ');
  const words = query.split(' ').filter(Boolean);
  if (!words.every((word) => haystack.includes(word))) return undefined;
  if (title === query) return 0;
  if (title.startsWith(query)) return 1;
  if ((entry.keywords ?? []).some((keyword) => normalise(keyword) === query || normalise(keyword).startsWith(query))) {
    return 2;
  }
  // Every word starting a word of the title reads as a match of the name, not of its description.
  const titleWords = title.split(' ');
  if (words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)))) return 3;
  return 4;
}

/**
 * The entries whose title, subtitle or keywords hold every word of `query`, best first: exact title, title
 * prefix, keyword, title words, anything else; ties keep the entries' own order. An empty query finds nothing.
 *
 * @example
 * rankLocal(operations, 'create product', 3)[0]?.key; // 'op:Products.Create'
 */
export function rankLocal(entries: readonly PaletteEntry[], query: string, limit: number): PaletteEntry[] {
  const wanted = normalise(query);
  if (!wanted) return [];
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry, wanted) }))
    .filter((scored): scored is { entry: PaletteEntry; index: number; score: number } => scored.score !== undefined)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map(({ entry }) => entry);
}
