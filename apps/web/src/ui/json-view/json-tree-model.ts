// JSON TREE MODEL
// What the collapsible tree shows of a nested value: which values open into rows of their own, which read as one
// line, and the short summary on a closed branch ('Jane Doe · 14 fields'), so nobody reads one-line JSON.

/** A value that is neither an object nor an array. */
export type JsonScalar = string | number | boolean | null;

/** An object or array with at least one entry: the values the tree shows as a collapsible branch. */
export function isBranch(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.length > 0 && !isScalarList(value);
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** A non-empty list of scalars, which reads best on one line (`Shopper, OrderAdmin`). */
export function isScalarList(value: unknown): value is JsonScalar[] {
  return (
    Array.isArray(value) && value.length > 0 && value.every((entry) => entry === null || typeof entry !== 'object')
  );
}

/** An object without keys, an empty list, null, undefined or empty text: shown as a dash. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The entries of a branch: an object's own keys, a list's positions counted from 1 (as people count). */
export function branchEntries(value: Record<string, unknown> | unknown[]): [key: string, value: unknown][] {
  if (Array.isArray(value)) return value.map((entry, index) => [String(index + 1), entry]);
  return Object.entries(value);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The closed branch's line: an optional name the caller found (`Jane Doe`) and how much is inside.
 *
 * @example
 * branchSummary({ FirstName: 'Jane', LastName: 'Doe' }, 'Jane Doe'); // 'Jane Doe · 2 fields'
 * branchSummary([{ ID: 'a' }, { ID: 'b' }]); // '2 items'
 */
export function branchSummary(value: Record<string, unknown> | unknown[], name?: string): string {
  const size = Array.isArray(value)
    ? plural(value.length, 'item', 'items')
    : plural(Object.keys(value).length, 'field', 'fields');
  return name ? `${name} · ${size}` : size;
}

/**
 * A scalar as text: yes/no for flags, list entries joined with commas, numbers as they are.
 *
 * @example
 * scalarText(true); // 'Yes'
 * scalarText(['Shopper', 'OrderAdmin']); // 'Shopper, OrderAdmin'
 */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isScalarList(value)) return value.map(scalarText).join(', ');
  if (typeof value === 'object') return branchSummary(value as Record<string, unknown>);
  return String(value);
}
