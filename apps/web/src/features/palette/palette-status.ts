import type { SearchAnswer } from '@portal/contracts';

export interface PaletteStatusInput {
  typed: string;
  count: number;
  loading: boolean;
  answer: SearchAnswer | undefined;
  failed: boolean;
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  Users: 'buyer users',
  SupplierUsers: 'supplier users',
  AdminUsers: 'admin users',
  ApiClients: 'API clients',
};
const kindWords = (kinds: readonly string[]) => kinds.map((kind) => KIND_WORDS[kind] ?? kind.toLowerCase()).join(', ');

/**
 * The line under the input (a polite live region): what the palette is doing and what it could not search.
 *
 * @example
 * paletteStatus({ typed: 'x', count: 0, loading: false, answer: { Groups: [], TimedOut: [], Failed: [] }, failed: false });
 * // 'Nothing found for "x".'
 */
export function paletteStatus({ typed, count, loading, answer, failed }: PaletteStatusInput): string {
  const text = typed.trim();
  if (!text) return 'Type to search.';
  if (loading) return count > 0 ? `${count} results so far, searching the marketplace…` : 'Searching…';
  const notes: string[] = [];
  if (failed) notes.push('The marketplace could not be searched; pages and operations are still listed.');
  if (answer?.TimedOut.length) notes.push(`Took too long: ${kindWords(answer.TimedOut)}.`);
  if (answer?.Failed.length) notes.push(`Could not search ${kindWords(answer.Failed)}.`);
  const found = count === 0 ? `Nothing found for "${text}".` : `${count} ${count === 1 ? 'result' : 'results'}.`;
  return [found, ...notes].join(' ');
}
