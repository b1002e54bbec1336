import type { SchemaObject } from '@/description/openapi-types';
import { formatDateTime } from '@/ui/date-time';
import type { ListColumn } from './columns';

// FILTER SYNTAX
// The operator UI writes the platform's filter values (shared/reference/platform-api-facts.md §4): a plain value
// is equality, `!` negates, `>` `<` compare, `*` is a wildcard. Which operators a row offers, and which value
// editor, follow the field's type: a yes/no field is never 'starts with', a number never 'contains'.

/** How a field is filtered: the operators and the value editor it gets. */
export type FilterKind = 'boolean' | 'number' | 'date' | 'enum' | 'text';

/** A filterable field: a model field, or an xp path (`xp.Color`) filtered as text. */
export interface FilterField {
  readonly field: string;
  readonly kind: FilterKind;
  /** The choices of an enum field. */
  readonly values?: readonly string[];
}

export interface FilterOperatorInfo {
  readonly id: string;
  readonly label: string;
}

export const FILTER_OPERATORS: Readonly<Record<FilterKind, readonly FilterOperatorInfo[]>> = {
  boolean: [
    { id: 'is', label: 'is' },
    { id: 'isNot', label: 'is not' },
  ],
  number: [
    { id: 'eq', label: '=' },
    { id: 'ne', label: '≠' },
    { id: 'lt', label: '<' },
    { id: 'lte', label: '≤' },
    { id: 'gt', label: '>' },
    { id: 'gte', label: '≥' },
  ],
  date: [
    { id: 'before', label: 'before' },
    { id: 'after', label: 'after' },
    { id: 'on', label: 'on' },
  ],
  enum: [
    { id: 'is', label: 'is' },
    { id: 'isNot', label: 'is not' },
  ],
  text: [
    { id: 'equals', label: 'equals' },
    { id: 'startsWith', label: 'starts with' },
    { id: 'endsWith', label: 'ends with' },
    { id: 'contains', label: 'contains' },
    { id: 'not', label: 'not' },
  ],
};

export interface FilterRow {
  readonly field: string;
  readonly operator: string;
  readonly value: string;
}

/** The filter kind of a list column: dates are strings with a date or date-time format. */
export function filterKindOf(column: Pick<ListColumn, 'type' | 'format' | 'values'>): FilterKind {
  if (column.type === 'boolean') return 'boolean';
  if (column.type === 'number' || column.type === 'integer') return 'number';
  if (column.format === 'date-time' || column.format === 'date') return 'date';
  if (column.values && column.values.length > 0) return 'enum';
  return 'text';
}

/** The filterable fields of a list's columns. */
export function filterFields(columns: readonly ListColumn[]): FilterField[] {
  return columns.map((column) => {
    const kind = filterKindOf(column);
    return kind === 'enum' ? { field: column.field, kind, values: column.values ?? [] } : { field: column.field, kind };
  });
}

/** A field by name; an `xp.` path or a field the list does not offer is filtered as text. */
export function filterFieldFor(fields: readonly FilterField[], name: string): FilterField {
  return fields.find((field) => field.field === name) ?? { field: name, kind: 'text' };
}

/** A new row for a field: its first operator and, for a yes/no field, 'yes'. */
export function newFilterRow(field: FilterField): FilterRow {
  const operator = FILTER_OPERATORS[field.kind][0]?.id ?? 'equals';
  const value = field.kind === 'boolean' ? 'true' : field.kind === 'enum' ? (field.values?.[0] ?? '') : '';
  return { field: field.field, operator, value };
}

// `>D+1` keeps day D out of 'after D' (stored date-times compare as text: '2024-05-01T10:00' > '2024-05-01').
function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

const NUMBER_PREFIXES: Readonly<Record<string, string>> = { ne: '!', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/**
 * The platform value of an operator row, for the field's kind; '' when the row has no value yet.
 *
 * @example
 * toFilterValue('boolean', { field: 'Active', operator: 'is', value: 'false' }); // 'false'
 * toFilterValue('number', { field: 'Price', operator: 'gt', value: '10' }); // '>10'
 * toFilterValue('text', { field: 'Name', operator: 'startsWith', value: 'abc' }); // 'abc*'
 * toFilterValue('text', { field: 'Name', operator: 'not', value: 'abc' }); // '!abc'
 */
export function toFilterValue(kind: FilterKind, row: FilterRow): string {
  const value = row.value.trim();
  if (value === '') return '';
  // A row read back from a link can hold a text operator on another kind (see fromFilterValue): write it as text.
  if (!FILTER_OPERATORS[kind].some((operator) => operator.id === row.operator)) kind = 'text';
  switch (kind) {
    case 'boolean':
    case 'enum':
      return row.operator === 'isNot' ? `!${value}` : value;
    case 'number':
      return `${NUMBER_PREFIXES[row.operator] ?? ''}${value}`;
    case 'date':
      if (row.operator === 'before') return `<${value}`;
      if (row.operator === 'after') return `>${shiftDay(value, 1)}`;
      return `${value}*`;
    case 'text':
      if (row.operator === 'startsWith') return `${value}*`;
      if (row.operator === 'endsWith') return `*${value}`;
      if (row.operator === 'contains') return `*${value}*`;
      if (row.operator === 'not') return `!${value}`;
      return value;
  }
}

function readText(field: string, raw: string): FilterRow {
  if (raw.length > 1 && raw.startsWith('!')) return { field, operator: 'not', value: raw.slice(1) };
  const inner = raw.slice(1, -1);
  if (raw.length > 2 && raw.startsWith('*') && raw.endsWith('*') && !inner.includes('*')) {
    return { field, operator: 'contains', value: inner };
  }
  const head = raw.slice(0, -1);
  if (raw.length > 1 && raw.endsWith('*') && !head.includes('*')) return { field, operator: 'startsWith', value: head };
  const tail = raw.slice(1);
  if (raw.length > 1 && raw.startsWith('*') && !tail.includes('*')) return { field, operator: 'endsWith', value: tail };
  // Anything else (`*` alone, `a*b`, `a|b` typed in a link) is kept as written: equality passes it on as is.
  return { field, operator: 'equals', value: raw };
}

/**
 * An operator row read back from a platform value (what the URL holds), so the dialog and the chips show what
 * is applied. A value no operator of the kind writes is read as text equality, kept as written.
 *
 * @example
 * fromFilterValue({ field: 'Price', kind: 'number' }, '>=10'); // { field: 'Price', operator: 'gte', value: '10' }
 */
export function fromFilterValue(field: FilterField, raw: string): FilterRow {
  const name = field.field;
  switch (field.kind) {
    case 'boolean':
    case 'enum': {
      const negated = raw.startsWith('!');
      return { field: name, operator: negated ? 'isNot' : 'is', value: negated ? raw.slice(1) : raw };
    }
    case 'number': {
      const match = /^(<=|>=|<|>|!)?(.*)$/.exec(raw);
      const prefix = match?.[1] ?? '';
      const operator = Object.entries(NUMBER_PREFIXES).find(([, written]) => written === prefix)?.[0] ?? 'eq';
      return { field: name, operator, value: match?.[2] ?? raw };
    }
    case 'date': {
      if (/^<\d{4}-\d{2}-\d{2}$/.test(raw)) return { field: name, operator: 'before', value: raw.slice(1) };
      if (/^>\d{4}-\d{2}-\d{2}$/.test(raw))
        return { field: name, operator: 'after', value: shiftDay(raw.slice(1), -1) };
      if (/^\d{4}-\d{2}-\d{2}\*$/.test(raw)) return { field: name, operator: 'on', value: raw.slice(0, -1) };
      return readText(name, raw);
    }
    case 'text':
      return readText(name, raw);
  }
}

/**
 * What a chip says: field, operator and value as the dialog shows them.
 *
 * @example
 * filterSummary({ field: 'Active', kind: 'boolean' }, 'false'); // 'Active is no'
 */
export function filterSummary(field: FilterField, raw: string, label: (field: string) => string): string {
  const row = fromFilterValue(field, raw);
  const operator = operatorsFor(field.kind, row).find((info) => info.id === row.operator)?.label ?? '';
  return `${label(field.field)} ${operator} ${displayValue(field.kind, row.value)}`;
}

/** How a value reads in a chip and a select: yes/no for true/false, a day in the portal's date format. */
export function displayValue(kind: FilterKind, value: string): string {
  if (kind === 'date') return formatDateTime(value, { precision: 'date' });
  if (kind !== 'boolean') return value;
  if (value.toLowerCase() === 'true') return 'yes';
  if (value.toLowerCase() === 'false') return 'no';
  return value;
}

/** The operators a row of this kind offers, with the one it holds even when the kind would not offer it. */
export function operatorsFor(kind: FilterKind, row: FilterRow): readonly FilterOperatorInfo[] {
  const offered = FILTER_OPERATORS[kind];
  return offered.some((operator) => operator.id === row.operator)
    ? offered
    : [...offered, ...FILTER_OPERATORS.text.filter((operator) => operator.id === row.operator)];
}

/**
 * The xp properties an inferred xp schema offers as filters (`xp.Color`), by the type most items give them;
 * objects and arrays are left to a typed name.
 *
 * @example
 * xpFilterFields({ type: 'object', properties: { Color: { type: 'string' } } }); // [{ field: 'xp.Color', kind: 'text' }]
 */
export function xpFilterFields(schema: SchemaObject | undefined): FilterField[] {
  return Object.entries(schema?.properties ?? {}).flatMap(([name, property]): FilterField[] => {
    const type = typeof property.type === 'string' ? property.type : '';
    const field = `xp.${name}`;
    if (type === 'boolean') return [{ field, kind: 'boolean' }];
    if (type === 'number' || type === 'integer') return [{ field, kind: 'number' }];
    if (type === 'string') return [{ field, kind: 'text' }];
    return [];
  });
}
