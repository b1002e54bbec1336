/**
 * The list order of kept matches, in JavaScript, so that a kept list can take in the items a write
 * changed without reading every match again (kept-lists.ts). It must equal the database's
 * `ORDER BY k0 [DESC NULLS LAST | ASC NULLS FIRST], ..., id ASC` exactly: text in code point order
 * (what a database with the C collation does: `codePointOrder` checks that first), numbers as exact
 * decimals (the database's numeric text, never parsed into floats).
 */

/** How one sort key orders. */
export interface KeyOrder {
  descending: boolean;
  numeric: boolean;
}

/** A kept list's matches in list order: ids, and each sort key's values as text (`keys[k][i]`). */
export interface OrderedMatches {
  ids: string[];
  keys: (string | null)[][];
}

/** One changed item that matches the list: its id and its sort keys' values as text. */
export interface MatchedItem {
  id: string;
  keys: (string | null)[];
}

const SURROGATES = /[\uD800-\uDFFF]/;

/** Code point order (UTF-8 byte order); JavaScript's `<` compares UTF-16 units, which differs past U+FFFF. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATES.test(a) && !SURROGATES.test(b)) return a < b ? -1 : 1;
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}

/** The database's numeric order: -Infinity, the finite numbers, Infinity, NaN. */
function specialRank(value: string): number {
  if (value === '-Infinity') return 0;
  if (value === 'Infinity') return 2;
  if (value === 'NaN') return 3;
  return 1;
}

function compareMagnitude(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length ? -1 : 1;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const left = aFraction.replace(/0+$/, '');
  const right = bFraction.replace(/0+$/, '');
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Compares two numeric values as the database prints them (`12.50`, `-3`, `NaN`), exactly. */
export function compareNumeric(a: string, b: string): number {
  const rankDifference = specialRank(a) - specialRank(b);
  if (rankDifference !== 0 || specialRank(a) !== 1) return Math.sign(rankDifference);
  const aNegative = a.startsWith('-');
  const bNegative = b.startsWith('-');
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude = compareMagnitude(aNegative ? a.slice(1) : a, bNegative ? b.slice(1) : b);
  return aNegative ? -magnitude : magnitude;
}

function compareKey(order: KeyOrder, a: string | null, b: string | null): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    // ASC NULLS FIRST, DESC NULLS LAST: a missing value comes first ascending, last descending.
    return (a === null) === order.descending ? 1 : -1;
  }
  const compared = order.numeric ? compareNumeric(a, b) : compareText(a, b);
  return order.descending ? -compared : compared;
}

function compareAt(orders: readonly KeyOrder[], kept: OrderedMatches, index: number, item: MatchedItem): number {
  for (const [k, order] of orders.entries()) {
    const compared = compareKey(order, kept.keys[k]?.[index] ?? null, item.keys[k] ?? null);
    if (compared !== 0) return compared;
  }
  return compareText(kept.ids[index] ?? '', item.id);
}

function compareItems(orders: readonly KeyOrder[], a: MatchedItem, b: MatchedItem): number {
  for (const [k, order] of orders.entries()) {
    const compared = compareKey(order, a.keys[k] ?? null, b.keys[k] ?? null);
    if (compared !== 0) return compared;
  }
  return compareText(a.id, b.id);
}

/** Where `item` goes in `kept`: before the first match that orders after it (binary search). */
function placeOf(orders: readonly KeyOrder[], kept: OrderedMatches, item: MatchedItem): number {
  let low = 0;
  let high = kept.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAt(orders, kept, middle, item) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The matches after a write: the changed ids taken out, the changed items that match (now) merged in at their place.
 * One copying pass over the kept matches; each item's place is found by a binary search, so a list of 100,000
 * matches is compared with each changed item ~17 times rather than once a match (that showed as 50 ms calls).
 */
export function applyChanges(
  orders: readonly KeyOrder[],
  kept: OrderedMatches,
  changed: ReadonlySet<string>,
  matched: readonly MatchedItem[],
): OrderedMatches {
  const incoming = [...matched].sort((a, b) => compareItems(orders, a, b));
  const result: OrderedMatches = { ids: [], keys: orders.map(() => []) };
  let from = 0;
  // The kept matches before `end`, without the changed ones (a place found among them is as good: they are skipped).
  const copyUntil = (end: number) => {
    for (; from < end; from += 1) {
      const id = kept.ids[from] as string;
      if (changed.has(id)) continue;
      result.ids.push(id);
      for (let k = 0; k < orders.length; k += 1) result.keys[k]?.push(kept.keys[k]?.[from] ?? null);
    }
  };
  for (const item of incoming) {
    copyUntil(placeOf(orders, kept, item));
    result.ids.push(item.id);
    for (let k = 0; k < orders.length; k += 1) result.keys[k]?.push(item.keys[k] ?? null);
  }
  copyUntil(kept.ids.length);
  return result;
}

/** Collations whose text order is code point order, the one `compareText` follows. */
export function isCodePointCollation(collation: string | null, provider: string | null): boolean {
  if (provider === 'b') return true; // builtin: C and C.UTF-8 both order by code point
  if (provider !== null && provider !== 'c') return false;
  return collation !== null && /^(C|POSIX|C\.UTF-?8)$/i.test(collation);
}
