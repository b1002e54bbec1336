import type { ChangedField } from '@portal/contracts';

// HOW A CHANGED FIELD READS
// A short value reads inline as old -> new. A long value, an object or a list (xp, price breaks) reads as its
// JSON, one property per line, with the lines removed and added marked, so a change deep inside stays visible.
// A secret never carries its values and reads "changed". Pure: the History tab and the Activity page render this.

/** Longer values go to the line diff: an inline pair of them would wrap into something nobody can compare. */
export const INLINE_LIMIT = 60;

/** The word a missing value reads as (a field set for the first time, or removed). */
export const NOT_SET = '(not set)';

export interface DiffLine {
  /** `+` added, `-` removed, ` ` the same on both sides. */
  readonly mark: '+' | '-' | ' ';
  readonly text: string;
}

export type FieldChangeView =
  | { readonly kind: 'secret'; readonly path: string }
  | { readonly kind: 'inline'; readonly path: string; readonly old: string; readonly new: string }
  | { readonly kind: 'lines'; readonly path: string; readonly lines: readonly DiffLine[] };

/**
 * A value as one line of text: strings as they are, other values as JSON, a missing one as `(not set)`.
 *
 * @example
 * valueText('Red'); // 'Red'
 * valueText(12.5); // '12.5'
 * valueText(undefined); // '(not set)'
 */
export function valueText(value: unknown): string {
  if (value === undefined) return NOT_SET;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** A value's lines for the diff: pretty JSON for objects and lists, a string's own lines. */
function valueLines(value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.split(/\r?\n/);
  return (JSON.stringify(value, null, 2) ?? String(value)).split('\n');
}

function fitsInline(value: unknown): boolean {
  if (value !== null && typeof value === 'object') return false;
  const text = valueText(value);
  return text.length <= INLINE_LIMIT && !text.includes('\n');
}

/** Past this many line pairs the diff marks everything old as removed and everything new as added. */
const MAX_DIFF_CELLS = 1_000_000;

/**
 * The lines of `before` and `after` with the removed ones marked `-` and the added ones `+`, from their longest
 * common subsequence (the same lines stay unmarked and in place).
 *
 * @example
 * diffLines(['a', 'b'], ['a', 'c']); // [{ mark: ' ', text: 'a' }, { mark: '-', text: 'b' }, { mark: '+', text: 'c' }]
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_DIFF_CELLS) {
    return [
      ...before.map((text) => ({ mark: '-' as const, text })),
      ...after.map((text) => ({ mark: '+' as const, text })),
    ];
  }
  // common[i][j]: the longest common subsequence of before[i..] and after[j..].
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = common[i] as number[];
    const below = common[i + 1] as number[];
    for (let j = m - 1; j >= 0; j -= 1) {
      row[j] =
        before[i] === after[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      lines.push({ mark: ' ', text: before[i] as string });
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && (common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))) {
      lines.push({ mark: '-', text: before[i] as string });
      i += 1;
    } else {
      lines.push({ mark: '+', text: after[j] as string });
      j += 1;
    }
  }
  return lines;
}

/**
 * How one changed field reads.
 *
 * @example
 * fieldChangeView({ Path: 'Name', Old: 'Mug', New: 'Cup' }); // { kind: 'inline', path: 'Name', old: 'Mug', new: 'Cup' }
 * fieldChangeView({ Path: 'Password', Secret: true }); // { kind: 'secret', path: 'Password' }
 * fieldChangeView({ Path: 'xp', Old: { a: 1 }, New: { a: 2 } }).kind; // 'lines'
 */
export function fieldChangeView(field: ChangedField): FieldChangeView {
  const { Path: path } = field;
  if (field.Secret) return { kind: 'secret', path };
  if (fitsInline(field.Old) && fitsInline(field.New)) {
    return { kind: 'inline', path, old: valueText(field.Old), new: valueText(field.New) };
  }
  return { kind: 'lines', path, lines: diffLines(valueLines(field.Old), valueLines(field.New)) };
}

/**
 * A change as one line of plain text, for the CSV export and screen-reader summaries.
 *
 * @example
 * fieldChangeText({ Path: 'Name', Old: 'Mug', New: 'Cup' }); // 'Name: Mug -> Cup'
 * fieldChangeText({ Path: 'Password', Secret: true }); // 'Password: changed'
 */
export function fieldChangeText(field: ChangedField): string {
  if (field.Secret) return `${field.Path}: changed`;
  return `${field.Path}: ${valueText(field.Old)} -> ${valueText(field.New)}`;
}
