// FILTER SYNTAX
// The operator UI writes the platform's filter values (shared/reference/platform-api-facts.md §4): a plain value
// is equality, `!` negates, `>` `<` `>=` `<=` compare, `*` is a wildcard, `|` separates alternatives.

export const FILTER_OPERATORS = [
  { id: 'equals', label: 'equals' },
  { id: 'not', label: 'does not equal' },
  { id: 'gt', label: 'greater than' },
  { id: 'lt', label: 'less than' },
  { id: 'gte', label: 'at least' },
  { id: 'lte', label: 'at most' },
  { id: 'startsWith', label: 'starts with' },
  { id: 'contains', label: 'contains' },
  { id: 'anyOf', label: 'is any of (a|b)' },
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number]['id'];

export interface FilterRow {
  readonly field: string;
  readonly operator: FilterOperator;
  readonly value: string;
}

const PREFIXES: readonly [FilterOperator, string][] = [
  ['gte', '>='],
  ['lte', '<='],
  ['gt', '>'],
  ['lt', '<'],
  ['not', '!'],
];

/**
 * The platform value of an operator row.
 *
 * @example
 * toFilterValue({ field: 'Name', operator: 'startsWith', value: 'Sho' }); // 'Sho*'
 * toFilterValue({ field: 'ID', operator: 'anyOf', value: 'a, b' }); // 'a|b'
 */
export function toFilterValue(row: FilterRow): string {
  const value = row.value.trim();
  switch (row.operator) {
    case 'equals':
      return value;
    case 'startsWith':
      return `${value}*`;
    case 'contains':
      return `*${value}*`;
    case 'anyOf':
      return value
        .split(/[|,]/)
        .map((part) => part.trim())
        .filter(Boolean)
        .join('|');
    default:
      return `${PREFIXES.find(([operator]) => operator === row.operator)?.[1] ?? ''}${value}`;
  }
}

/**
 * An operator row read back from a platform value (what the URL holds), so the dialog opens on what is applied.
 *
 * @example
 * fromFilterValue('Name', '*sho*'); // { field: 'Name', operator: 'contains', value: 'sho' }
 */
export function fromFilterValue(field: string, raw: string): FilterRow {
  if (raw.includes('|')) return { field, operator: 'anyOf', value: raw };
  for (const [operator, prefix] of PREFIXES) {
    if (raw.startsWith(prefix) && raw.length > prefix.length)
      return { field, operator, value: raw.slice(prefix.length) };
  }
  if (raw.length > 2 && raw.startsWith('*') && raw.endsWith('*')) {
    return { field, operator: 'contains', value: raw.slice(1, -1) };
  }
  if (raw.length > 1 && raw.endsWith('*') && !raw.slice(0, -1).includes('*')) {
    return { field, operator: 'startsWith', value: raw.slice(0, -1) };
  }
  // Anything else (`*` alone, `a*b`) is kept as written: equality passes the platform the value as is.
  return { field, operator: 'equals', value: raw };
}
