import hashString from '@emotion/hash';

/**
 * Emotion names each styled element's class by a hash of its whole CSS text, on every render: home's first render
 * hashes ~200 KB of CSS in 320 calls, of which only 85 texts differ (a recipe's styles repeat on every button and
 * link), and on a cold load the hash's loop still runs in the interpreter: ~20-40 ms of the way home (issue 22). The
 * build points Emotion's `@emotion/hash` here (vite.config.ts), so each distinct text is hashed once; a lookup costs
 * the engine's own native string hash.
 */
const names = new Map<string, string>();
/** Distinct style texts kept; a long session on many screens starts over rather than growing without bound. */
const MAX_NAMES = 5_000;

export default function memoizedHash(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = hashString(text);
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}
